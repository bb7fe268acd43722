package depnotfound

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Trace returns, for a call that can produce a dependency-not-found error,
// the calls inside the package's own functions through which it does, from
// the called function down to the seed constructor or the read of the
// referenced object (the call itself excluded), so that a finding reported
// at a caller can name the lines to change. A call through an interface
// goes on into the first of the package's implementations (by key) that
// can produce it. It stops at a function of another package, a function
// value, and after a few levels.
func (r *Result) Trace(call *ast.CallExpr) []*ast.CallExpr {
	return r.TraceWay(call, nil)
}

// TraceWay is Trace for the not-found errors that leave call way (one of
// Ways(call)), or for any when way is nil: in each body it follows a call
// whose not-found leaves the body that way, down to where a not-found is
// answered with the error value (after which any not-found will do).
func (r *Result) TraceWay(call *ast.CallExpr, way *Way) []*ast.CallExpr {
	return r.trace(call, way, func(a answer) string { return a.why }, func(a answer) string { return cmp.Or(a.why, a.condWhy) })
}

// TraceGet is Trace for a call whose error can be a client Get's, as it is
// (CanProduceStrict): the calls through which it is, down to the Get.
func (r *Result) TraceGet(call *ast.CallExpr) []*ast.CallExpr {
	return r.trace(call, nil, func(a answer) string { return a.get }, nil)
}

// trace follows, from call, the first call of each body that can produce
// what of(answer) names or, in a body with none, what orElse(answer) names
// (when not nil): a production that depends on what the body is handed.
func (r *Result) trace(call *ast.CallExpr, way *Way, of, orElse func(answer) string) []*ast.CallExpr {
	if r == nil || call == nil {
		return nil
	}
	var out []*ast.CallExpr
	cur := call
	for depth := 0; depth < 8; depth++ {
		if _, get := recognize.AsGet(r.info, cur); r.calls[cur].seed || get {
			break
		}
		runs := r.runs(cur)
		want := of(r.calls[cur])
		if want == "" && orElse != nil {
			want = orElse(r.calls[cur])
		}
		var next *ast.CallExpr
		for _, impl := range runs {
			if next = r.producing(r.decls[impl], want, way, of); next != nil {
				break
			}
		}
		for _, impl := range runs {
			if next != nil || orElse == nil {
				break
			}
			next = r.producing(r.decls[impl], want, way, orElse)
		}
		if next == nil {
			break
		}
		if _, mapped := r.sentinels[next]; mapped {
			way = nil // answered with the value: any not-found below
		}
		out = append(out, next)
		cur = next
	}
	return out
}

// leaves reports whether a not-found of c, a call of one of the package's
// functions, can leave that function way: as the error value the function
// answers c's error with, or as c's own ways.
func (r *Result) leaves(c *ast.CallExpr, way *Way) bool {
	if way == nil {
		return true
	}
	if s, ok := r.sentinels[c]; ok {
		return s == way.Value
	}
	a := r.calls[c]
	switch {
	case len(a.via) == 0:
		return way.Value == ""
	case way.Value == "":
		return a.bare
	}
	return slices.ContainsFunc(a.via, func(w Way) bool { return w.Value == way.Value })
}

// runs returns the package's functions call runs: its callee's (bodies)
// or, for a call of a struct field of function type, the functions and
// methods the package assigns to the field (values.Index.FuncField), as
// the summaries evaluate it.
func (r *Result) runs(call *ast.CallExpr) []*types.Func {
	if fn := recognize.Callee(r.info, call); fn != nil {
		return r.bodies(fn)
	}
	var out []*types.Func
	for _, f := range r.values.FuncField(call.Fun) {
		if fn, ok := r.info.Uses[recognize.NameOf(f)].(*types.Func); ok && !recognize.IsInterfaceMethod(fn) {
			out = append(out, fn.Origin())
		}
	}
	return out
}

// bodies returns the package's functions a call of fn runs: fn, or for an
// interface method its implementations, sorted by key.
func (r *Result) bodies(fn *types.Func) []*types.Func {
	if !recognize.IsInterfaceMethod(fn) {
		return []*types.Func{fn.Origin()}
	}
	return r.methods.Implementing(fn)
}

// producing returns the first call of fd's body whose of(answer) is want
// (any non-empty one when want is "") and whose not-found leaves fd way
// (any, when way is nil), or nil. A read whose not-found the
// body ends with nil comes last: the error the body hands on is another's;
// a call whose every error the body drops (logged and overwritten) is
// never one.
func (r *Result) producing(fd *ast.FuncDecl, want string, way *Way, of func(answer) string) *ast.CallExpr {
	if fd == nil {
		return nil
	}
	var tolerated *ast.CallExpr
	for _, c := range callsOf(r.info, fd.Body) {
		a := r.calls[c]
		if a.dropped || !r.leaves(c, way) {
			continue // its errors stop in fd, or leave it another way
		}
		if why := of(a); why != "" && (want == "" || why == want) {
			if !a.tolerated {
				return c
			}
			if tolerated == nil {
				tolerated = c
			}
		}
	}
	return tolerated
}
