package deletionpath

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// HandsOnError reports whether body, the body of fn (nil for a function
// literal), hands the error of call on to its caller, who then sees it (a
// reconciler retries): the call is returned; or its error is assigned to a
// variable v and
//
//   - the branch a failure of call takes, of the if statement that holds
//     or follows the assignment and tests v, returns an error (any non-nil
//     one: a wrapped or a new error is a retry as much as v), returns v
//     bare as fn's named result, or collects v into a variable (errs =
//     append(errs, err)) that body returns (errors.Join(errs...));
//   - or, when there is no such branch or it does not end in a return (the
//     failure goes on past it), a later return of body gives an error
//     result that mentions v, or returns v bare (err := c.Get(...); return
//     obj, err).
func HandsOnError(info *types.Info, fn *types.Func, body *ast.BlockStmt, call *ast.CallExpr) bool {
	returned, as, ifs := recognize.ErrorHandling(body, call)
	if returned {
		return true
	}
	if as == nil && body != nil {
		// Assigned, and no test follows.
		ast.Inspect(body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Rhs) == 1 && ast.Unparen(a.Rhs[0]) == call {
				as = a
			}
			return as == nil
		})
	}
	v := ErrorVar(info, as, call)
	if v == nil {
		return false
	}
	named := namedResult(fn, v)
	if ifs != nil && recognize.Mentions(info, ifs.Cond, v) {
		// The branch a failure takes: the body, unless the condition says
		// the error is nil or not-found there.
		var branch ast.Node = ifs.Body
		if val, known := Eval(ifs.Cond, func(cond ast.Expr) (bool, bool) { return FailureValue(info, cond, v) }); known && !val {
			branch = ifs.Else
		}
		if branch != nil {
			returns, collectors := returnsError(info, branch, v, named)
			if returns || len(collectors) > 0 && returnsMentioning(info, body, collectors, as.End()) {
				return true
			}
			if endsInReturn(branch) {
				return false
			}
		}
	}
	return returnsMentioning(info, body, []types.Object{v}, as.End()) ||
		named && returnsBare(body, as.End())
}

// returnsError reports whether a return statement in n (not in a function
// literal) gives a non-nil error, or, when v is a named result, is bare; and
// returns the variables n collects v into.
func returnsError(info *types.Info, n ast.Node, v types.Object, named bool) (returns bool, collectors []types.Object) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 && named {
				returns = true
			}
			for _, r := range n.Results {
				if t := info.TypeOf(r); t != nil && recognize.IsError(t) && !recognize.IsNil(info, r) {
					returns = true
				}
			}
		case *ast.AssignStmt:
			// errs = append(errs, err), result = multierr.Append(result, err)
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && recognize.Mentions(info, n.Rhs[0], v) {
				if e := RootVar(info, n.Lhs[0]); e != nil && e != v {
					collectors = append(collectors, e)
				}
			}
		}
		return !returns
	})
	return returns, collectors
}

// returnsMentioning reports whether a return statement of body after pos
// (not of a function literal in it) gives an error result that mentions
// one of vars.
func returnsMentioning(info *types.Info, body *ast.BlockStmt, vars []types.Object, pos token.Pos) bool {
	return anyReturn(body, pos, func(ret *ast.ReturnStmt) bool {
		return slices.ContainsFunc(ret.Results, func(r ast.Expr) bool {
			t := info.TypeOf(r)
			return t != nil && recognize.IsError(t) && slices.ContainsFunc(vars, func(v types.Object) bool { return recognize.Mentions(info, r, v) })
		})
	})
}

// returnsBare reports whether body has a bare return statement after pos
// (not in a function literal).
func returnsBare(body *ast.BlockStmt, pos token.Pos) bool {
	return anyReturn(body, pos, func(ret *ast.ReturnStmt) bool { return len(ret.Results) == 0 })
}

// anyReturn reports whether a return statement of body after pos (not of
// a function literal in it) satisfies ok.
func anyReturn(body *ast.BlockStmt, pos token.Pos, ok func(*ast.ReturnStmt) bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = n.Pos() >= pos && ok(n)
		}
		return !found
	})
	return found
}

// endsInReturn reports whether n is a block whose last statement is a
// return.
func endsInReturn(n ast.Node) bool {
	b, ok := n.(*ast.BlockStmt)
	if !ok || len(b.List) == 0 {
		return false
	}
	_, ok = b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// ErrorVar returns the error variable that as assigns call's result to,
// or nil.
func ErrorVar(info *types.Info, as *ast.AssignStmt, call *ast.CallExpr) types.Object {
	if as == nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(as.Lhs) == 0 {
		return nil
	}
	v := RootVar(info, as.Lhs[len(as.Lhs)-1])
	if v == nil || !recognize.IsError(v.Type()) {
		return nil
	}
	return v
}

// FailureValue gives the value of the condition atom cond when the error
// variable v holds an error other than not-found, from a failed API call
// (a Delete's): err != nil holds, apierrors.IsNotFound(err),
// client.IgnoreNotFound(err) == nil and errors.Is(err, ErrNotHolder) with
// a sentinel error of the operator's own code do not (an API call's
// failure is never one of those, though a helper may return one on a path
// of its own).
func FailureValue(info *types.Info, cond ast.Expr, v types.Object) (value, known bool) {
	if x, whenNil, ok := recognize.NilTest(info, cond); ok && RootVar(info, x) == v {
		return !whenNil, true
	}
	if t, ok := recognize.AsNotFoundTest(info, cond); ok && RootVar(info, t.Err) == v {
		return !t.WhenNotFound, true
	}
	if x, ok := ownSentinelTest(info, cond); ok && RootVar(info, x) == v {
		return false, true
	}
	return false, false
}

// ownSentinelTest returns err when cond is errors.Is(err, target) (of the
// standard library or github.com/pkg/errors) and target is a package-level
// error variable declared outside the standard library and the Kubernetes
// libraries: a sentinel of the operator's own code.
func ownSentinelTest(info *types.Info, cond ast.Expr) (ast.Expr, bool) {
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil, false
	}
	fn := recognize.Callee(info, call)
	if fn == nil || fn.Name() != "Is" || fn.Pkg() == nil || (fn.Pkg().Path() != "errors" && fn.Pkg().Path() != "github.com/pkg/errors") {
		return nil, false
	}
	target := recognize.PackageVar(info, call.Args[1])
	if target == nil || target.Pkg() == nil || !recognize.IsError(target.Type()) {
		return nil, false
	}
	if path := target.Pkg().Path(); recognize.IsStdPath(path) || recognize.PathUnder(path, "k8s.io") || recognize.PathUnder(path, "sigs.k8s.io") {
		return nil, false // the standard library's (context.Canceled), or the API's
	}
	return call.Args[0], true
}

// namedResult reports whether v is a named result of fn (nil: none), which
// a bare return hands back.
func namedResult(fn *types.Func, v types.Object) bool {
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	for r := range sig.Results().Variables() {
		if r == v {
			return true
		}
	}
	return false
}
