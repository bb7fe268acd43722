package inspection_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/configtest"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// probe reports, at the package clause, whether the package got an
// inspector.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "report whether the package is inspected",
	Requires: []*analysis.Analyzer{inspection.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		msg := "inspector"
		if inspection.Of(pass) == nil {
			msg = "no inspector"
		}
		pass.Reportf(pass.Files[0].Name.Pos(), "%s", msg)
		return nil, nil
	},
}

func TestScope(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), probe, "inspection/plain", "inspection/kube")
}

// TestLibrary: the Kubernetes libraries themselves are out of scope when
// they are dependencies (in these tests, where there are no modules, by
// their path).
func TestLibrary(t *testing.T) {
	inspected := make(map[string]bool)
	record := &analysis.Analyzer{
		Name:     "record",
		Doc:      "record whether the package is inspected",
		Requires: []*analysis.Analyzer{inspection.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			inspected[pass.Pkg.Path()] = inspection.Of(pass) != nil
			return nil, nil
		},
	}
	const lib = "k8s.io/apimachinery/pkg/apis/meta/v1"
	analysistest.Run(t, gopathtest.TestData(t), record, lib)
	if got, ok := inspected[lib]; !ok || got {
		t.Errorf("%s: inspected %t (analysed: %t), want an analysed package without inspector", lib, got, ok)
	}
}

// TestGeneratedFilesLeftOut: the analyses look at the hand-written files
// only, unless the include-generated setting is on.
func TestGeneratedFilesLeftOut(t *testing.T) {
	for _, include := range []bool{false, true} {
		var files int
		count := &analysis.Analyzer{
			Name:     "count",
			Doc:      "count the files the analyses look at",
			Requires: []*analysis.Analyzer{inspection.Analyzer},
			Run: func(pass *analysis.Pass) (any, error) {
				files = len(inspection.Of(pass).Files)
				return nil, nil
			},
		}
		t.Run(fmt.Sprint(include), func(t *testing.T) {
			configtest.Apply(t, "", fmt.Sprintf("include-generated: %t", include))
			analysistest.Run(t, gopathtest.TestData(t), count, "inspection/generated")
		})
		want := 1
		if include {
			want = 2
		}
		if files != want {
			t.Errorf("include-generated: %t: the analyses look at %d files, want %d", include, files, want)
		}
	}
}

// TestErrorTypes: errors.As tests are found directly and through helpers
// that are only that test, and a type of the package wraps another error
// only when the package gives a value of it one that was not made on the
// spot from a message.
func TestErrorTypes(t *testing.T) {
	probe := &analysis.Analyzer{
		Name:     "errtypes",
		Doc:      "report the errors.As tests of if conditions",
		Requires: []*analysis.Analyzer{inspection.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			p := inspection.Of(pass)
			for c := range p.Root().Preorder((*ast.IfStmt)(nil)) {
				cond := c.Node().(*ast.IfStmt).Cond
				if _, target, ok := p.ErrorsAs(cond); ok {
					named := target.(*types.Named)
					pass.Reportf(cond.Pos(), "errors.As %s wraps=%t", named.Obj().Name(), p.Wraps(named))
				}
			}
			return nil, nil
		},
	}
	analysistest.Run(t, gopathtest.TestData(t), probe, "inspection/errtypes")
}
