package recognize

import (
	"go/ast"
	"go/types"
	"strings"
)

// A TypedCall is a call of a typed clientset's resource interface
// (clientset.AppsV1().StatefulSets(ns).Delete(ctx, name, opts): client-go's,
// one client-gen generated for a project's API, or any interface whose Get
// takes metav1.GetOptions and returns an object, as the generated
// controllers of rancher/wrangler do: jobs.Delete(namespace, name, opts))
// or of a lister's (lister.Services(ns).Get(name): client-go's listers, or
// generated ones). Such a call names its object's kind through its
// interface, not through an object argument.
type TypedCall struct {
	Call   *ast.CallExpr
	Method string // "Get", "List", "Create", "Update", "UpdateStatus", "Patch", "Apply", "Delete", "DeleteCollection"
	// Type is the resource's object type (*v1.Service), from the
	// interface's Get, or from the elements its List returns (a
	// lister of all namespaces has no Get).
	Type types.Type
	// Object is the object argument of a Create, Update or Apply, or nil.
	Object ast.Expr
	// Name is the name argument of a Get, Delete or Patch (the parameter
	// named name, or the first past the context), or nil.
	Name ast.Expr
	// Options is the metav1 options argument (the DeleteOptions of a
	// Delete or DeleteCollection, by value or pointer), or nil.
	Options ast.Expr
	// Lister reports a lister's read: from an informer's cache, failing
	// with a not-found error as the API server would.
	Lister bool
}

// AsTypedCall reports whether call is a method call of a typed clientset's
// resource interface or of a lister, with or without the context argument
// that client-go added in v0.18 (Delete(name, &opts) before it), and
// describes it.
func AsTypedCall(info *types.Info, call *ast.CallExpr) (TypedCall, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return TypedCall{}, false
	}
	r := Named(Receiver(fn))
	if r == nil || r.Obj().Pkg() == nil || !types.IsInterface(r) {
		return TypedCall{}, false
	}
	path := r.Obj().Pkg().Path() + "/"
	lister := strings.Contains(path, "/listers/")
	if !lister && !strings.Contains(path, "/typed/") && !typedByGet(r) {
		return TypedCall{}, false
	}
	tc := TypedCall{Call: call, Method: fn.Name(), Lister: lister}
	switch tc.Method {
	case "Get", "List", "Create", "Update", "UpdateStatus", "Patch", "Apply", "Delete", "DeleteCollection":
	default:
		return TypedCall{}, false
	}
	if get, _, _ := types.LookupFieldOrMethod(r, true, nil, "Get"); get != nil {
		if gf, ok := get.(*types.Func); ok {
			if rs := ResultTypes(gf); len(rs) > 0 && isObjectPointer(rs[0]) {
				tc.Type = rs[0]
			}
		}
	}
	if list, _, _ := types.LookupFieldOrMethod(r, true, nil, "List"); tc.Type == nil && list != nil && lister {
		if lf, ok := list.(*types.Func); ok {
			if rs := ResultTypes(lf); len(rs) > 0 {
				if sl, ok := rs[0].Underlying().(*types.Slice); ok && isObjectPointer(sl.Elem()) {
					tc.Type = sl.Elem() // List(selector) ([]*v1.Service, error)
				}
			}
		}
	}
	if tc.Type == nil {
		return TypedCall{}, false // a getter of something else than objects
	}
	tc.args(info, fn, call)
	return tc, true
}

