package scenarios_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-logr/logr"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/log"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/deletionlint/deletionlint/runtime/deletiontest"

	buggy "github.com/deletionlint/deletionlint/examples/buggy/controller"
	buggydirect "github.com/deletionlint/deletionlint/examples/buggy/controller/direct"
	fixed "github.com/deletionlint/deletionlint/examples/fixed/controller"
	fixeddirect "github.com/deletionlint/deletionlint/examples/fixed/controller/direct"
	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
	"github.com/deletionlint/deletionlint/examples/pkg/cloud"
)

// env is the control plane every test shares: etcd, kube-apiserver with the
// example's CRDs, and kube-controller-manager running the garbage collector.
var env *deletiontest.Env

func TestMain(m *testing.M) {
	log.SetLogger(logr.Discard())
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, hostingv1alpha1.AddToScheme} {
		if err := add(scheme); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	var err error
	env, err = deletiontest.Start(deletiontest.Options{Scheme: scheme, CRDs: crds()})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if err := env.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}

// crds returns a CustomResourceDefinition for each kind of the example's
// API: namespaced, with a status subresource (the controllers write status
// through it, and only spec changes bump metadata.generation) and an open
// schema, since the tests need the kinds' behaviour, not their validation.
func crds() []*apiextensionsv1.CustomResourceDefinition {
	gv := hostingv1alpha1.GroupVersion
	var out []*apiextensionsv1.CustomResourceDefinition
	for _, kind := range []string{"Website", "Route", "SiteConfig", "Bucket", "BucketPolicy"} {
		singular := strings.ToLower(kind)
		plural := singular + "s"
		if strings.HasSuffix(singular, "y") {
			plural = strings.TrimSuffix(singular, "y") + "ies"
		}
		out = append(out, &apiextensionsv1.CustomResourceDefinition{
			ObjectMeta: metav1.ObjectMeta{Name: plural + "." + gv.Group},
			Spec: apiextensionsv1.CustomResourceDefinitionSpec{
				Group: gv.Group,
				Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: kind, ListKind: kind + "List", Plural: plural, Singular: singular},
				Scope: apiextensionsv1.NamespaceScoped,
				Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
					Name: gv.Version, Served: true, Storage: true,
					Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
						Type: "object", XPreserveUnknownFields: ptr.To(true),
					}},
					Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
				}},
			},
		})
	}
	return out
}

// twin is one copy of the example operator: how to register its
// controllers with a manager, as its main.go does.
type twin struct {
	name  string
	buggy bool
	setup func(mgr ctrl.Manager, sky *cloud.Cloud) error
}

var twins = []twin{
	{name: "buggy", buggy: true, setup: func(mgr ctrl.Manager, sky *cloud.Cloud) error {
		for _, c := range []interface{ SetupWithManager(ctrl.Manager) error }{
			&buggy.WebsiteReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()},
			&buggy.RouteReconciler{Client: mgr.GetClient(), DNS: sky},
			&buggy.SiteConfigReconciler{Client: mgr.GetClient()},
		} {
			if err := c.SetupWithManager(mgr); err != nil {
				return err
			}
		}
		return buggydirect.AddToManager(mgr, sky)
	}},
	{name: "fixed", setup: func(mgr ctrl.Manager, sky *cloud.Cloud) error {
		for _, c := range []interface{ SetupWithManager(ctrl.Manager) error }{
			&fixed.WebsiteReconciler{Client: mgr.GetClient()},
			&fixed.RouteReconciler{Client: mgr.GetClient(), DNS: sky},
			&fixed.SiteConfigReconciler{Client: mgr.GetClient()},
		} {
			if err := c.SetupWithManager(mgr); err != nil {
				return err
			}
		}
		return fixeddirect.AddToManager(mgr, sky)
	}},
}

