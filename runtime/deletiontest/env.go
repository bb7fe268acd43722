// Package deletiontest runs deletion scenarios against a real control plane
// from any operator's go test: etcd and kube-apiserver through
// controller-runtime's envtest, plus kube-controller-manager running only the
// garbage collector, so that owner references and foreground deletion behave
// as in a cluster. The operator's own manager and reconcilers run against
// Env.Config.
//
// The binaries come from KUBEBUILDER_ASSETS, as envtest users already set
// it. envtest's setup-envtest does not ship kube-controller-manager; build it
// (cached by version) with
//
//	make kube-binaries   # in a deletionlint checkout; prints the directory
//
// and point KUBEBUILDER_ASSETS at that directory. With internet access the
// official release binaries do as well: the directory setup-envtest gives
// (kube-apiserver and etcd), plus kube-controller-manager of the same
// Kubernetes version from the release archive,
// https://dl.k8s.io/release/v1.37.1/bin/linux/amd64/kube-controller-manager
// (chmod +x). Without the binaries Start fails with one message saying so;
// nothing is skipped.
//
// A complete test, with the operator's manager started on the Env (the
// package's example_test.go is this test, compiled and run with the
// package's tests; mirror is its operator, a reconciler that keeps a Secret
// controlled by each ConfigMap and Owns the Secrets):
//
//	func TestExampleOperator(t *testing.T) {
//		env, err := deletiontest.Start(deletiontest.Options{Scheme: scheme, CRDDirectoryPaths: []string{"../config/crd"}})
//		if err != nil {
//			t.Fatal(err)
//		}
//		defer env.Stop()
//		mgr, err := ctrl.NewManager(env.Config, ctrl.Options{
//			Scheme:  env.Scheme,
//			Metrics: metricsserver.Options{BindAddress: "0"}, // no port to collide on
//		})
//		if err != nil {
//			t.Fatal(err)
//		}
//		if err := (&mirror{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
//			t.Fatal(err)
//		}
//		ctx, cancel := context.WithCancel(context.Background())
//		done := make(chan error, 1)
//		go func() { done <- mgr.Start(ctx) }()
//		defer func() { cancel(); <-done }()
//
//		ns := env.Namespace(t)
//		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings", Namespace: ns, Labels: map[string]string{"mirror": "yes"}}}
//		if err := env.Client.Create(ctx, cm); err != nil {
//			t.Fatal(err)
//		}
//		secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "settings-mirror", Namespace: ns}}
//		// ... wait until the operator has created it, then:
//		env.SelfHealing(t, secret, 30*time.Second)                              // a deleted child comes back
//		env.ForegroundCascade(t, cm, []client.Object{secret}, 30*time.Second) // and goes before its owner
//	}
//
// Every scenario takes a TB, which *testing.T satisfies; a test of the
// scenarios themselves passes a Recorder to assert the failure message.
//
// To see what a controller's RBAC allows, run it (or its client) as a user
// that is not a cluster administrator: create its ClusterRole and a binding
// to a user name with Env.Client, then connect as that user with
// Env.ConfigFor(name). To reproduce a cluster that enables more admission
// plugins than kube-apiserver's defaults, such as OpenShift's
// OwnerReferencesPermissionEnforcement, list them in Options.AdmissionPlugins.
package deletiontest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

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
)

// TB is the part of testing.TB the scenarios use. *testing.T satisfies it.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Options configure the control plane.
type Options struct {
	// Scheme knows the operator's kinds; nil means client-go's built-in kinds.
	Scheme *runtime.Scheme
	// CRDs and CRDDirectoryPaths are installed before Start returns.
	CRDs              []*apiextensionsv1.CustomResourceDefinition
	CRDDirectoryPaths []string
	// AdmissionPlugins are kube-apiserver admission plugins to enable
	// besides its defaults (passed as --enable-admission-plugins), e.g.
	// OwnerReferencesPermissionEnforcement to behave like OpenShift. Empty
	// keeps kube-apiserver's default set, as envtest runs it (without
	// ServiceAccount).
	AdmissionPlugins []string
}

// Env is a running control plane with a garbage collector.
type Env struct {
	// Config reaches the API server as a cluster administrator.
	Config *rest.Config
	// Scheme is Options.Scheme (or the built-in kinds).
	Scheme *runtime.Scheme
	// Client is a direct (uncached) client using Scheme.
	Client client.Client

	env     *envtest.Environment
	dir     string
	kcm     *exec.Cmd
	kcmDone chan struct{}
	kcmErr  error
}