// args sets the object, name and options arguments of tc's call of fn.
func (tc *TypedCall) args(info *types.Info, fn *types.Func, call *ast.CallExpr) {
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && !sig.Variadic() {
		for i := range min(sig.Params().Len(), len(call.Args)) {
			if t := sig.Params().At(i).Type(); IsNamedOrPointer(t, PkgMetaV1, "DeleteOptions") {
				tc.Options = call.Args[i]
			}
		}
	}
	// The first argument, past the context when the method takes one.
	args := call.Args
	if sig != nil && sig.Params().Len() > 0 && IsNamed(sig.Params().At(0).Type(), "context", "Context") {
		args = args[min(1, len(args)):]
	}
	if len(args) == 0 {
		return
	}
	switch tc.Method {
	case "Create", "Update", "UpdateStatus", "Apply":
		tc.Object = args[0]
	case "Get", "Delete", "Patch":
		name := args[0]
		if sig != nil {
			// Get(namespace, name string, ...): the parameter says which.
			for i := range min(sig.Params().Len(), len(call.Args)) {
				if sig.Params().At(i).Name() == "name" {
					name = call.Args[i]
				}
			}
		}
		if t := info.TypeOf(name); t != nil {
			if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				tc.Name = name
			}
		}
	}
}

// typedByGet reports whether the interface r reads objects as a typed
// client does, wherever it is generated: its Get takes metav1.GetOptions
// and returns an object.
func typedByGet(r *types.Named) bool {
	get, _, _ := types.LookupFieldOrMethod(r, true, nil, "Get")
	gf, ok := get.(*types.Func)
	if !ok {
		return false
	}
	sig := gf.Type().(*types.Signature)
	if rs := ResultTypes(gf); len(rs) != 2 || !isObjectPointer(rs[0]) {
		return false
	}
	for i := range sig.Params().Len() {
		if IsNamed(sig.Params().At(i).Type(), PkgMetaV1, "GetOptions") {
			return true
		}
	}
	return false
}

// isObjectPointer reports whether t is a pointer to a struct with
// ObjectMeta: a Kubernetes object.
func isObjectPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && IsObjectStruct(p.Elem())
}

// IsObjectStruct reports whether t is a struct type that embeds
// ObjectMeta: a Kubernetes object's kind, not one of its parts.
func IsObjectStruct(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && IsNamed(f.Type(), PkgMetaV1, "ObjectMeta") {
			return true
		}
	}
	return false
}

// AsGet reports whether call reads one object by its key and fails with a
// not-found error when it is missing: a controller-runtime client's
// Get(ctx, key, obj), a typed clientset's or a lister's Get(name), or the
// dynamic client's. It returns the key (the name, for a typed or dynamic
// Get).
func AsGet(info *types.Info, call *ast.CallExpr) (key ast.Expr, ok bool) {
	if fn := Callee(info, call); IsClientMethod(fn, "Get") {
		if len(call.Args) < 3 {
			return nil, false
		}
		return call.Args[1], true
	}
	if tc, ok := AsTypedCall(info, call); ok && tc.Method == "Get" && tc.Name != nil {
		return tc.Name, true
	}
	if name, _, ok := AsDynamicGet(info, call); ok {
		return name, true
	}
	return nil, false
}

// PkgCache is client-go's informer cache package.
const PkgCache = "k8s.io/client-go/tools/cache"

// FromQueueKey reports whether the key expression e, in body, derives from
// a work-queue key: a variable body declares from
// cache.SplitMetaNamespaceKey (ns, name, err :=
// cache.SplitMetaNamespaceKey(key)), as a client-go controller's sync
// handler reads the object it was queued for. Such a read, like a Get by
// the reconcile request, is of the reconciled object itself.
func FromQueueKey(info *types.Info, body ast.Node, e ast.Expr) bool {
	if body == nil || e == nil {
		return false
	}
	split := make(map[types.Object]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return true
		}
		if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && IsFunc(Callee(info, call), PkgCache, "SplitMetaNamespaceKey") {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if obj := info.ObjectOf(id); obj != nil {
						split[obj] = true
					}
				}
			}
		}
		return true
	})
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && split[info.Uses[id]] {
			found = true
		}
		return !found
	})
	return found
}

// IsSelfKey reports whether the key of a read in body names the reconciled
// object itself: it derives from the reconcile request (IsRequestKey) or
// from a client-go controller's work-queue key (FromQueueKey).
func IsSelfKey(info *types.Info, body ast.Node, key ast.Expr) bool {
	return key != nil && (IsRequestKey(info, key) || FromQueueKey(info, body, key))
}
