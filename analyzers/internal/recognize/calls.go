package recognize

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns the function or method that call statically calls,
// normalised to its generic origin, or nil for calls of builtins, conversions
// and function values. Calls of interface methods return the abstract method.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	return fn.Origin()
}

// IsFunc reports whether fn is the package-level function path.name.
func IsFunc(fn *types.Func, path, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return false
	}
	return PathIs(fn.Pkg().Path(), path)
}

// IsMethod reports whether fn is the method name of the named type
// path.recv (value or pointer receiver, through aliases and instantiation),
// or of an interface type path.recv.
func IsMethod(fn *types.Func, path, recv, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	r := Receiver(fn)
	return r != nil && IsNamed(r, path, recv)
}

// Receiver returns the receiver's named type (pointer removed) of a method,
// or nil for a function. For an interface method it is the interface's named
// type when the interface is named.
func Receiver(fn *types.Func) types.Type {
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	return Unpointer(sig.Recv().Type())
}

// IsInterfaceMethod reports whether fn is an abstract (interface) method.
func IsInterfaceMethod(fn *types.Func) bool {
	r := Receiver(fn)
	if r == nil {
		return false
	}
	_, ok := r.Underlying().(*types.Interface)
	return ok
}

// ResultTypes returns the result types of fn's signature.
func ResultTypes(fn *types.Func) []types.Type {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return nil
	}
	res := sig.Results()
	out := make([]types.Type, res.Len())
	for i := range out {
		out[i] = res.At(i).Type()
	}
	return out
}

// ReturnsError reports whether fn's last result is an error.
func ReturnsError(fn *types.Func) bool {
	rs := ResultTypes(fn)
	return len(rs) > 0 && IsError(rs[len(rs)-1])
}

// TakesClient reports whether one of fn's parameters is a controller-runtime
// client.Client or client.Reader: a function that reads objects through it.
func TakesClient(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Params().Len() {
		pt := sig.Params().At(i).Type()
		if IsNamed(pt, PkgClient, "Reader") || IsNamed(pt, PkgClient, "Client") {
			return true
		}
	}
	return false
}

// FuncKey returns a stable, human-readable name for fn: "path.Name" for a
// function and "path.Recv.Name" for a method. It is the form settings use.
func FuncKey(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if r := Receiver(fn); r != nil {
		if n := Named(r); n != nil {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
		return ""
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// DisplayName names fn as a finding does: F for a function, T.M for a
// method of T, so that two methods of one name (each type's Reconcile)
// are told apart.
func DisplayName(fn *types.Func) string {
	if r := ReceiverName(fn); r != "" {
		return r + "." + fn.Name()
	}
	return fn.Name()
}

// ReceiverName is the name of the type whose method fn is, or "" for a
// function.
func ReceiverName(fn *types.Func) string {
	if n := Named(Unpointer(Receiver(fn))); n != nil {
		return n.Obj().Name()
	}
	return ""
}

// ctrlAliases maps the function-valued variables of the top-level
// controller-runtime package (imported as ctrl) to the functions they alias.
var ctrlAliases = map[string]string{
	"NewControllerManagedBy": PkgBuilder + ".ControllerManagedBy",
	"SetControllerReference": PkgControllerutil + ".SetControllerReference",
	"CreateOrUpdate":         PkgControllerutil + ".CreateOrUpdate",
}

// CallKey returns the qualified name of what call calls, in the form
// FuncKey gives, also for package-level function variables; calls through the
// ctrl package's aliases are given the key of the aliased function. Vendored
// paths are returned as they are: match keys with KeyIs.
func CallKey(info *types.Info, call *ast.CallExpr) string {
	switch obj := typeutil.Callee(info, call).(type) {
	case *types.Func:
		return FuncKey(obj.Origin())
	case *types.Var:
		if obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return ""
		}
		if PathIs(obj.Pkg().Path(), PkgControllerRuntime) {
			if k, ok := ctrlAliases[obj.Name()]; ok {
				return k
			}
		}
		return obj.Pkg().Path() + "." + obj.Name()
	}
	return ""
}

// KeyIs reports whether key, from CallKey or FuncKey, names path.name (name
// is "Func" or "Type.Method"), allowing vendored copies of path.
func KeyIs(key, path, name string) bool {
	// key ends in path.name, whole or after a '/'; compared in place, as
	// this runs for every call the rules look at.
	n := len(path) + 1 + len(name)
	if len(key) < n {
		return false
	}
	tail := key[len(key)-n:]
	return tail[:len(path)] == path && tail[len(path)] == '.' && tail[len(path)+1:] == name &&
		(len(key) == n || key[len(key)-n-1] == '/')
}

// Exportable reports whether facts can be attached to fn: package-level
// functions and methods of package-level named types.
func Exportable(fn *types.Func) bool {
	if Receiver(fn) == nil {
		return fn.Parent() == fn.Pkg().Scope()
	}
	n := Named(Receiver(fn))
	return n != nil && n.Obj().Parent() == fn.Pkg().Scope()
}
