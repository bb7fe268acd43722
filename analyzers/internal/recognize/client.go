package recognize

import (
	"go/ast"
	"go/types"
)

// clientInterfaces are the controller-runtime client interfaces whose
// methods read or write objects.
var clientInterfaces = []string{
	"Reader", "Writer", "Client", "WithWatch", "StatusClient",
	"SubResourceWriter", "SubResourceClient", "StatusWriter",
}

// IsClientMethod reports whether fn is the controller-runtime client method
// name ("Get", "List", "Create", "Update", "Patch", "Apply", "Delete",
// "DeleteAllOf"), called through any of the client interfaces (also when
// embedded in a struct or another interface) or on a concrete type that
// implements client.Client, such as a wrapper or a fake.
func IsClientMethod(fn *types.Func, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	recv := Receiver(fn)
	if recv == nil {
		return false
	}
	for _, iface := range clientInterfaces {
		if IsNamed(recv, PkgClient, iface) {
			return true
		}
	}
	return implementsClient(recv)
}

// IsClientType reports whether t is a controller-runtime client: one of
// its client interfaces, or a type that implements client.Writer (a
// wrapper, a fake).
func IsClientType(t types.Type) bool {
	if t == nil {
		return false
	}
	for _, iface := range clientInterfaces {
		if IsNamed(t, PkgClient, iface) {
			return true
		}
	}
	return implementsClient(t)
}

// IsStatusWrite reports whether call is a write through the status
// subresource writer (c.Status().Update(...), c.Status().Patch(...)).
func IsStatusWrite(info *types.Info, call *ast.CallExpr) bool {
	fn := Callee(info, call)
	if fn == nil {
		return false
	}
	recv := Receiver(fn)
	return recv != nil && (IsNamed(recv, PkgClient, "SubResourceWriter") || IsNamed(recv, PkgClient, "StatusWriter"))
}

// implementsClient reports whether the named type t (or a pointer to it)
// implements sigs.k8s.io/controller-runtime/pkg/client.Client, looked up from
// the type's own package imports.
func implementsClient(t types.Type) bool {
	n := Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	iface := lookupInterface(n.Obj().Pkg(), PkgClient, "Writer")
	if iface == nil {
		return false
	}
	return Implements(t, iface)
}

// lookupInterface finds the interface path.name among the packages that pkg
// imports, directly or transitively, or nil.
func lookupInterface(pkg *types.Package, path, name string) *types.Interface {
	seen := make(map[*types.Package]bool)
	var find func(p *types.Package) *types.Interface
	find = func(p *types.Package) *types.Interface {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if PathIs(p.Path(), path) {
			if obj, ok := p.Scope().Lookup(name).(*types.TypeName); ok {
				if iface, ok := obj.Type().Underlying().(*types.Interface); ok {
					return iface
				}
			}
			return nil
		}
		for _, imp := range p.Imports() {
			if iface := find(imp); iface != nil {
				return iface
			}
		}
		return nil
	}
	return find(pkg)
}

// ClientCall describes a call of a controller-runtime client method.
type ClientCall struct {
	Call   *ast.CallExpr
	Method string   // "Get", "Create", ...
	Object ast.Expr // the object argument (Get's third, the others' second), or nil
	Status bool     // a write through Status()
}

// AsClientCall reports whether call is a controller-runtime client call of
// one of the object methods, and describes it.
func AsClientCall(info *types.Info, call *ast.CallExpr) (ClientCall, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return ClientCall{}, false
	}
	for _, m := range []string{"Get", "List", "Create", "Update", "Patch", "Apply", "Delete", "DeleteAllOf"} {
		if !IsClientMethod(fn, m) {
			continue
		}
		cc := ClientCall{Call: call, Method: m, Status: IsStatusWrite(info, call)}
		idx := 1
		if m == "Get" {
			idx = 2
		}
		if len(call.Args) > idx {
			cc.Object = call.Args[idx]
		}
		return cc, true
	}
	return ClientCall{}, false
}
