package ownschildren

import (
	_ "embed"
	"go/ast"
	"go/token"
	"slices"
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
		if chain.Opaque || chain.ControllerKept {
			continue
		}
		recv := builders.Reconciler(pass.Pkg, chain)
		if recv == nil {
			continue
		}
		var watched map[string]bool
		for _, p := range builders.Primaries(info, chain) {
			kids := res.OfReconciler(recv, p.Kind)
			if p.Guessed {
				// Only what the reconciler owns by this very kind:
				// the builder does not say which of its kinds is
				// reconciled.
				kids = slices.DeleteFunc(kids, func(k children.Child) bool { return k.Owner != p.Kind })
			}
			if len(kids) == 0 {
				continue
			}
			if watched == nil {
				var ok bool
				if watched, ok = watchedKinds(pass, chain); !ok {
					break
				}
			}
			for _, kid := range kids {
				if !watched[kid.Kind] {
					report(pass, chain, p, kid)
				}
			}
		}
	}
	return nil, nil
}

// watchedKinds returns the kinds the chain's controller watches, and
// whether they are all known.
func watchedKinds(pass *analysis.Pass, chain *recognize.Chain) (map[string]bool, bool) {
	watched, ok := builders.WatchedKinds(pass, chain)
	if ok && chain.Escaped {
		// Handed to code of this package or its dependencies that this
		// chain does not follow: a kind is unwatched only if no builder
		// call there watches it.
		var anywhere map[string]bool
		anywhere, ok = builders.WatchedAnywhere(pass)
		for k := range anywhere {
			watched[k] = true
		}
	}
	return watched, ok
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

func report(pass *analysis.Pass, chain *recognize.Chain, p builders.Primary, kid children.Child) {
	file := recognize.FileOf(pass.Files, p.At.Pos())
	childName, importable := children.NameIn(pass.Pkg, file, kid.Kind)
	ownerName, _ := children.NameIn(pass.Pkg, file, p.Kind)
	_, kind := children.SplitKind(kid.Kind)
	lit := "&" + childName + "{}"
	msg := childName + " is created with a controller reference to " + ownerName +
		" but its controller does not watch it: a deleted or changed " + kind +
		" is not repaired until the next resync; "
	at, related := ast.Node(p.At), "the controller of "+ownerName+" is built here"
	switch {
	case recognize.IsControllerWatch(pass.TypesInfo, p.At):
		// Made with controller.New: no builder to add Owns to.
		msg += "watch it with the controller's Watch, source.Kind(cache, " + lit + ", handler.EnqueueRequestForOwner(..., handler.OnlyControllerOwner()))"
		at, related = chain.Start, "the controller of "+ownerName+" is made here"
	case p.Guessed:
		// Owns needs For: the builder refuses it without.
		msg += "add Watches(" + lit + ", handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &" + ownerName + "{}, handler.OnlyControllerOwner())) to the controller's builder"
		related = "the controller of " + ownerName + " watches it here, with no For"
	default:
		msg += "add Owns(" + lit + ") to the controller's builder"
	}
	opts := []lint.Option{lint.Related(at, related)}
	if chain.Single && importable && !p.Guessed {
		opts = append(opts, lint.Fix("Add Owns("+lit+") to the controller",
			analysis.TextEdit{Pos: chain.For.End(), End: chain.For.End(), NewText: []byte(nextCallBreak(pass.Fset, chain) + "Owns(" + lit + ")")}))
	}
	lint.Report(pass, kid.At, categoryUnwatched, msg, opts...)
}
