package client

// GracePeriodSeconds sets the grace period for the deletion.
type GracePeriodSeconds int64

func (s GracePeriodSeconds) ApplyToDelete(opts *DeleteOptions)           {}
func (s GracePeriodSeconds) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

func (n InNamespace) ApplyToDeleteAllOf(opts *DeleteAllOfOptions) {}

func (o *DeleteOptions) ApplyToDelete(opts *DeleteOptions) {}

// MatchingFields filters the list by field selectors (an index).
type MatchingFields map[string]string

func (m MatchingFields) ApplyToList(opts *ListOptions) {}
