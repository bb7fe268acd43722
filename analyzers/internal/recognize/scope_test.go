package recognize

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestLibrary(t *testing.T) {
	dep := &analysis.Module{Path: "k8s.io/client-go", Version: "v0.37.1"}
	main := &analysis.Module{Path: "k8s.io/client-go"}
	for _, c := range []struct {
		path string
		mod  *analysis.Module
		want bool
	}{
		{"k8s.io/client-go/kubernetes", dep, true},
		{"k8s.io/client-go/kubernetes", main, false}, // linting client-go itself
		{"k8s.io/api/core/v1", nil, true},            // GOPATH mode, tests
		{"sigs.k8s.io/controller-runtime/pkg/client", &analysis.Module{Path: "sigs.k8s.io/controller-runtime", Version: "v0.25.2"}, true},
		{"example.com/op/vendor/sigs.k8s.io/controller-runtime/pkg/client", nil, true},
		{"sigs.k8s.io/controller-runtime-extras/x", nil, false},
		{"sigs.k8s.io/cluster-api/util", &analysis.Module{Path: "sigs.k8s.io/cluster-api", Version: "v1.14.2"}, false},
		{"github.com/deletionlint/deletionlint/runtime/deletion", nil, false},
		{"k8s.io.example.com/x", nil, false},
	} {
		if got := Library(c.path, c.mod); got != c.want {
			t.Errorf("Library(%q, %+v) = %t, want %t", c.path, c.mod, got, c.want)
		}
	}
}

func TestKubernetesPackage(t *testing.T) {
	for path, want := range map[string]bool{
		"k8s.io/apimachinery/pkg/apis/meta/v1":                   true,
		"sigs.k8s.io/controller-runtime":                         true,
		"github.com/deletionlint/deletionlint/runtime/finalizer": true,
		"k8s.io/utils/ptr":                                       false,
		"fmt":                                                    false,
	} {
		if got := KubernetesPackage(path); got != want {
			t.Errorf("KubernetesPackage(%q) = %t, want %t", path, got, want)
		}
	}
}

func TestProject(t *testing.T) {
	for path, want := range map[string]string{
		"github.com/k8snetworkplumbingwg/sriov-network-operator/controllers": "github.com/k8snetworkplumbingwg/sriov-network-operator",
		"github.com/org/op/v2/api/v1":                                        "github.com/org/op",
		"sigs.k8s.io/cluster-api/api/core/v1beta2":                           "sigs.k8s.io/cluster-api",
		"k8s.io/api/core/v1":                                                 "k8s.io/api",
		"example.com/op/vendor/github.com/org/cni/apis/v1":                   "github.com/org/cni",
		"istio.io/api":                   "istio.io/api",
		"foregrounddeletion/foreign/api": "foregrounddeletion",
		"main":                           "main",
	} {
		if got := Project(path); got != want {
			t.Errorf("Project(%q) = %q, want %q", path, got, want)
		}
	}
	if !KubernetesProject("k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1") || KubernetesProject("sigs.k8s.io/cluster-api/api/core/v1beta2") {
		t.Error("KubernetesProject: k8s.io's projects are Kubernetes', sigs.k8s.io's are not")
	}
}
