// Package clients tells the operator's own client, which talks to the
// cluster the operator runs in (the one whose RBAC its manifests grant),
// from clients of other clusters: a workload cluster's or a tenant control
// plane's, made with client.New from a kubeconfig or looked up in a cache
// of cluster clients. What such a client writes is checked by another API
// server, and watched by no controller of the manager.
package clients

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// maxDepth bounds the callers followed through parameters.
const maxDepth = 3

// Remote reports whether the client expression e (a receiver, as c in
// c.Create(ctx, obj), or an argument, as in
// controllerutil.CreateOrUpdate(ctx, c, obj, mutate)) is another
// cluster's: rooted at a variable assigned the result of a call other than
// the manager's GetClient, or at a parameter of a function of the package
// every call of which passes such a client (values.Index.Arguments).
func Remote(info *types.Info, vals *values.Index, e ast.Expr) bool {
	return remote(info, vals, e, 0)
}

func remote(info *types.Info, vals *values.Index, e ast.Expr, depth int) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.CallExpr:
			e = x.Fun
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			return ok && remoteVar(info, vals, v, depth)
		default:
			return false
		}
	}
}

// remoteVar reports whether v holds another cluster's client: it is
// assigned the result of a call that is not the manager's own client, or
// it is a parameter whose every caller passes one.
func remoteVar(info *types.Info, vals *values.Index, v *types.Var, depth int) bool {
	for _, as := range vals.Assignments(v) {
		if as.Value == nil || as.Result != 0 {
			continue
		}
		if call, ok := ast.Unparen(as.Value).(*ast.CallExpr); ok && !isLocalClient(info, call) {
			return true
		}
	}
	if depth >= maxDepth {
		return false
	}
	args, ok := vals.Arguments(v)
	if !ok || len(args) == 0 {
		return false
	}
	for _, arg := range args {
		if !remote(info, vals, arg.Expr, depth+1) {
			return false
		}
	}
	return true
}

// isLocalClient reports whether call returns the manager's own client
// (mgr.GetClient(), cluster.GetClient()), as opposed to a client for another
// cluster.
func isLocalClient(info *types.Info, call *ast.CallExpr) bool {
	fn := recognize.Callee(info, call)
	if fn == nil || fn.Name() != "GetClient" {
		return false
	}
	r := recognize.Receiver(fn)
	return r != nil && (recognize.IsNamed(r, recognize.PkgManager, "Manager") ||
		recognize.IsNamed(r, recognize.PkgControllerRuntime+"/pkg/cluster", "Cluster"))
}
