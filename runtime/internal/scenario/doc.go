// Package scenario holds end-to-end tests of the runtime helpers working
// together in a real controller: a manager and a Widget reconciler against a
// real kube-apiserver, etcd and garbage collector, with external resources
// in an in-memory cloud that records every create and delete.
package scenario
