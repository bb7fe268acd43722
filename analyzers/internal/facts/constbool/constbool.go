// Package constbool finds the functions that return a pointer to a
// constant bool (func True() *bool { t := true; return &t }), so that an
// owner reference whose Controller is such a helper of another package
// reads as a controller reference, as one written with ptr.To(true) does.
// Helpers in packages that use Kubernetes are known by facts; those of
// packages that do not (a util/boolptr package), which no analysis looks
// into, by their names: a niladic True or False returning a *bool.
package constbool

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer exports a constFact for each such function; its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "constbool",
	Doc:        "find the functions that return a pointer to a constant bool (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer},
	FactTypes:  []analysis.Fact{new(constFact)},
	ResultType: reflect.TypeFor[*Result](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// constFact marks a niladic function that returns a pointer to Value.
type constFact struct {
	Value bool
}

// AFact implements analysis.Fact.
func (*constFact) AFact() {}

func (f *constFact) String() string {
	if f.Value {
		return "constBool(true)"
	}
	return "constBool(false)"
}

// Result holds the package's BoolValues, which read the functions of other
// packages through their facts.
type Result struct {
	vals *recognize.BoolValues
}

// New returns the BoolValues of pass's package (shared, read-only); pass's
// analyzer must require Analyzer.
func New(pass *analysis.Pass) *recognize.BoolValues {
	if r, _ := pass.ResultOf[Analyzer].(*Result); r != nil {
		return r.vals
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	insp := inspection.Of(pass)
	if insp == nil {
		return &Result{}, nil
	}
	imported := make(map[*types.Func]recognize.Truth)
	for _, of := range pass.AllObjectFacts() {
		if f, ok := of.Fact.(*constFact); ok {
			if fn, ok := of.Object.(*types.Func); ok {
				imported[fn] = recognize.False
				if f.Value {
					imported[fn] = recognize.True
				}
			}
		}
	}
	vals := recognize.NewBoolValues(pass.TypesInfo, insp.Inspector, insp.Values)
	vals.External = func(fn *types.Func) recognize.Truth {
		if t, ok := imported[fn]; ok {
			return t
		}
		// A package that does not use Kubernetes has no facts (it is out
		// of scope, and the standalone command reads it from export
		// data): its pointer helpers are known by their names.
		switch fn.Name() {
		case "True":
			return recognize.True
		case "False":
			return recognize.False
		}
		return recognize.Unknown
	}
	for fn, t := range vals.Helpers() {
		if recognize.Exportable(fn) {
			pass.ExportObjectFact(fn, &constFact{Value: t == recognize.True})
		}
	}
	return &Result{vals: vals}, nil
}
