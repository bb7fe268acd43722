package recognize

import (
	"go/ast"
	"go/types"
)

// PkgDynamic is client-go's dynamic client.
const PkgDynamic = "k8s.io/client-go/dynamic"

// AsDynamicGet reports whether call is a Get of client-go's dynamic client
// (dyn.Resource(gvr).Namespace(ns).Get(ctx, name, opts), or Get(name, opts)
// before client-go v0.18): a read of one object whose kind the resource
// chosen at run time decides, failing with a not-found error when the
// object does not exist. It returns the name argument and the type read
// (*unstructured.Unstructured).
//
// Only the dynamic client's reads are recognised: its writes and deletions
// are of a kind unknown here, which no rule can judge.
func AsDynamicGet(info *types.Info, call *ast.CallExpr) (name ast.Expr, t types.Type, ok bool) {
	fn := Callee(info, call)
	if fn == nil || fn.Name() != "Get" {
		return nil, nil, false
	}
	r := Named(Receiver(fn))
	if r == nil || r.Obj().Pkg() == nil || r.Obj().Pkg().Path() != PkgDynamic || !types.IsInterface(r) {
		return nil, nil, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() != 2 {
		return nil, nil, false
	}
	for i := range min(sig.Params().Len(), len(call.Args)) {
		if sig.Params().At(i).Name() == "name" {
			name = call.Args[i]
		}
	}
	if name == nil {
		// Past the context, when the method takes one.
		i := 0
		if sig.Params().Len() > 0 && IsNamed(sig.Params().At(0).Type(), "context", "Context") {
			i = 1
		}
		if i >= len(call.Args) {
			return nil, nil, false
		}
		name = call.Args[i]
	}
	return name, sig.Results().At(0).Type(), true
}
