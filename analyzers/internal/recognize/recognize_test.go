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
	if !KeyIs(PkgControllerutil+".SetControllerReference", PkgControllerutil, "SetControllerReference") {
		t.Error("exact key not matched")
	}
	if !KeyIs("example.com/vendor/"+PkgClient+".Client.Get", PkgClient, "Client.Get") {
		t.Error("vendored key not matched")
	}
	if KeyIs(PkgClient+".Client.Get", PkgClient, "Reader.Get") {
		t.Error("other method matched")
	}
}