// operator is one twin running in its own manager, restricted to its own
// namespace, with its own in-memory cloud.
type operator struct {
	twin
	ns string
	// cached reads through the manager's cache: what the reconcilers see.
	cached client.Client
	cloud  *cloud.Cloud
	rec    *reconciles
}

// forEachTwin runs demo against the buggy and the fixed operator, in
// parallel, each started for the subtest and stopped when it ends.
func forEachTwin(t *testing.T, demo func(t *testing.T, op *operator)) {
	for _, tw := range twins {
		t.Run(tw.name, func(t *testing.T) {
			t.Parallel()
			demo(t, start(t, tw))
		})
	}
}

func start(t *testing.T, tw twin) *operator {
	t.Helper()
	op := &operator{twin: tw, ns: env.Namespace(t), cloud: cloud.New(), rec: &reconciles{started: map[string]int{}}}
	mgr, err := ctrl.NewManager(env.Config, ctrl.Options{
		Scheme:                 env.Scheme,
		Logger:                 logr.New(sink{rec: op.rec}),
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		// Both twins' controllers have the same names.
		Controller: config.Controller{SkipNameValidation: ptr.To(true)},
		Cache:      cache.Options{DefaultNamespaces: map[string]cache.Config{op.ns: {}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.setup(mgr, op.cloud); err != nil {
		t.Fatal(err)
	}
	op.cached = mgr.GetClient()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("%s operator: %v", tw.name, err)
		}
	})
	return op
}

// reconciles counts the reconciles of one manager, from the V(5) messages
// controller-runtime logs around each call of a reconciler ("Reconciling",
// then "Reconcile successful", "Reconcile done, ..." or "Reconciler
// error").
type reconciles struct {
	mu      sync.Mutex
	running int
	started map[string]int // by controller name and object, "website ns/name"
	total   int
	last    time.Time // a reconcile started or ended
}

func (r *reconciles) begin(key string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.running++
	r.started[key]++
	r.total++
	r.last = time.Now()
}

func (r *reconciles) end() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.running--
	r.last = time.Now()
}

// of returns how many reconciles of obj controller has started.
func (r *reconciles) of(controller string, obj client.Object) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.started[controller+" "+client.ObjectKeyFromObject(obj).String()]
}

// idleSince reports whether no reconcile is running and none started or
// ended after t, and whether any reconcile was ever seen.
func (r *reconciles) idleSince(t time.Time) (idle, seen bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.running == 0 && r.last.Before(t), r.total > 0
}

// sink is the manager's logger: it drops every message and counts the
// reconciles.
type sink struct {
	rec        *reconciles
	controller string
	object     string
}

func (s sink) Init(logr.RuntimeInfo) {}
func (s sink) Enabled(int) bool      { return true }

func (s sink) Info(_ int, msg string, _ ...any) {
	if s.controller == "" {
		return
	}
	switch {
	case msg == "Reconciling":
		s.rec.begin(s.controller + " " + s.object)
	case msg == "Reconcile successful" || strings.HasPrefix(msg, "Reconcile done"):
		s.rec.end()
	}
}

func (s sink) Error(_ error, msg string, _ ...any) {
	if s.controller != "" && msg == "Reconciler error" {
		s.rec.end()
	}
}

func (s sink) WithValues(kv ...any) logr.LogSink {
	var ns, name string
	for i := 0; i+1 < len(kv); i += 2 {
		v, _ := kv[i+1].(string)
		switch kv[i] {
		case "controller":
			s.controller = v
		case "namespace":
			ns = v
		case "name":
			name = v
		}
	}
	if name != "" {
		s.object = ns + "/" + name
	}
	return s
}

func (s sink) WithName(string) logr.LogSink { return s }

// quiet is how long the operator must have run no reconcile for settle: far
// more than an event takes from the API server to a reconcile.
const quiet = time.Second

