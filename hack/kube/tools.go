//go:build tools

// Package kube pins the Kubernetes control-plane commands that the runtime
// module's tests run through envtest. It is never imported; `make
// kube-binaries` builds the commands from this module so that their versions
// come from go.mod and go.sum.
package kube

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
)
