package analyzers_test

import (
	"fmt"
	"strings"
)

// genProgram turns fuzz bytes into a controller-shaped Go file: the bytes
// choose the package name, the imports (with aliases, dot and blank
// imports, or missing altogether), the declarations (reconcilers, builder
// chains, generics, aliases, types and packages shadowing controller-runtime
// names) and the statements of each function, including very long ones.
// Most choices yield well-typed code against the stubs; some do not, on
// purpose.
func genProgram(data []byte) []byte {
	g := &gen{data: data}
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n", g.pick(packageNames))
	b.WriteString("import (\n")
	for i, imp := range genImports {
		switch g.next() % 8 {
		case 0: // left out: code using it does not type-check
		case 1:
			if imp.dotOK {
				fmt.Fprintf(&b, "\t. %q\n", imp.path)
			} else {
				fmt.Fprintf(&b, "\t%s %q\n", imp.name, imp.path)
			}
		case 2:
			fmt.Fprintf(&b, "\t_ %q\n\t%s %q\n", imp.path, imp.name, imp.path)
		default:
			fmt.Fprintf(&b, "\t%s %q\n", imp.name, imp.path)
		}
		_ = i
	}
	b.WriteString(")\n\n")
	// Keep every import used, whatever the declarations use.
	b.WriteString(useImports)
	for n := 1 + int(g.next()%6); n > 0 && !g.done(); n-- {
		id := g.counter()
		decl := g.pick(genDecls)
		body := g.body()
		b.WriteString(strings.NewReplacer("ID", fmt.Sprint(id), "BODY", body).Replace(decl))
		b.WriteString("\n")
	}
	return []byte(b.String())
}

type gen struct {
	data []byte
	i    int
	n    int
}

func (g *gen) done() bool { return g.i >= len(g.data) }

func (g *gen) next() byte {
	if g.done() {
		return 0
	}
	c := g.data[g.i]
	g.i++
	return c
}

func (g *gen) pick(options []string) string { return options[int(g.next())%len(options)] }

func (g *gen) counter() int { g.n++; return g.n }

// body returns statements for a function of the reconciler shape, with a
// block that may be repeated many times (a huge function).
func (g *gen) body() string {
	var b strings.Builder
	stmts := 1 + int(g.next()%8)
	for i := 0; i < stmts && !g.done(); i++ {
		s := g.pick(genStmts)
		if c := g.next(); c >= 250 {
			s = strings.Repeat(s, 50*int(c-249)) // up to 300 copies
		}
		b.WriteString(s)
	}
	return b.String()
}

var packageNames = []string{"p", "client", "builder", "controllers", "main", "ctrl", "controllerutil"}

type genImport struct {
	name, path string
	dotOK      bool
}

var genImports = []genImport{
	{"context", "context", false},
	{"errors", "errors", false},
	{"ctrl", "sigs.k8s.io/controller-runtime", false},
	{"client", "sigs.k8s.io/controller-runtime/pkg/client", true},
	{"builder", "sigs.k8s.io/controller-runtime/pkg/builder", true},
	{"controllerutil", "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", true},
	{"handler", "sigs.k8s.io/controller-runtime/pkg/handler", false},
	{"predicate", "sigs.k8s.io/controller-runtime/pkg/predicate", false},
	{"reconcile", "sigs.k8s.io/controller-runtime/pkg/reconcile", false},
	{"metav1", "k8s.io/apimachinery/pkg/apis/meta/v1", true},
	{"corev1", "k8s.io/api/core/v1", false},
	{"appsv1", "k8s.io/api/apps/v1", false},
	{"apierrors", "k8s.io/apimachinery/pkg/api/errors", false},
	{"runtime", "k8s.io/apimachinery/pkg/runtime", false},
	{"ptr", "k8s.io/utils/ptr", false},
	{"finalizer", "github.com/deletionlint/deletionlint/runtime/finalizer", false},
	{"ownership", "github.com/deletionlint/deletionlint/runtime/ownership", false},
	{"clusterv1", "sigs.k8s.io/cluster-api/api/v1beta1", false},
	{"util", "sigs.k8s.io/cluster-api/util", false},
}