// ErrNoAssets is wrapped by Start's error when KUBEBUILDER_ASSETS lacks a
// binary.
var ErrNoAssets = errors.New("deletiontest: control-plane binaries missing")

// Start runs etcd, kube-apiserver and the garbage collector. On error the
// partly started environment is already stopped.
func Start(opts Options) (*Env, error) {
	bin := os.Getenv("KUBEBUILDER_ASSETS")
	if bin == "" {
		return nil, fmt.Errorf("%w: KUBEBUILDER_ASSETS is not set; build etcd, kube-apiserver and kube-controller-manager with `make kube-binaries` in a deletionlint checkout and set KUBEBUILDER_ASSETS to the directory it prints", ErrNoAssets)
	}
	for _, name := range []string{"etcd", "kube-apiserver", "kube-controller-manager"} {
		if _, err := os.Stat(filepath.Join(bin, name)); err != nil {
			return nil, fmt.Errorf("%w: KUBEBUILDER_ASSETS=%s has no %s (setup-envtest does not ship kube-controller-manager): run `make kube-binaries` in a deletionlint checkout", ErrNoAssets, bin, name)
		}
	}
	scheme := opts.Scheme
	if scheme == nil {
		scheme = runtime.NewScheme()
		if err := clientgoscheme.AddToScheme(scheme); err != nil {
			return nil, err
		}
	}
	e := &Env{Scheme: scheme, env: &envtest.Environment{
		BinaryAssetsDirectory:    bin,
		Scheme:                   scheme,
		CRDInstallOptions:        envtest.CRDInstallOptions{CRDs: opts.CRDs, Paths: opts.CRDDirectoryPaths, ErrorIfPathMissing: true},
		ControlPlaneStartTimeout: 90 * time.Second,
		ControlPlaneStopTimeout:  30 * time.Second,
	}}
	var apiserverErr *tail
	if len(opts.AdmissionPlugins) > 0 {
		// envtest sets no --enable-admission-plugins of its own (only
		// --disable-admission-plugins=ServiceAccount), and kube-apiserver adds
		// the named plugins to its default set.
		apiServer := e.env.ControlPlane.GetAPIServer()
		apiServer.Configure().Append("enable-admission-plugins", strings.Join(opts.AdmissionPlugins, ","))
		// kube-apiserver says why it rejects a plugin name only on stderr,
		// which envtest discards unless told to attach it.
		if os.Getenv("KUBEBUILDER_ATTACH_CONTROL_PLANE_OUTPUT") != "true" {
			apiserverErr = &tail{}
			apiServer.Err = apiserverErr
		}
	}
	err := e.start(bin)
	if err != nil {
		if apiserverErr != nil && e.Config == nil {
			err = fmt.Errorf("%w\nkube-apiserver (--enable-admission-plugins=%s) said:\n%s", err, strings.Join(opts.AdmissionPlugins, ","), apiserverErr)
		}
		return nil, errors.Join(err, e.Stop())
	}
	return e, nil
}

// tail keeps the last 2000 bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2000 {
		t.buf = t.buf[len(t.buf)-2000:]
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

func (e *Env) start(bin string) error {
	cfg, err := e.env.Start()
	if err != nil {
		return fmt.Errorf("start kube-apiserver and etcd from %s: %w", bin, err)
	}
	e.Config = cfg
	if e.Client, err = client.New(cfg, client.Options{Scheme: e.Scheme}); err != nil {
		return err
	}
	user, err := e.env.AddUser(envtest.User{Name: "garbage-collector", Groups: []string{"system:masters"}}, nil)
	if err != nil {
		return err
	}
	kubeconfig, err := user.KubeConfig()
	if err != nil {
		return err
	}
	if e.dir, err = os.MkdirTemp("", "deletiontest-kcm-"); err != nil {
		return err
	}
	kc := filepath.Join(e.dir, "kubeconfig")
	if err := os.WriteFile(kc, kubeconfig, 0o600); err != nil {
		return err
	}
	logPath := filepath.Join(e.dir, "kube-controller-manager.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	e.kcm = exec.Command(filepath.Join(bin, "kube-controller-manager"),
		"--kubeconfig="+kc, "--controllers=garbagecollector", "--leader-elect=false",
		"--secure-port=0", "--concurrent-gc-syncs=5")
	e.kcm.Stdout, e.kcm.Stderr = logFile, logFile
	if err := e.kcm.Start(); err != nil {
		_ = logFile.Close()
		return fmt.Errorf("start kube-controller-manager: %w", err)
	}
	e.kcmDone = make(chan struct{})
	go func() {
		e.kcmErr = e.kcm.Wait()
		_ = logFile.Close()
		close(e.kcmDone)
	}()
	if err := e.probe(90 * time.Second); err != nil {
		log, _ := os.ReadFile(logPath)
		if len(log) > 4000 {
			log = log[len(log)-4000:]
		}
		return fmt.Errorf("garbage collector not working: %w\n%s", err, log)
	}
	return nil
}

