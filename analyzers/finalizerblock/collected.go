package finalizerblock

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// collectedTest returns the origin of a, a test of the length of a slice
// of errors (len(errs) > 0) into which the error branch of a lookup
// appends the lookup's error, itself or wrapped (errs = append(errs,
// fmt.Errorf("...: %w", err))): when the object is missing, that branch
// runs, so the slice is not empty and the test holds. The errors of
// several cleanups collected and returned together keep the finalizer as
// one returned at once does.
func (c *checker) collectedTest(f *deletionpath.Func, b *cfg.Block, idx int, a ast.Expr) (origin, bool) {
	errs, _, ok := c.lenTest(a)
	if !ok {
		return origin{}, false
	}
	defs, complete := f.Definitions(b, idx, errs)
	if !complete {
		return origin{}, false
	}
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok || !recognize.IsAppend(c.info, call) || len(call.Args) < 2 || deletionpath.RootVar(c.info, call.Args[0]) != errs {
			continue
		}
		for _, arg := range call.Args[1:] {
			v := c.errorIn(arg)
			ab, aidx := nodeOf(f, call)
			if v == nil || ab == nil || !c.onFailure(f, call, v) {
				continue
			}
			if o, ok := c.errTestOrigin(f, ab, aidx, v); ok {
				o.collected = errs
				return o, true
			}
		}
	}
	return origin{}, false
}

// onFailure reports whether the append call is a statement of the body of
// an if whose condition holds whenever the error v is a not-found: v !=
// nil, or a not-found test of v. An append under a further condition
// (only errors other than not-found) may not run.
func (c *checker) onFailure(f *deletionpath.Func, call *ast.CallExpr, v types.Object) bool {
	file := recognize.FileOf(c.pass.Files, f.Decl.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, call.Pos(), call.End())
	// path: call, the assignment, the if's body, the if.
	if len(path) < 4 {
		return false
	}
	if _, ok := path[1].(*ast.AssignStmt); !ok {
		return false
	}
	ifs, ok := path[3].(*ast.IfStmt)
	if !ok || path[2] != ifs.Body {
		return false
	}
	if x, whenNil, ok := recognize.NilTest(c.info, ifs.Cond); ok {
		return !whenNil && deletionpath.RootVar(c.info, x) == v
	}
	if t, ok := recognize.AsNotFoundTest(c.info, ifs.Cond); ok {
		return t.WhenNotFound && deletionpath.RootVar(c.info, t.Err) == v
	}
	return false
}

// collectedValue evaluates a, a length test of the slice o collects the
// lookup's error in: true (or false for == 0) when the lookup failed, and
// unknown when it succeeded, since other errors may be collected too.
func (c *checker) collectedValue(a ast.Expr, o origin, failed bool) (value, known bool) {
	errs, nonEmpty, ok := c.lenTest(a)
	if !ok || errs != o.collected || !failed {
		return false, false
	}
	return nonEmpty, true
}

// lenTest reports whether a tests that a variable of type []error holds
// errors, and whether it holds when it does: a comparison of its length
// with zero (len(errs) > 0, len(errs) != 0; len(errs) == 0 holds when it is
// empty: recognize.EmptyTest), or a nil test of the error made of it (errors.Join(errs...) !=
// nil, or of a variable given that value once: if err :=
// kerrors.NewAggregate(errs); err != nil), which is not nil once an error
// is collected.
func (c *checker) lenTest(a ast.Expr) (errs types.Object, nonEmpty, ok bool) {
	if x, whenNil, isNil := recognize.NilTest(c.info, a); isNil {
		if errs := c.aggregated(x); errs != nil {
			return errs, !whenNil, true
		}
		return nil, false, false
	}
	x, whenEmpty, isLen := recognize.EmptyTest(c.info, a)
	if !isLen {
		return nil, false, false
	}
	if v := errorSlice(c.info, x); v != nil {
		return v, !whenEmpty, true
	}
	return nil, false, false
}

// aggregated returns the []error variable that e, an error, is made of: a
// call of a function that takes only a slice of errors and returns one
// (errors.Join(errs...), kerrors.NewAggregate(errs),
// multierr.Combine(errs...)), or a variable whose one value is such a call.
func (c *checker) aggregated(e ast.Expr) types.Object {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		v, _ := c.info.Uses[id].(*types.Var)
		if v == nil {
			return nil
		}
		if e = inspection.Of(c.pass).Values.Sole(v); e == nil {
			return nil
		}
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !recognize.IsError(c.info.TypeOf(call)) {
		return nil
	}
	sig, ok := c.info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok || sig.Params().Len() != 1 {
		return nil
	}
	if s, ok := sig.Params().At(0).Type().Underlying().(*types.Slice); !ok || !recognize.IsError(s.Elem()) {
		return nil
	}
	return errorSlice(c.info, call.Args[0])
}

// errorSlice returns the variable of type []error that x is, or nil.
func errorSlice(info *types.Info, x ast.Expr) types.Object {
	v := deletionpath.RootVar(info, x)
	if v == nil {
		return nil
	}
	if s, isSlice := v.Type().Underlying().(*types.Slice); !isSlice || !recognize.IsError(s.Elem()) {
		return nil
	}
	return v
}

// errorIn returns the error variable e is or wraps: err, fmt.Errorf("...",
// err), errors.Wrap(err, "..."): the one argument of type error of a call
// that returns an error.
func (c *checker) errorIn(e ast.Expr) types.Object {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		if v := deletionpath.RootVar(c.info, id); v != nil && recognize.IsError(v.Type()) {
			return v
		}
		return nil
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || !recognize.IsError(c.info.TypeOf(call)) {
		return nil
	}
	var found types.Object
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && recognize.IsError(c.info.TypeOf(id)) {
			if found != nil {
				return nil
			}
			found = deletionpath.RootVar(c.info, id)
		}
	}
	return found
}
