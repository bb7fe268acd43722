// Package source is a stub of sigs.k8s.io/controller-runtime/pkg/source v0.14.
package source

import "sigs.k8s.io/controller-runtime/pkg/client"

type Source interface {
	String() string
}

// Kind watches the objects of Type's kind.
type Kind struct {
	Type client.Object
}

func (ks *Kind) String() string { return "" }