// probe waits until the garbage collector deletes the dependent of a deleted
// owner.
func (e *Env) probe(timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	owner := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "deletiontest-probe", Namespace: "default"}}
	if err := e.Client.Create(ctx, owner); err != nil {
		return err
	}
	// The test kit's client is the control plane's administrator, and
	// envtest does not enable OwnerReferencesPermissionEnforcement: there is
	// no deployed role for finalizersrbac to check.
	//deletionlint:ignore finalizersrbac the test kit runs as the envtest administrator, not as a deployed controller
	ref := metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: owner.Name, UID: owner.UID, BlockOwnerDeletion: ptr.To(true)}
	dep := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "deletiontest-probe-dependent", Namespace: "default",
		OwnerReferences: []metav1.OwnerReference{ref}}}
	if err := e.Client.Create(ctx, dep); err != nil {
		return err
	}
	if err := e.Client.Delete(ctx, owner); err != nil {
		return err
	}
	for {
		select {
		case <-e.kcmDone:
			return fmt.Errorf("kube-controller-manager exited: %v", e.kcmErr)
		case <-ctx.Done():
			return fmt.Errorf("probe dependent not deleted within %s", timeout)
		case <-time.After(200 * time.Millisecond):
		}
		if err := e.Client.Get(ctx, client.ObjectKeyFromObject(dep), dep); apierrors.IsNotFound(err) {
			return nil
		}
	}
}

// ConfigFor returns a configuration that reaches the API server as user, a
// member of groups, through a client certificate the control plane trusts.
// Such a user may do only what RBAC grants it: bind a Role or ClusterRole to
// it (rbacv1.Subject{Kind: rbacv1.UserKind, Name: user}) with Client, then
// act with the returned configuration as a controller deployed with that
// role would. Each call provisions a new certificate; calls for the same
// name are the same user.
//
//	cfg, err := env.ConfigFor("controller")
//	if err != nil {
//		t.Fatal(err)
//	}
//	c, err := client.New(cfg, client.Options{Scheme: env.Scheme})
func (e *Env) ConfigFor(user string, groups ...string) (*rest.Config, error) {
	if user == "" {
		return nil, errors.New("deletiontest: ConfigFor needs a user name")
	}
	u, err := e.env.AddUser(envtest.User{Name: user, Groups: groups}, &rest.Config{QPS: e.Config.QPS, Burst: e.Config.Burst})
	if err != nil {
		return nil, fmt.Errorf("deletiontest: provision user %s: %w", user, err)
	}
	return u.Config(), nil
}

// Stop ends the garbage collector and the control plane.
func (e *Env) Stop() error {
	var errs []error
	if e.kcm != nil && e.kcm.Process != nil && e.kcmDone != nil {
		if err := e.kcm.Process.Signal(syscall.SIGTERM); err == nil {
			select {
			case <-e.kcmDone:
			case <-time.After(10 * time.Second):
				errs = append(errs, e.kcm.Process.Kill())
				<-e.kcmDone
			}
		}
	}
	if e.Config != nil {
		errs = append(errs, e.env.Stop())
	}
	if e.dir != "" {
		errs = append(errs, os.RemoveAll(e.dir))
	}
	return errors.Join(errs...)
}

var namespaces atomic.Int64

// Namespace creates a fresh namespace for one test. It is never deleted:
// without a namespace controller that would not complete.
func (e *Env) Namespace(t TB) string {
	t.Helper()
	name := fmt.Sprintf("dt%d-%d", time.Now().UnixNano()%1_000_000, namespaces.Add(1))
	if err := e.Client.Create(context.Background(), &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}); err != nil {
		t.Fatalf("create namespace %s: %v", name, err)
	}
	return name
}
