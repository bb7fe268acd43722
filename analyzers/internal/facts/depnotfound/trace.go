package depnotfound

import (
	"go/ast"

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
	var out []*ast.CallExpr
	cur := call
	for depth := 0; depth < 8; depth++ {
		fn := recognize.Callee(r.info, cur)
		if fn == nil || r.calls[cur].seed || recognize.IsClientMethod(fn, "Get") {
			break
		}
		fd := r.decls[fn.Origin()]
		if fd == nil {
			break
		}
		want := r.calls[cur].why
		var next *ast.CallExpr
		for _, c := range callsOf(r.info, fd.Body) {
			if why := r.calls[c].why; why != "" && (want == "" || why == want) {
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
