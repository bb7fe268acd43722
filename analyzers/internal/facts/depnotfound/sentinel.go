package depnotfound

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// sentinel returns the key of the error value that every error return of
// stmts (outside function literals) gives in place of errObj, the error of
// a failed call: return errGone, or return fmt.Errorf("...: %w", errGone)
// without errObj. It returns "" when one of them hands errObj on, returns
// another value, or anything else: the call's not-found then leaves as it
// is.
func (rd *readScan) sentinel(stmts []ast.Stmt, errObj types.Object) string {
	info := rd.r.pass.TypesInfo
	key, ok := "", true
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if !ok || !rd.r.errorReturn(n, 0) {
					return false
				}
				k := errorValue(info, n.Results[len(n.Results)-1], errObj)
				if k == "" || key != "" && k != key {
					ok = false
				}
				key = k
				return false
			}
			return ok
		})
	}
	if !ok {
		return ""
	}
	return key
}

// errorValue returns the key of the package-level error variable that e
// is, or that e wraps with fmt.Errorf without mentioning errObj, or "".
func errorValue(info *types.Info, e ast.Expr, errObj types.Object) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return sentinelKey(recognize.PackageVar(info, e))
	}
	if fn := recognize.Callee(info, call); fn == nil || !recognize.IsFunc(fn, "fmt", "Errorf") || recognize.Mentions(info, call, errObj) {
		return ""
	}
	key := ""
	for _, a := range call.Args {
		if k := sentinelKey(recognize.PackageVar(info, a)); k != "" {
			if key != "" && k != key {
				return ""
			}
			key = k
		}
	}
	return key
}

// sentinelKey returns the key ("import/path.name") of v, a package-level
// variable that holds an error value, or "" when v is not one.
func sentinelKey(v *types.Var) string {
	if v == nil || !recognize.ImplementsError(v.Type()) {
		return ""
	}
	return v.Pkg().Path() + "." + v.Name()
}
