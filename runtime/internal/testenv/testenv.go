// Package testenv runs a real control plane for a test package of this
// module: the public kit's (deletiontest.Start: etcd, kube-apiserver and
// kube-controller-manager running only the garbage collector) with the
// Widget CRD installed and the scheme that knows it.
//
// The binaries come from KUBEBUILDER_ASSETS (built by `make kube-binaries`).
// Without them the tests fail with a message saying so; they are never
// skipped.
//
//	var env *testenv.Env
//
//	func TestMain(m *testing.M) {
//		os.Exit(testenv.Run(m, testenv.Options{GarbageCollector: true}, &env))
//	}
package testenv

import (
	"context"
	_ "embed"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/go-logr/logr"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/yaml"

	"github.com/deletionlint/deletionlint/runtime/deletiontest"
	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
)

//go:embed crds/widgets.yaml
var widgetsCRD []byte

// Options select what the tests need besides etcd and kube-apiserver.
type Options struct {
	// GarbageCollector says the tests need the garbage collector: for
	// dependents to be deleted with their owner and for foreground deletion
	// to complete. The kit always runs it; the option says what a package
	// relies on.
	GarbageCollector bool
	// AdmissionPlugins are enabled in kube-apiserver besides its defaults
	// (deletiontest.Options.AdmissionPlugins); a package that needs one
	// runs its own control plane with it.
	AdmissionPlugins []string
}

// Env is a running control plane: the kit's environment (Config, Scheme,
// Client, Namespace) with helpers for this module's tests.
type Env struct {
	*deletiontest.Env
}

// Run starts the control plane, stores it in *env, runs the package's tests
// and stops it. It returns the exit code for os.Exit: non-zero, with a message,
// when the control plane cannot start.
func Run(m *testing.M, opts Options, env **Env) int {
	log.SetLogger(logr.Discard())
	e, err := start(opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "testenv: %v\n", err)
		return 1
	}
	*env = e
	code := m.Run()
	if err := e.Stop(); err != nil {
		fmt.Fprintf(os.Stderr, "testenv: stop: %v\n", err)
	}
	return code
}

func start(opts Options) (*Env, error) {
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(widgetsCRD, &crd); err != nil {
		return nil, fmt.Errorf("parse Widget CRD: %w", err)
	}
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		return nil, fmt.Errorf("scheme: %w", err)
	}
	if err := testapi.AddToScheme(scheme); err != nil {
		return nil, fmt.Errorf("scheme: %w", err)
	}
	e, err := deletiontest.Start(deletiontest.Options{
		Scheme:           scheme,
		CRDs:             []*apiextensionsv1.CustomResourceDefinition{&crd},
		AdmissionPlugins: opts.AdmissionPlugins,
	})
	if err != nil {
		return nil, err
	}
	return &Env{e}, nil
}

// Eventually polls cond every 100ms until it returns true, failing the test
// with what, the timeout and cond's last error when it does not within
// timeout.
func Eventually(t testing.TB, timeout time.Duration, what string, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var last error
	for {
		ok, err := cond()
		if ok {
			return
		}
		last = err
		if time.Now().After(deadline) {
			if last != nil {
				t.Fatalf("%s: not within %s; last error: %v", what, timeout, last)
			}
			t.Fatalf("%s: not within %s", what, timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Gone reports whether obj no longer exists in the API server.
func (e *Env) Gone(ctx context.Context, obj client.Object) (bool, error) {
	into, ok := obj.DeepCopyObject().(client.Object)
	if !ok {
		return false, fmt.Errorf("%T does not deep-copy to a client.Object", obj)
	}
	err := e.Client.Get(ctx, client.ObjectKeyFromObject(obj), into)
	if apierrors.IsNotFound(err) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return false, fmt.Errorf("%s still exists (finalizers %v, deleting %v)", client.ObjectKeyFromObject(obj), into.GetFinalizers(), into.GetDeletionTimestamp() != nil)
}
