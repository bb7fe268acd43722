// Package rest is a stub of k8s.io/client-go/rest.
package rest

type Config struct {
	Host        string
	BearerToken string
}
