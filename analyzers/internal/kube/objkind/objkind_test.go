package objkind_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
)

func TestOf(t *testing.T) {
	if got := objkind.Of(nil); got != "" {
		t.Errorf("Of(nil) = %q, want empty", got)
	}
	if path, name := objkind.Split("k8s.io/api/apps/v1.Deployment"); path != "k8s.io/api/apps/v1" || name != "Deployment" {
		t.Errorf("Split = %q, %q", path, name)
	}
}

// TestNameIn: a kind whose package the file does not import is named as
// the scaffolding names an API version's package (corev1, routev1), not by
// its package name (v1), which many share; a project's api/v1alpha1 keeps
// its version's name.
func TestNameIn(t *testing.T) {
	pkg := types.NewPackage("example.com/operator/internal/controller", "controller")
	for kind, want := range map[string]string{
		"k8s.io/api/core/v1.Secret":                  "corev1.Secret",
		"github.com/openshift/api/route/v1.Route":    "routev1.Route",
		"example.com/operator/api/v1alpha1.Widget":   "v1alpha1.Widget",
		"example.com/operator/internal/util.Thing":   "util.Thing",
		"example.com/operator/internal/controller.X": "X",
	} {
		if got, _ := objkind.NameIn(pkg, nil, kind); got != want {
			t.Errorf("objkind.NameIn(%q) = %q, want %q", kind, got, want)
		}
	}
}

// TestBuiltin: Kubernetes' own groups name their package; a custom
// resource's group does not.
func TestBuiltin(t *testing.T) {
	for _, c := range []struct{ apiVersion, kind, want string }{
		{"v1", "Secret", "k8s.io/api/core/v1.Secret"},
		{"apps/v1", "Deployment", "k8s.io/api/apps/v1.Deployment"},
		{"networking.k8s.io/v1", "Ingress", "k8s.io/api/networking/v1.Ingress"},
		{"example.com/v1", "Widget", ""},
		{"apps/v1", "not-a-kind", ""},
		{"", "Secret", ""},
	} {
		if got := objkind.Builtin(c.apiVersion, c.kind); got != c.want {
			t.Errorf("Builtin(%q, %q) = %q, want %q", c.apiVersion, c.kind, got, c.want)
		}
	}
}

// TestHeldData: Secrets and ConfigMaps of core/v1 hold what a deletion may
// need; other kinds, and kinds of the same names elsewhere, do not.
func TestHeldData(t *testing.T) {
	for kind, want := range map[string]bool{
		"k8s.io/api/core/v1.Secret":    true,
		"k8s.io/api/core/v1.ConfigMap": true,
		"k8s.io/api/core/v1.Pod":       false,
		"example.com/api/v1.Secret":    false,
		"":                             false,
	} {
		if got := objkind.HeldData(kind) != ""; got != want {
			t.Errorf("HeldData(%q) != \"\" = %v, want %v", kind, got, want)
		}
	}
	if got := objkind.KeepRemedy("k8s.io/api/core/v1.ConfigMap", "go on"); !strings.HasPrefix(got, "if the deletion needs what the ConfigMap holds (settings the cleanup reads), keep the ConfigMap until then") || !strings.HasSuffix(got, "; otherwise go on") {
		t.Errorf("KeepRemedy = %q", got)
	}
}

// TestHeldAmong: of the kinds a missing object may be of, the one that
// holds data, a Secret before a ConfigMap.
func TestHeldAmong(t *testing.T) {
	const (
		secret    = "k8s.io/api/core/v1.Secret"
		configMap = "k8s.io/api/core/v1.ConfigMap"
		identity  = "example.com/api/v1.Identity"
		ownSecret = "example.com/api/v1.Secret"
	)
	for _, tc := range []struct {
		kinds []string
		want  string
	}{
		{nil, ""},
		{[]string{identity}, ""},
		{[]string{identity, secret}, secret},
		{[]string{configMap, identity}, configMap},
		{[]string{configMap, secret}, secret},
		{[]string{secret, configMap}, secret},
		{[]string{ownSecret, configMap}, configMap},
	} {
		if got := objkind.HeldAmong(tc.kinds); got != tc.want {
			t.Errorf("HeldAmong(%v) = %q, want %q", tc.kinds, got, tc.want)
		}
	}
}
