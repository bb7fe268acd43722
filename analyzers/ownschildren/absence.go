package ownschildren

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// madeWithWatched reports whether the owner reference at is set only on
// paths where a lookup of an object of a watched kind found it absent
// (if err := r.Get(ctx, key, pod); apierrors.IsNotFound(err) { ensure the
// Secret; create the Pod }), in its function or, through every call of a
// helper, in the callers: such a child is made again whenever the watched
// object is, and a watch of the child would not bring it back while that
// object exists, so the missing Owns is not what keeps it from being
// repaired.
func madeWithWatched(code *deletionpath.Code, kinds *groupkind.Index, watched map[string]bool, at ast.Node) bool {
	return guardedByAbsence(code, kinds, watched, at, 0)
}

func guardedByAbsence(code *deletionpath.Code, kinds *groupkind.Index, watched map[string]bool, at ast.Node, depth int) bool {
	f, b := code.Around(at)
	if f == nil || depth > 3 {
		return false
	}
	if absentEdgeDominates(code, kinds, watched, f, b) {
		return true
	}
	calls, ok := code.Calls(f.Obj)
	if !ok || len(calls) == 0 {
		return false
	}
	for _, c := range calls {
		if c.Func == f || !guardedByAbsence(code, kinds, watched, c.Call, depth+1) {
			return false
		}
	}
	return true
}

// absentEdgeDominates reports whether block target of f runs only after a
// condition found a lookup of a watched kind not found: every path from
// the entry to target takes that edge.
func absentEdgeDominates(code *deletionpath.Code, kinds *groupkind.Index, watched map[string]bool, f *deletionpath.Func, target *cfg.Block) bool {
	for _, b := range f.CFG.Blocks {
		cond := code.Cond(b)
		if cond == nil || !b.Live {
			continue
		}
		t, ok := recognize.AsNotFoundTest(code.Info, cond)
		if !ok || !t.Exact {
			continue
		}
		v := deletionpath.RootVar(code.Info, t.Err)
		kind := lookedUpKind(code.Info, f, b, v)
		if kind == "" || !watched[kinds.Key(kind)] {
			continue
		}
		edge := 1
		if t.WhenNotFound {
			edge = 0
		}
		if f.Dominates(b, edge, target) {
			return true
		}
	}
	return false
}

// lookedUpKind returns the kind of the object that the lookup whose error
// v holds at the end of block b reads, when every definition of v there is
// such a lookup of one kind, or "".
func lookedUpKind(info *types.Info, f *deletionpath.Func, b *cfg.Block, v types.Object) string {
	if v == nil {
		return ""
	}
	defs, complete := f.Definitions(b, len(b.Nodes)-1, v)
	if !complete || len(defs) == 0 {
		return ""
	}
	kind := ""
	for _, d := range defs {
		call, ok := ast.Unparen(d).(*ast.CallExpr)
		if !ok {
			return ""
		}
		l, ok := recognize.AsLookup(info, call)
		if !ok || l.Type == nil {
			return ""
		}
		k := objkind.Of(l.Type)
		if k == "" || kind != "" && k != kind {
			return ""
		}
		kind = k
	}
	return kind
}
