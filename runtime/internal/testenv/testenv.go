// Package testenv runs a real control plane for a test package: etcd and
// kube-apiserver through controller-runtime's envtest, with the Widget CRD
// installed, and optionally kube-controller-manager running only the garbage
// collector, so that owner references and foreground deletion behave as in a
// cluster.
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
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/yaml"

	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
)

//go:embed crds/widgets.yaml
var widgetsCRD []byte

// Options select what runs besides etcd and kube-apiserver.
type Options struct {
	// GarbageCollector runs kube-controller-manager with only the garbage
	// collector: needed for dependents to be deleted with their owner and for
	// foreground deletion to complete.
	GarbageCollector bool
}

// Env is a running control plane.
type Env struct {
	// Config reaches the API server as a cluster administrator.
	Config *rest.Config
	// Scheme knows the built-in kinds and Widget.
	Scheme *runtime.Scheme
	// Client is a direct (uncached) client using Scheme.
	Client client.Client

	env     *envtest.Environment
	dir     string
	kcm     *exec.Cmd
	kcmLog  string
	kcmDone chan struct{} // closed when kube-controller-manager has exited
	kcmErr  error         // its exit status, once kcmDone is closed
}

// Run starts the control plane, stores it in *env, runs the package's tests
// and stops it. It returns the exit code for os.Exit: non-zero, with a message,
// when the control plane cannot start.
func Run(m *testing.M, opts Options, env **Env) int {
	log.SetLogger(logr.Discard())
	e, err := start(opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "testenv: %v\n", err)
		if e != nil {
			if err := e.stop(); err != nil {
				fmt.Fprintf(os.Stderr, "testenv: %v\n", err)
			}
		}
		return 1
	}
	*env = e
	code := m.Run()
	if err := e.stop(); err != nil {
		fmt.Fprintf(os.Stderr, "testenv: stop: %v\n", err)
	}
	return code
}

// assets checks that KUBEBUILDER_ASSETS names a directory with the binaries.
func assets(opts Options) (string, error) {
	dir := os.Getenv("KUBEBUILDER_ASSETS")
	if dir == "" {
		return "", errors.New("KUBEBUILDER_ASSETS is not set: run `make kube-binaries` and set KUBEBUILDER_ASSETS to the directory it prints (or run `make runtime-test`)")
	}
	names := []string{"etcd", "kube-apiserver"}
	if opts.GarbageCollector {
		names = append(names, "kube-controller-manager")
	}
	for _, name := range names {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return "", fmt.Errorf("KUBEBUILDER_ASSETS=%s has no %s (%v): run `make kube-binaries`", dir, name, err)
		}
	}
	return dir, nil
}

func start(opts Options) (*Env, error) {
	bin, err := assets(opts)
	if err != nil {
		return nil, err
	}
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
	e := &Env{
		Scheme: scheme,
		env: &envtest.Environment{
			BinaryAssetsDirectory:    bin,
			Scheme:                   scheme,
			CRDInstallOptions:        envtest.CRDInstallOptions{CRDs: []*apiextensionsv1.CustomResourceDefinition{&crd}},
			ControlPlaneStartTimeout: 90 * time.Second,
			ControlPlaneStopTimeout:  30 * time.Second,
		},
	}
	cfg, err := e.env.Start()
	if err != nil {
		return nil, fmt.Errorf("start kube-apiserver and etcd from %s: %w", bin, err)
	}
	e.Config = cfg
	e.Client, err = client.New(cfg, client.Options{Scheme: scheme})
	if err != nil {
		return e, fmt.Errorf("client: %w", err)
	}
	if opts.GarbageCollector {
		if err := e.startGarbageCollector(bin); err != nil {
			return e, err
		}
	}
	return e, nil
}