const useImports = `var (
	_ = context.TODO
	_ = errors.New
	_ = ctrl.Result{}
	_ client.Object
	_ *builder.Builder
	_ = controllerutil.AddFinalizer
	_ handler.EventHandler
	_ predicate.Predicate
	_ reconcile.Request
	_ metav1.OwnerReference
	_ corev1.ConfigMap
	_ appsv1.Deployment
	_ = apierrors.IsNotFound
	_ *runtime.Scheme
	_ = ptr.To[bool]
	_ = finalizer.Add
	_ = ownership.SetControllerReference
	_ clusterv1.Cluster
	_ = util.GetOwnerCluster
)

`

// Declarations; ID is replaced by a counter and BODY by statements that
// may use r, ctx, req, obj and err.
var genDecls = []string{
	`type R%ID struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *RID) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	var err error
	_ = err
BODY	return ctrl.Result{}, nil
}

func (r *RID) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Owns(&appsv1.Deployment{}).Complete(r)
}
`,
	`type RID struct{ c client.Client; Scheme *runtime.Scheme }

func (r RID) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	obj := &appsv1.Deployment{}
	var err error
	if err := r.c.Get(ctx, req.NamespacedName, obj); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
BODY	return reconcile.Result{}, err
}

func (r RID) Setup(mgr ctrl.Manager) error {
	b := builder.ControllerManagedBy(mgr)
	b = b.For(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{}))
	b.WithEventFilter(predicate.GenerationChangedPredicate{})
	return b.Named("rID").Complete(r)
}
`,
	`// Builder shadows controller-runtime's builder.Builder.
type Builder struct{}

func (Builder) For(any) Builder   { return Builder{} }
func (Builder) Owns(any) Builder  { return Builder{} }
func (Builder) Complete(any) error { return nil }

func setupID(r any) error { return Builder{}.For(nil).Owns(nil).Complete(r) }
`,
	`func shadowID(ctx context.Context) {
	type client struct{ Client int }
	var c client
	_ = c.Client
	ctrl := struct{ Result int }{}
	_ = ctrl
	var obj, r, req, err any
	_, _, _, _ = obj, r, req, err
}
`,
	`func GenID[T client.Object, L any](ctx context.Context, c client.Client, obj T, list L) error {
	var r struct{ client.Client; Scheme *runtime.Scheme }
	r.Client = c
	req := ctrl.Request{}
	_ = req
	var err error
BODY	return c.Delete(ctx, obj, client.PropagationPolicy(metav1.DeletePropagationForeground))
}
`,
	`type AliasID = builder.Builder
type ObjID = corev1.ConfigMap
type GenericAliasID[T any] = []T

func aliasID(mgr ctrl.Manager, r reconcile.Reconciler) error {
	var b *AliasID = ctrl.NewControllerManagedBy(mgr)
	return b.For(&ObjID{}).Complete(r)
}
`,
	`func ownerRefID(owner client.Object) metav1.OwnerReference {
	t := true
	ref := metav1.OwnerReference{APIVersion: "v1", Kind: "ConfigMap", Name: owner.GetName(), UID: owner.GetUID(), Controller: &t}
	ref.BlockOwnerDeletion = ptr.To(false)
	return ref
}
`,
	`type ModelID struct{}

func (m *ModelID) AdapterForObject(ctx context.Context, reader client.Reader, u *corev1.ConfigMap) (any, error) {
	obj := u
	var err error
	r := struct{ client.Reader }{reader}
	req := ctrl.Request{}
	_, _ = r, req
BODY	if obj.GetDeletionTimestamp() != nil {
		return nil, nil
	}
	return nil, err
}
`,
	`func (r *RID) broken(ctx context.Context {
BODY
`,
	`var xID = func() int { for { select {} } }
`,
}

