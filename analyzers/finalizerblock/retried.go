package finalizerblock

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Lookups whose any error is returned (err != nil, then return err) are
// retries of what may be transient on the way to the deletion branch. In
// code that runs only while the object is being deleted they are not: the
// object looked up may be gone already, and then every retry fails the same
// way. retriedForGood and helperGet decide those cases.

// retriedForGood reports whether a retrying return after the err != nil
// test of o, in block b of code that runs only while deleting, keeps the
// finalizer for good once the looked-up object is gone: the test is reached
// when the lookup finds nothing (no not-found branch before it turned
// away), and the lookup is of another kind than the object being deleted
// (a lookup of its own kind re-reads it, or a peer).
func (c *checker) retriedForGood(f *deletionpath.Func, b *cfg.Block, o origin) bool {
	if o.call == nil {
		return false
	}
	kind := o.lookup.Type
	if kind == nil {
		kind = c.lookedUp(o)
	}
	if kind == nil || c.ownKind(f, kind) {
		return false
	}
	start, i := lookupNode(f, o.call)
	if start == nil {
		return false
	}
	reached := false
	f.Forward(start, i, func(x *cfg.Block, _ int) bool {
		reached = reached || x == b
		return !reached
	}, func(_ *cfg.Block, cond ast.Expr) []int {
		if v, ok := c.eval(f, cond, o, true); ok {
			return []int{edgeOf(v)}
		}
		return nil
	})
	return reached
}

// ownKind reports whether t is of the kind whose finalizer f's deletion
// path removes (compared as GroupKinds).
func (c *checker) ownKind(f *deletionpath.Func, t types.Type) bool {
	rem := c.removal(f)
	if rem == nil || rem.Object == nil {
		return false
	}
	self, other := recognize.TypeKey(c.info.TypeOf(rem.Object)), recognize.TypeKey(t)
	return self != "" && other != "" && c.kinds.Key(self) == c.kinds.Key(other)
}

// helperGet reports whether the error v at node idx of b comes only from
// calls of the package's helpers that hand back a client Get's error as it
// is (depnotfound's CanProduceStrict), each Get reading another object than
// the one its function was given; it returns the last such call.
func (c *checker) helperGet(f *deletionpath.Func, b *cfg.Block, idx int, v types.Object) (*ast.CallExpr, bool) {
	if c.deps == nil || v == nil {
		return nil, false
	}
	defs, complete := f.Definitions(b, idx, v)
	if !complete || len(defs) == 0 {
		return nil, false
	}
	var last *ast.CallExpr
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			return nil, false
		}
		if _, isLookup := recognize.AsLookup(c.info, call); isLookup {
			return nil, false // a lookup itself: definingLookup's
		}
		if fn := recognize.Callee(c.info, call); fn == nil || recognize.IsInterfaceMethod(fn) {
			// Through an interface, which implementation runs is not
			// known here (a framework's entry points are checked in
			// each implementation).
			return nil, false
		}
		if _, ok := c.deps.CanProduceStrict(call); !ok {
			return nil, false
		}
		if l, ok := c.tracedGet(call); !ok || c.ownKind(f, l.Type) {
			return nil, false
		}
		last = call
	}
	return last, true
}

// tracedGet returns the client Get that call hands the error of back, at
// the end of its trace, when it reads another object than the one its
// function was given (not a re-read keyed by the request or into a
// parameter, not a listed peer's object), and every function on the way
// hands the error of its call on as it is: it returns it (directly, or
// from the branch that tests it) and tests nothing for not-found (one that
// does may skip a gone object, or do so only when its caller asks).
func (c *checker) tracedGet(call *ast.CallExpr) (recognize.Lookup, bool) {
	tr := c.deps.TraceGet(call)
	if len(tr) == 0 {
		return recognize.Lookup{}, false
	}
	for _, t := range tr {
		hf, _ := c.code.Around(t)
		if hf == nil || c.testsNotFound(hf.Decl.Body) || !c.handsOnError(hf, t) {
			return recognize.Lookup{}, false
		}
	}
	get := tr[len(tr)-1]
	l, ok := recognize.AsLookup(c.info, get)
	if !ok || l.Kind != recognize.LookupGet || l.Type == nil {
		return recognize.Lookup{}, false
	}
	hf, _ := c.code.Around(get)
	if hf == nil || c.isSelf(hf, l) || c.keyedByListed(l) {
		return recognize.Lookup{}, false
	}
	return l, true
}

// testsNotFound reports whether body tests an error for not-found
// anywhere (apierrors.IsNotFound, client.IgnoreNotFound and the like).
func (c *checker) testsNotFound(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if _, ok := recognize.AsNotFoundTest(c.info, e); ok {
			found = true
		}
		if call, ok := e.(*ast.CallExpr); ok && recognize.IsFunc(recognize.Callee(c.info, call), recognize.PkgClient, "IgnoreNotFound") {
			found = true
		}
		return !found
	})
	return found
}

// handsOnError reports whether f returns the error of call: the call is
// returned, or its error variable is returned by the branch that tests it
// (if err != nil { return ..., err }, or a bare return of the named result
// it is) or, when no test follows, by a later return (err := c.Get(...);
// return obj, err).
func (c *checker) handsOnError(f *deletionpath.Func, call *ast.CallExpr) bool {
	body := f.Decl.Body
	returned, as, ifs := recognize.ErrorHandling(body, call)
	if returned {
		return true
	}
	if as == nil {
		// Assigned, and no test follows.
		ast.Inspect(body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Rhs) == 1 && ast.Unparen(a.Rhs[0]) == call {
				as = a
			}
			return as == nil
		})
	}
	if as == nil || len(as.Lhs) == 0 {
		return false
	}
	v := deletionpath.RootVar(c.info, as.Lhs[len(as.Lhs)-1])
	if v == nil || !recognize.IsError(v.Type()) {
		return false
	}
	scope := ast.Node(body)
	if ifs != nil {
		if x, whenNil, ok := recognize.NilTest(c.info, ifs.Cond); ok && !whenNil && deletionpath.RootVar(c.info, x) == v {
			scope = ifs.Body
		}
	}
	found := false
	ast.Inspect(scope, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case n.Pos() < as.End():
			case len(n.Results) > 0:
				found = recognize.Mentions(c.info, n.Results[len(n.Results)-1], v)
			default:
				found = namedResult(f.Obj, v)
			}
		}
		return !found
	})
	return found
}

// namedResult reports whether v is a named result of fn, which a bare
// return hands back.
func namedResult(fn *types.Func, v types.Object) bool {
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
