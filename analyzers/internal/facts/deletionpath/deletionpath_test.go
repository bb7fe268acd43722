package deletionpath_test

import (
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// probe reports, at every call of mark, whether it is deletion code
// ("deleting") or may run while deleting ("may"), and at every function
// whether it is deletion-only or normal-only.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report deletion code",
	Requires: []*analysis.Analyzer{deletionpath.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		code := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
		for _, f := range code.Funcs() {
			if e := code.EntryPoint(f.Obj); e != nil {
				pass.Reportf(f.Decl.Name.Pos(), "entry %s.%s %s", e.Interface(), e.Method, e.Role)
			}
			switch {
			case code.DeletionOnly(f.Obj):
				pass.Reportf(f.Decl.Name.Pos(), "deletion-only")
			case code.NormalOnly(f.Obj):
				pass.Reportf(f.Decl.Name.Pos(), "normal-only")
			}
		}
		for cur := range code.Inspector.Root().Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			id, ok := call.Fun.(*ast.Ident)
			if !ok || id.Name != "mark" {
				continue
			}
			if _, ok := pass.TypesInfo.Uses[id].(*types.Func); !ok {
				continue
			}
			f, b := code.Enclosing(cur)
			switch {
			case f == nil:
			case f.Deleting(b):
				pass.Reportf(call.Pos(), "deleting")
			case f.MayDelete(b):
				pass.Reportf(call.Pos(), "may")
			}
		}
		return nil, nil
	},
}

// addsProbe reports every finalizer add, and whether it is stored.
var addsProbe = &analysis.Analyzer{
	Name:     "addsprobe",
	Doc:      "report finalizer adds",
	Requires: []*analysis.Analyzer{deletionpath.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		code := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
		for _, a := range code.Adds() {
			word := "stored"
			if !a.Stored {
				word = "unstored"
			}
			pass.Reportf(a.Call.Pos(), "%s %s", word, types.ExprString(a.Name))
		}
		return nil, nil
	},
}

// TestAdds: an add is unstored when its object, a local variable, is
// written back after it only through its status.
func TestAdds(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), addsProbe, "deletionpath/adds")
}

func TestDeletionCode(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), probe, "deletionpath/a")
}

// TestEntryPoints: the interface methods a reconciler calls with the object
// it reconciles, whose failure keeps the finalizer, are entry points (an
// entriesFact); their implementations, in the package and in those that
// import it, are deletion-only when called only while deleting.
func TestEntryPoints(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), probe, "deletionpath/handler", "deletionpath/provider")
}

// TestEntriesFact: the entries a library's reconciler calls are exported
// as a package fact.
func TestEntriesFact(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), deletionpath.Analyzer, "deletionpath/framework")
}

// TestFinalizesFacts checks the fact of a function that adds a finalizer to
// objects of a kind, or removes one from them, through its callees: the
// kinds a caller in another package protects and releases by calling it.
func TestFinalizesFacts(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), deletionpath.Analyzer, "deletionpath/finalizes")
}

// TestRemovalFacts checks what the fact of a function that releases the
// finalizer of an object passed in says: whether it tests the deletion
// itself, and which parameters name the finalizer and hold the object.
func TestRemovalFacts(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), deletionpath.Analyzer, "deletionpath/removers")
}
