package v1

// ApplyOptions are the options of a server-side apply.
type ApplyOptions struct {
	FieldManager string
	Force        bool
}
