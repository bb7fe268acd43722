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
	if start, _ := nodeOf(f, o.call); start == nil {
		return false
	}
	return c.reachedMissing(f, b, o)
}

// reachedMissing reports whether block b of f is reached from o's lookup
// when the lookup finds its object missing: no test on the way turned that
// case away. True when the lookup's call is not known, or not in f's
// graph.
func (c *checker) reachedMissing(f *deletionpath.Func, b *cfg.Block, o origin) bool {
	if o.call == nil {
		return true
	}
	start, i := nodeOf(f, o.call)
	if start == nil {
		return true
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
// path removes (compared as GroupKinds): the removal's object, or, when
// it names none (a method of the API package that drops the finalizer
// from its receiver, in a helper), the kind f's code is for.
func (c *checker) ownKind(f *deletionpath.Func, t types.Type) bool {
	rem := c.removal(f)
	if rem == nil {
		return false
	}
	self, other := recognize.TypeKey(c.code.ReleasedType(f, rem)), recognize.TypeKey(t)
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
	calls := definingCalls(f, b, idx, v)
	if calls == nil {
		return nil, false
	}
	var last *ast.CallExpr
	for _, call := range calls {
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
		if hf == nil || c.testsNotFound(hf.Decl.Body) || !deletionpath.HandsOnError(c.info, hf.Obj, hf.Decl.Body, t) {
			return recognize.Lookup{}, false
		}
	}
	get := tr[len(tr)-1]
	l, ok := recognize.AsLookup(c.info, get)
	if !ok || l.Kind != recognize.LookupGet || l.Type == nil {
		return recognize.Lookup{}, false
	}
	hf, _ := c.code.Around(get)
	if hf == nil || c.isSelf(hf, l) || c.selfByArgs(call, tr) || c.keyedByListed(l) {
		return recognize.Lookup{}, false
	}
	return l, true
}

// selfByArgs reports whether the Get at the end of call's trace tr is keyed
// only by its function's parameters, and the calls on the way hand them the
// reconcile request's key, as they are (r.getThing(req.NamespacedName)): a
// re-read of the reconciled object through helpers.
func (c *checker) selfByArgs(call *ast.CallExpr, tr []*ast.CallExpr) bool {
	ps := c.deps.KeyParams(tr[len(tr)-1])
	chain := append([]*ast.CallExpr{call}, tr[:len(tr)-1]...)
	for k := len(chain) - 1; k >= 0 && len(ps) > 0; k-- {
		cc := chain[k]
		f, _ := c.code.Around(cc)
		if f == nil {
			return false
		}
		params := recognize.ParamIndexes(c.info, f.Decl.Type)
		var next []int
		for _, p := range ps {
			if p >= len(cc.Args) {
				return false
			}
			arg := ast.Unparen(cc.Args[p])
			if recognize.IsSelfKey(c.info, f.Decl.Body, arg) {
				continue
			}
			id, ok := arg.(*ast.Ident)
			if !ok {
				return false
			}
			i, ok := params[c.info.Uses[id]]
			if !ok {
				return false
			}
			next = append(next, i)
		}
		if len(next) == 0 {
			return true
		}
		ps = next
	}
	return false
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
		if call, ok := e.(*ast.CallExpr); ok && recognize.IsIgnoreNotFound(c.info, call) {
			found = true
		}
		return !found
	})
	return found
}
