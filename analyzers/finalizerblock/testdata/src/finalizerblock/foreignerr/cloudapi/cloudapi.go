// Package cloudapi is a cloud provider's API client, whose failures are
// its own error type.
package cloudapi

import "context"

// APIError is a failed call of the cloud API.
type APIError struct {
	Code   int
	Reason string
}

func (e *APIError) Error() string { return e.Reason }

// Client calls the cloud API with the given token.
type Client struct{ Token []byte }

// Unregister removes a machine from the cloud's inventory.
func (c *Client) Unregister(ctx context.Context, id string) error { return nil }
