package depnotfound

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Trace returns, for a call that can produce a dependency-not-found error,
// the calls inside the package's own functions through which it does, from
// the called function down to the seed constructor or the read of the
// referenced object (the call itself excluded), so that a finding reported
// at a caller can name the lines to change. It stops at a function of
// another package, a call through an interface or a function value, and
// after a few levels.
func (r *Result) Trace(call *ast.CallExpr) []*ast.CallExpr {
	if r == nil || call == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*ast.CallExpr
	cur := call
	for depth := 0; depth < 8; depth++ {
		fn := recognize.Callee(r.pass.TypesInfo, cur)
		if fn == nil || r.seedFunc(fn) != "" || recognize.IsClientMethod(fn, "Get") {
			break
		}
		fd := r.declOf(fn)
		if fd == nil {
			break
		}
		want := r.evalCall(cur, nil).why
		var next *ast.CallExpr
		for _, c := range r.callsOf(fd.Body) {
			if e := r.evalCall(c, nil); e.why != "" && (want == "" || e.why == want) {
				next = c
				break
			}
		}
		if next == nil {
			break
		}
		out = append(out, next)
		cur = next
	}
	return out
}

// declOf returns the declaration of fn in the package, or nil.
func (r *Result) declOf(fn *types.Func) *ast.FuncDecl {
	if fn.Pkg() != r.pass.Pkg {
		return nil
	}
	if r.decls == nil {
		r.decls = make(map[*types.Func]*ast.FuncDecl)
		for _, f := range inspection.Of(r.pass).Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if obj, ok := r.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						r.decls[obj] = fd
					}
				}
			}
		}
	}
	return r.decls[fn.Origin()]
}