// startGarbageCollector runs kube-controller-manager with only the garbage
// collector, as a system:masters user, and waits until it has deleted the
// dependent of a deleted owner.
func (e *Env) startGarbageCollector(bin string) error {
	user, err := e.env.AddUser(envtest.User{Name: "garbage-collector", Groups: []string{"system:masters"}}, nil)
	if err != nil {
		return fmt.Errorf("add controller-manager user: %w", err)
	}
	kubeconfig, err := user.KubeConfig()
	if err != nil {
		return fmt.Errorf("controller-manager kubeconfig: %w", err)
	}
	e.dir, err = os.MkdirTemp("", "deletionlint-kcm-")
	if err != nil {
		return fmt.Errorf("controller-manager dir: %w", err)
	}
	kcPath := filepath.Join(e.dir, "kubeconfig")
	if err := os.WriteFile(kcPath, kubeconfig, 0o600); err != nil {
		return fmt.Errorf("write controller-manager kubeconfig: %w", err)
	}
	e.kcmLog = filepath.Join(e.dir, "kube-controller-manager.log")
	logFile, err := os.Create(e.kcmLog)
	if err != nil {
		return fmt.Errorf("controller-manager log: %w", err)
	}
	e.kcm = exec.Command(filepath.Join(bin, "kube-controller-manager"),
		"--kubeconfig="+kcPath,
		"--controllers=garbagecollector",
		"--leader-elect=false",
		"--secure-port=0",
		"--concurrent-gc-syncs=5",
	)
	e.kcm.Stdout, e.kcm.Stderr = logFile, logFile
	if err := e.kcm.Start(); err != nil {
		_ = logFile.Close() // the start error is the one to report
		return fmt.Errorf("start kube-controller-manager: %w", err)
	}
	e.kcmDone = make(chan struct{})
	go func() {
		e.kcmErr = e.kcm.Wait()
		// The log is only read when a test fails; a failed close loses
		// nothing the tests assert on.
		_ = logFile.Close()
		close(e.kcmDone)
	}()
	if err := e.probeGarbageCollector(90 * time.Second); err != nil {
		return fmt.Errorf("garbage collector not working (log: %s): %w\n%s", e.kcmLog, err, e.kcmLogTail())
	}
	return nil
}

// probeGarbageCollector deletes an owner ConfigMap in the background and
// waits for the garbage collector to delete its dependent.
func (e *Env) probeGarbageCollector(timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	owner := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "gc-probe-owner", Namespace: "default"}}
	if err := e.Client.Create(ctx, owner); err != nil {
		return fmt.Errorf("create probe owner: %w", err)
	}
	dependent := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		Name: "gc-probe-dependent", Namespace: "default",
		OwnerReferences: []metav1.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: owner.Name, UID: owner.UID, BlockOwnerDeletion: ptr.To(true)}},
	}}
	if err := e.Client.Create(ctx, dependent); err != nil {
		return fmt.Errorf("create probe dependent: %w", err)
	}
	if err := e.Client.Delete(ctx, owner, client.PropagationPolicy(metav1.DeletePropagationBackground)); err != nil {
		return fmt.Errorf("delete probe owner: %w", err)
	}
	for {
		select {
		case <-e.kcmDone:
			return fmt.Errorf("kube-controller-manager exited: %v", e.kcmErr)
		case <-ctx.Done():
			return fmt.Errorf("probe dependent not deleted within %s", timeout)
		case <-time.After(200 * time.Millisecond):
		}
		err := e.Client.Get(ctx, client.ObjectKeyFromObject(dependent), dependent)
		if apierrors.IsNotFound(err) {
			return nil
		}
	}
}

// kcmLogTail returns the end of the controller-manager's log.
func (e *Env) kcmLogTail() string {
	data, err := os.ReadFile(e.kcmLog)
	if err != nil {
		return ""
	}
	const max = 4000
	if len(data) > max {
		data = data[len(data)-max:]
	}
	return string(bytes.TrimSpace(data))
}

// stop ends the controller manager and the control plane.
func (e *Env) stop() error {
	var errs []error
	if e.kcm != nil && e.kcm.Process != nil {
		if err := e.kcm.Process.Signal(syscall.SIGTERM); err == nil {
			select {
			case <-e.kcmDone:
			case <-time.After(10 * time.Second):
				if err := e.kcm.Process.Kill(); err != nil {
					errs = append(errs, fmt.Errorf("kill kube-controller-manager: %w", err))
				}
				<-e.kcmDone
			}
		}
	}
	if e.env != nil {
		if err := e.env.Stop(); err != nil {
			errs = append(errs, fmt.Errorf("stop control plane: %w", err))
		}
	}
	if e.dir != "" {
		if err := os.RemoveAll(e.dir); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

var namespaces atomic.Int64

// Namespace creates a fresh namespace for one test and returns its name.
// Namespaces are not deleted: without a namespace controller their deletion
// never completes, and the control plane is thrown away after the package.
func (e *Env) Namespace(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("t%d-%d", time.Now().UnixNano()%1_000_000, namespaces.Add(1))
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if err := e.Client.Create(context.Background(), ns); err != nil {
		t.Fatalf("create namespace %s: %v", name, err)
	}
	return name
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
