package ownschildren

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

//go:embed doc.go
var doc string

// Analyzer reports controllers that do not watch the children they create
// with a controller owner reference.
var Analyzer = &analysis.Analyzer{
	Name:     "ownschildren",
	Doc:      lint.Doc(doc, "ownschildren"),
	URL:      "https://pkg.go.dev/github.com/deletionlint/deletionlint/analyzers/ownschildren",
	Requires: []*analysis.Analyzer{inspection.Analyzer, children.Analyzer, builders.Analyzer},
	Run:      lint.Run(run),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// categoryUnwatched is the category of every diagnostic of the rule.
const categoryUnwatched = "unwatched-child"

func run(pass *analysis.Pass) (any, error) {
	res, _ := pass.ResultOf[children.Analyzer].(*children.Result)
	if res == nil || !recognize.ImportsControllerAPI(pass.Pkg) {
		return nil, nil
	}
	info := pass.TypesInfo
	for _, chain := range builders.Of(pass) {
		if chain.Opaque || chain.ControllerKept || chain.For == nil {
			continue
		}
		recv := reconcilerOf(pass.Pkg, chain)
		if recv == nil {
			continue
		}
		reconciled := children.Kind(recognize.ObjectArg(info, chain.For))
		if reconciled == "" {
			continue
		}
		kids := res.OfReconciler(recv, reconciled)
		if len(kids) == 0 {
			continue
		}
		watched, ok := builders.WatchedKinds(pass, chain)
		if ok && chain.Escaped {
			// Handed to code of this package or its dependencies that
			// this chain does not follow: a kind is unwatched only if
			// no builder call there watches it.
			var anywhere map[string]bool
			anywhere, ok = builders.WatchedAnywhere(pass)
			for k := range anywhere {
				watched[k] = true
			}
		}
		if !ok {
			continue
		}
		for _, kid := range kids {
			if watched[kid.Kind] {
				continue
			}
			report(pass, chain, reconciled, kid)
		}
	}
	return nil, nil
}

// reconcilerOf returns the type of the reconciler the chain is built for:
// the static type given to Complete or Build, or, when that is an
// interface (a setup function taking a reconcile.Reconciler, as
// operator-sdk's scaffolding of old writes), the package's only type with a
// Reconcile method; nil when that cannot be told.
func reconcilerOf(pkg *types.Package, chain *recognize.Chain) types.Type {
	if t := chain.Reconciler; t != nil && !types.IsInterface(t) {
		return t
	}
	var found types.Type
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		ptr := types.NewPointer(tn.Type())
		if obj, _, _ := types.LookupFieldOrMethod(ptr, true, pkg, "Reconcile"); obj == nil || types.IsInterface(tn.Type()) {
			continue
		} else if _, isFunc := obj.(*types.Func); !isFunc {
			continue
		}
		if found != nil {
			return nil // several reconcilers: no guess
		}
		found = ptr
	}
	return found
}

// nextCallBreak returns what goes between For(...) and an inserted call:
// "." when the call after For follows on the same line, and ".", a newline
// and that call's indentation when the chain puts one call on each line,
// so that the fix keeps the chain's layout.
func nextCallBreak(fset *token.FileSet, chain *recognize.Chain) string {
	for _, call := range chain.Calls {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || ast.Unparen(sel.X) != chain.For {
			continue
		}
		next := fset.Position(sel.Sel.Pos())
		if next.Line > fset.Position(chain.For.End()).Line && next.Column > 1 {
			// gofmt indents with tabs: one byte, one column each.
			return ".\n" + strings.Repeat("\t", next.Column-1)
		}
		break
	}
	return "."
}

func report(pass *analysis.Pass, chain *recognize.Chain, reconciled string, kid children.Child) {
	file := recognize.FileOf(pass.Files, chain.For.Pos())
	childName, importable := children.NameIn(pass.Pkg, file, kid.Kind)
	ownerName, _ := children.NameIn(pass.Pkg, file, reconciled)
	_, kind := children.SplitKind(kid.Kind)
	lit := "&" + childName + "{}"
	msg := childName + " is created with a controller reference to " + ownerName +
		" but its controller does not watch it: a deleted or changed " + kind +
		" is not repaired until the next resync; "
	at, what := ast.Node(chain.For), "built"
	if recognize.IsControllerWatch(pass.TypesInfo, chain.For) {
		// Made with controller.New: no builder to add Owns to.
		msg += "watch it with the controller's Watch, source.Kind(cache, " + lit + ", handler.EnqueueRequestForOwner(..., handler.OnlyControllerOwner()))"
		at, what = chain.Start, "made"
	} else {
		msg += "add Owns(" + lit + ") to the controller's builder"
	}
	opts := []lint.Option{lint.Related(at, "the controller of "+ownerName+" is "+what+" here")}
	if chain.Single && importable {
		opts = append(opts, lint.Fix("Add Owns("+lit+") to the controller",
			analysis.TextEdit{Pos: chain.For.End(), End: chain.For.End(), NewText: []byte(nextCallBreak(pass.Fset, chain) + "Owns(" + lit + ")")}))
	}
	lint.Report(pass, kid.At, categoryUnwatched, msg, opts...)
}
