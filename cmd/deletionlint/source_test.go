package main

import (
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestSourceNeeded(t *testing.T) {
	pkg := func(path, module, version string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{PkgPath: path, Imports: make(map[string]*packages.Package)}
		if module != "" {
			p.Module = &packages.Module{Path: module, Version: version}
		}
		for _, imp := range imports {
			p.Imports[imp.PkgPath] = imp
		}
		return p
	}
	fmt := pkg("fmt", "", "")
	metav1 := pkg("k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery", "v0.37.1", fmt)
	client := pkg("sigs.k8s.io/controller-runtime/pkg/client", "sigs.k8s.io/controller-runtime", "v0.25.2", metav1)
	plain := pkg("example.com/lib/strutil", "example.com/lib", "v1.0.0", fmt)
	helper := pkg("example.com/lib/kubeutil", "example.com/lib", "v1.0.0", plain, client)
	capi := pkg("sigs.k8s.io/cluster-api/util", "sigs.k8s.io/cluster-api", "v1.14.2", metav1)
	own := pkg("example.com/op/internal/util", "example.com/op", "", helper)
	crOwn := pkg("sigs.k8s.io/controller-runtime/pkg/builder", "sigs.k8s.io/controller-runtime", "", client)

	need := sourceNeeded()
	for _, c := range []struct {
		p    *packages.Package
		want bool
	}{
		{fmt, false},    // imports nothing of Kubernetes
		{metav1, false}, // a Kubernetes library used as a dependency
		{client, false},
		{plain, false},
		{helper, true}, // a third-party package that uses controller-runtime
		{capi, true},   // Cluster API is not a library: its helpers carry facts
		{own, true},
		{crOwn, true}, // linting controller-runtime itself: its own module
	} {
		if got := need(c.p); got != c.want {
			t.Errorf("sourceNeeded(%s) = %t, want %t", c.p.PkgPath, got, c.want)
		}
	}
}
