package recognize

import "testing"

func TestPathIs(t *testing.T) {
	for _, tc := range []struct {
		pkg, path string
		want      bool
	}{
		{"sigs.k8s.io/controller-runtime/pkg/client", PkgClient, true},
		{"example.com/vendor/sigs.k8s.io/controller-runtime/pkg/client", PkgClient, true},
		{"xsigs.k8s.io/controller-runtime/pkg/client", PkgClient, false},
		{"sigs.k8s.io/controller-runtime/pkg/client/fake", PkgClient, false},
	} {
		if got := PathIs(tc.pkg, tc.path); got != tc.want {
			t.Errorf("PathIs(%q, %q) = %v, want %v", tc.pkg, tc.path, got, tc.want)
		}
	}
}

func TestPathUnder(t *testing.T) {
	if !PathUnder("sigs.k8s.io/controller-runtime/pkg/client/fake", PkgControllerRuntime) {
		t.Error("PathUnder(client/fake, controller-runtime) = false")
	}
	if PathUnder("sigs.k8s.io/controller-runtimex/pkg", PkgControllerRuntime) {
		t.Error("PathUnder(controller-runtimex, controller-runtime) = true")
	}
}

func TestKeyIs(t *testing.T) {
	for _, c := range []struct {
		key, path, name string
		want            bool
	}{
		{PkgControllerutil + ".SetControllerReference", PkgControllerutil, "SetControllerReference", true},
		{"example.com/vendor/" + PkgClient + ".Client.Get", PkgClient, "Client.Get", true},
		{PkgClient + ".Client.Get", PkgClient, "Reader.Get", false},
		{"example.com/x" + PkgClient + ".Client.Get", PkgClient, "Client.Get", false}, // a longer path, not a vendored one
		{PkgClient + "/sub.Client.Get", PkgClient, "Client.Get", false},
		{PkgClient + "xClient.Get", PkgClient, "Client.Get", false}, // no dot
		{PkgClient + ".Client.Get", PkgClient, "Get", false},
		{"Get", PkgClient, "Get", false},
		{"", PkgClient, "Get", false},
	} {
		if got := KeyIs(c.key, c.path, c.name); got != c.want {
			t.Errorf("KeyIs(%q, %q, %q) = %v, want %v", c.key, c.path, c.name, got, c.want)
		}
	}
}
