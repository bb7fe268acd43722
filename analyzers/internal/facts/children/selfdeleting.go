package children

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// selfDeletingFact is the fact of a package that gives objects of some
// kinds a time to live after they finish (a TTLSecondsAfterFinished field,
// at any depth of the object, set to a value): such an object deletes
// itself once done. Kinds is sorted, for a deterministic encoding.
type selfDeletingFact struct {
	Kinds []string
}

// AFact implements analysis.Fact.
func (*selfDeletingFact) AFact() {}

func (f *selfDeletingFact) String() string { return "self-deleting " + strings.Join(f.Kinds, ", ") }

// ttlField is the field that makes a finished object delete itself: a
// batch/v1 Job's spec has it, and so do the completion policies of other
// projects' run-to-completion kinds.
const ttlField = "TTLSecondsAfterFinished"

// findSelfDeleting returns the kinds to which the package, or a package it
// depends on, gives a time to live after they finish, as kind keys of
// groupkind.Index.Key, and exports the package's own in a fact.
func (a *state) findSelfDeleting(insp *inspector.Inspector) map[string]bool {
	pass := a.pass
	info := pass.TypesInfo
	var own []string
	add := func(t types.Type) {
		if k := objkind.Of(t); k != "" && recognize.IsObjectStruct(recognize.Unpointer(t)) && !slices.Contains(own, k) {
			own = append(own, k)
		}
	}
	for c := range insp.Root().Preorder((*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); !ok || id.Name != ttlField || isNil(info, n.Value) {
				continue
			}
			// The object is the outermost literal around the field.
			var obj types.Type
			for e := range c.Enclosing((*ast.CompositeLit)(nil)) {
				obj = info.TypeOf(e.Node().(*ast.CompositeLit))
			}
			if obj != nil {
				add(obj)
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != ttlField || i >= len(n.Rhs) || isNil(info, n.Rhs[i]) {
					continue
				}
				// job.Spec.TTLSecondsAfterFinished = ...: the kind of job.
				x := sel.X
				for {
					s, ok := ast.Unparen(x).(*ast.SelectorExpr)
					if !ok {
						break
					}
					x = s.X
				}
				add(info.TypeOf(x))
			}
		}
	}
	slices.Sort(own)
	if len(own) > 0 {
		pass.ExportPackageFact(&selfDeletingFact{Kinds: own})
	}
	out := make(map[string]bool)
	for _, k := range own {
		out[a.res.kinds.Key(k)] = true
	}
	for _, pf := range pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*selfDeletingFact); ok {
			for _, k := range f.Kinds {
				out[a.res.kinds.Key(k)] = true
			}
		}
	}
	return out
}

// isNil reports whether e is the predeclared nil.
func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// SelfDeleting reports whether objects of kind are given, somewhere in the
// package or its dependencies, a time to live after they finish: they
// delete themselves once done, so their deletion is by design and nothing
// should make them again.
func (r *Result) SelfDeleting(kind string) bool {
	return r.selfDeleting[r.kinds.Key(kind)]
}