// settle waits until ready reports true and then until the operator has
// been idle for quiet, so that no reconcile started before is still
// running and no event caused by the set-up is still on its way. A scenario
// started after that sees only what the scenario itself does.
func (op *operator) settle(t *testing.T, what string, ready func(ctx context.Context) (bool, error)) {
	t.Helper()
	ctx := context.Background()
	eventually(t, 60*time.Second, what, func() (bool, error) { return ready(ctx) })
	from := time.Now()
	eventually(t, 60*time.Second, what+": operator idle", func() (bool, error) {
		idle, seen := op.rec.idleSince(time.Now().Add(-quiet))
		if !seen {
			return false, errors.New("no reconcile seen: has controller-runtime stopped logging \"Reconciling\" at V(5)?")
		}
		return idle && time.Since(from) >= quiet, nil
	})
}

// eventually polls cond every 100ms until it returns true, failing the test
// when it does not within timeout.
func eventually(t *testing.T, timeout time.Duration, what string, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s (last error: %v)", what, timeout, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (op *operator) create(t *testing.T, obj client.Object) {
	t.Helper()
	obj.SetNamespace(op.ns)
	if err := env.Client.Create(context.Background(), obj); err != nil {
		t.Fatalf("create %T %s: %v", obj, obj.GetName(), err)
	}
}

// live returns obj as the API server has it, failing the test when it does
// not exist.
func live[T client.Object](t *testing.T, obj T) T {
	t.Helper()
	if err := env.Client.Get(context.Background(), client.ObjectKeyFromObject(obj), obj); err != nil {
		t.Fatalf("get %T %s: %v", obj, obj.GetName(), err)
	}
	return obj
}

// exists reports whether obj exists in the API server.
func exists(ctx context.Context, obj client.Object) (bool, error) {
	into, ok := obj.DeepCopyObject().(client.Object)
	if !ok {
		return false, fmt.Errorf("%T does not deep-copy to a client.Object", obj)
	}
	err := env.Client.Get(ctx, client.ObjectKeyFromObject(obj), into)
	if apierrors.IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// release removes every finalizer of objs, so that a stuck object does not
// keep a scenario's resources alive after the test.
func release(t *testing.T, objs ...client.Object) {
	t.Helper()
	for _, o := range objs {
		patch := client.RawPatch("application/merge-patch+json", []byte(`{"metadata":{"finalizers":null}}`))
		if err := client.IgnoreNotFound(env.Client.Patch(context.Background(), o.DeepCopyObject().(client.Object), patch)); err != nil {
			t.Errorf("release %s: %v", o.GetName(), err)
		}
	}
}

// noLeaks is deletiontest.NoLeaks on the example's cloud: its live
// resources, copied into a deletiontest.External, must be none.
func noLeaks(tb deletiontest.TB, sky *cloud.Cloud) {
	tb.Helper()
	x := deletiontest.NewExternal()
	for _, id := range sky.IDs() {
		x.Create(id)
	}
	deletiontest.NoLeaks(tb, x)
}

// passes fails t when the fixed operator failed a scenario.
func passes(t *testing.T, scenario, msg string) {
	t.Helper()
	if msg != "" {
		t.Errorf("the fixed operator fails %s:\n%s", scenario, msg)
	}
}

// fails fails t unless the buggy operator failed a scenario with a message
// containing every part.
func fails(t *testing.T, scenario, msg string, parts ...string) {
	t.Helper()
	if msg == "" {
		t.Fatalf("the buggy operator passes %s; want a failure mentioning %q", scenario, parts)
	}
	for _, p := range parts {
		if !strings.Contains(msg, p) {
			t.Errorf("the buggy operator fails %s, but the failure does not mention %q:\n%s", scenario, p, msg)
		}
	}
	t.Logf("the buggy operator fails %s as expected:\n%s", scenario, msg)
}

// hasFinalizer reports whether obj has finalizer f.
func hasFinalizer(obj client.Object, f string) bool { return slices.Contains(obj.GetFinalizers(), f) }