// Statements over r (a value with an embedded or named client), ctx, req,
// obj and err.
var genStmts = []string{
	"\tif err := r.Get(ctx, req.NamespacedName, obj); err != nil {\n\t\treturn ctrl.Result{}, client.IgnoreNotFound(err)\n\t}\n",
	"\tif !obj.GetDeletionTimestamp().IsZero() {\n\t\tcontrollerutil.RemoveFinalizer(obj, \"f\")\n\t\treturn ctrl.Result{}, r.Update(ctx, obj)\n\t}\n",
	"\tif obj.DeletionTimestamp != nil {\n\t\t_ = r.Delete(ctx, obj)\n\t}\n",
	"\tcontrollerutil.AddFinalizer(obj, \"f\")\n",
	"\t{\n\t\tchild := &appsv1.Deployment{}\n\t\t_ = controllerutil.SetControllerReference(obj, child, r.Scheme)\n\t\t_ = r.Create(ctx, child)\n\t}\n",
	"\t{\n\t\tref := metav1.OwnerReference{Controller: ptr.To(true)}\n\t\tobj.OwnerReferences = append(obj.OwnerReferences, ref)\n\t}\n",
	"\tif obj.Generation == 1 {\n\t\treturn ctrl.Result{}, nil\n\t}\n",
	"\t{\n\t\towner := &clusterv1.Cluster{}\n\t\tif err := r.Get(ctx, client.ObjectKey{Name: obj.Name}, owner); err != nil {\n\t\t\tif apierrors.IsNotFound(err) {\n\t\t\t\treturn ctrl.Result{}, nil\n\t\t\t}\n\t\t\treturn ctrl.Result{}, err\n\t\t}\n\t}\n",
	"\tfor i := 0; i < 3; i++ {\n\t\tif i == 2 {\n\t\t\tbreak\n\t\t}\n\t\tcontinue\n\t}\n",
	"\tgo func() { _ = r.Delete(ctx, obj) }()\n",
	"\tdefer func() { _ = recover() }()\n",
	"\tswitch {\n\tcase obj.GetDeletionTimestamp() != nil:\n\t\treturn ctrl.Result{Requeue: true}, nil\n\tdefault:\n\t}\n",
	"\tif err != nil {\n\t\tgoto out\n\t}\nout:\n",
	"\t_ = finalizer.Remove(ctx, r, obj, \"f\")\n",
	"\tif err := r.Delete(ctx, obj, client.PropagationPolicy(metav1.DeletePropagationForeground)); err != nil {\n\t\treturn ctrl.Result{}, err\n\t}\n",
	"\tif deleting := obj.GetDeletionTimestamp() != nil; deleting {\n\t\treturn ctrl.Result{}, nil\n\t}\n",
	"\terr = errors.Join(err, nil)\n",
	"\tobj = nil\n",
	"\tfunc() {\n\t\tobj := obj\n\t\t_ = obj\n\t}()\n",
	"\tvar list client.ObjectList\n\t_ = r.List(ctx, list, client.InNamespace(req.Namespace))\n",
	"\tpanic(\"unreachable\")\n",
	"\t_ = undefinedName(obj)\n",
	"\tx := \n",
	"\treturn\n",
}

// handSeeds are small whole files for FuzzSource, each a shape the rules
// must survive: dot imports, a package named client, a local type named
// Builder, missing imports, generics, aliases and ill-formed code.
var handSeeds = []string{
	`package client

import (
	"context"

	. "sigs.k8s.io/controller-runtime/pkg/client"
	ctrl "sigs.k8s.io/controller-runtime"
	corev1 "k8s.io/api/core/v1"
)

type Builder struct{ Client }

func (b *Builder) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj corev1.ConfigMap
	if err := b.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, IgnoreNotFound(err)
	}
	if obj.GetDeletionTimestamp() != nil {
		return ctrl.Result{}, b.Delete(ctx, &obj)
	}
	return ctrl.Result{}, nil
}
`,
	`package p

import "sigs.k8s.io/controller-runtime/pkg/builder"

type B = builder.Builder
type T[X any] struct{ b *B; x X }

func (t T[X]) Setup() error { return t.b.For(nil).Complete(nil) }
`,
	`package p

func f() {
	ctrl.NewControllerManagedBy(nil).For(&corev1.Pod{}).Complete(r)
	metav1.OwnerReference{Controller: ptr.To(true)}
}
`,
	`package p

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

func f(o metav1.Object) bool {
	if o.GetDeletionTimestamp() != nil {
		return true
	}
	return o.GetDeletionTimestamp( == nil
}
`,
}
