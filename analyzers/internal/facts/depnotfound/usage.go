package depnotfound

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// A referenced object can wait for the object that refers to it. Crossplane's
// ProviderConfigs do: crossplane-runtime's ProviderConfig reconciler keeps a
// ProviderConfig (its in-use finalizer) while any ProviderConfigUsage refers
// to it, and a managed resource's connector records that usage (a Track call
// given the resource, as the usage trackers have) on the pass that first
// connects, before the resource's finalizer holds anything. A read of the
// ProviderConfig through the resource's provider config reference, in a
// function that tracks the resource's usage (before the read or after it),
// cannot fail with not-found while the resource exists: it is not a
// dependency that can be gone first.

// usageHeld reports whether key derives from the provider config
// reference of an object (obj.GetProviderConfigReference(), directly or
// through local variables) whose usage rd's function tracks.
func (rd *readScan) usageHeld(key ast.Expr) bool {
	info := rd.r.pass.TypesInfo
	var holders []types.Object
	seen := make(map[types.Object]bool)
	var walk func(e ast.Expr, depth int)
	walk = func(e ast.Expr, depth int) {
		if depth > 4 {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "GetProviderConfigReference" && len(n.Args) == 0 {
					if o := recognize.RootObject(info, sel.X); o != nil {
						holders = append(holders, o)
					}
					return false
				}
			case *ast.Ident:
				if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && !seen[v] {
					seen[v] = true
					for _, d := range rd.varDefs(v) {
						walk(d, depth+1)
					}
				}
			}
			return true
		})
	}
	walk(key, 0)
	for _, h := range holders {
		if rd.tracks(h) {
			return true
		}
	}
	return false
}

// tracks reports whether rd's function calls a method or function named
// Track (or track: a field or variable holding a tracker's method) with
// obj among its arguments.
func (rd *readScan) tracks(obj types.Object) bool {
	info := rd.r.pass.TypesInfo
	found := false
	ast.Inspect(rd.body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		var name string
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.SelectorExpr:
			name = f.Sel.Name
		case *ast.Ident:
			name = f.Name
		}
		if !strings.EqualFold(name, "Track") {
			return true
		}
		for _, a := range call.Args {
			if recognize.RootObject(info, a) == obj {
				found = true
			}
		}
		return !found
	})
	return found
}
