package ownschildren

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/polls"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

//go:embed doc.go
var doc string

// Rule describes the ownschildren rule.
var Rule = &lint.Rule{
	Name:       "ownschildren",
	Doc:        doc,
	Default:    true,
	Since:      "v0.1.0",
	Severity:   lint.Error,
	Origin:     "self-healing operators: children created with a controller reference but not watched (Owns), so a deleted child comes back only at the next resync",
	Fix:        "adds .Owns(&pkg.Kind{}) to the controller's builder chain",
	Helpers:    []string{"ownership.EnsureChild"},
	Categories: []string{categoryUnwatched, categoryUnwatchedPolled, categoryUnwatchedChanges, categoryUnwatchedHistory, categoryPlainOwner},
	Requires:   []*analysis.Analyzer{children.Analyzer, builders.Analyzer, groupkind.Analyzer, polls.Analyzer, deletionpath.Analyzer},
	Run:        run,
}

// Analyzer reports controllers that do not watch the children they create
// with a controller owner reference.
var Analyzer = lint.New(Rule)

// Categories of the rule's diagnostics.
const (
	// categoryUnwatched: a controlled child the controller does not watch.
	categoryUnwatched = "unwatched-child"
	// categoryUnwatchedPolled: the same, in a controller whose reconciler
	// polls (RequeueAfter on every pass that succeeds), which repairs the
	// child within one interval: a lesser consequence, which users may
	// rate apart.
	categoryUnwatchedPolled = "unwatched-child-polled"
	// categoryUnwatchedChanges: an unwatched workload (a Deployment,
	// StatefulSet, DaemonSet or ReplicaSet) of a controller that watches
	// Pods through a mapping of its own: a deleted workload's Pods go
	// with it and their events bring the reconciler back, so only a
	// changed one waits for the next resync.
	categoryUnwatchedChanges = "unwatched-child-changes"
	// categoryUnwatchedHistory: an unwatched ControllerRevision, a
	// snapshot of the owner's history that cannot be changed: only its
	// deletion goes unnoticed, until the owner's next reconcile.
	categoryUnwatchedHistory = "unwatched-history"
	// categoryPlainOwner: an Owns that matches none of the children it is
	// there for, as they get a plain owner reference.
	categoryPlainOwner = "owns-plain-reference"
)

func run(pass *analysis.Pass) (any, error) {
	res, _ := pass.ResultOf[children.Analyzer].(*children.Result)
	if res == nil || !builders.ImportsControllerAPI(pass.Pkg) {
		return nil, nil
	}
	info := pass.TypesInfo
	kinds := groupkind.Of(pass)
	code, _ := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
	chains := builders.Of(pass)
	watchedBy := reconcilerWatches(pass, chains)
	// One finding per child and kind, whichever of a reconciler's
	// controllers comes first: each misses it.
	type childKind struct {
		recv string
		at   token.Pos
		key  string
	}
	done := make(map[childKind]bool)
	for _, chain := range chains {
		if chain.Opaque || chain.ControllerKept {
			continue
		}
		recv := builders.Reconciler(pass.Pkg, chain)
		if recv == nil {
			continue
		}
		var watched map[string]bool
		for _, p := range builders.Primaries(info, chain) {
			if !p.Guessed {
				checkPlain(pass, kinds, chain, p, res.PlainOfReconciler(recv, p.Kind))
			}
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
				if watched, ok = watchedBy(recv); !ok {
					break
				}
				watched = kinds.Keys(watched)
			}
			reported := make(map[string]bool) // one finding per GroupKind
			for _, kid := range kids {
				if res.SelfDeleting(kid.Kind) || res.Record(kid) {
					// Gone by design once done, or a record of one run
					// named after its time: nothing makes it again.
					continue
				}
				if kinds.CrossScope(kid.Kind, p.Kind) {
					// A cluster-scoped child of a namespaced owner: no
					// watch maps it back, and Owns cannot help.
					continue
				}
				key := kinds.Key(kid.Kind)
				if ck := (childKind{recv.String(), kid.At.Pos(), key}); !watched[key] && !reported[key] && !done[ck] && !madeWithWatched(code, kinds, watched, kid.At) {
					reported[key], done[ck] = true, true
					report(pass, kinds, chain, p, kid, recv)
				}
			}
		}
	}
	return nil, nil
}

// reconcilerWatches returns, for a reconciler type, the kinds that the
// controllers the package builds for it watch together, and whether they
// are all known. Every controller built for one reconciler brings it back
// (a controller.New in an add function beside a builder in a
// SetupWithManager that only one of them runs, or both): a child is
// unwatched only if none of them watches it.
func reconcilerWatches(pass *analysis.Pass, chains []*builders.Chain) func(recv types.Type) (map[string]bool, bool) {
	type result struct {
		recv    types.Type
		watched map[string]bool
		ok      bool
	}
	var memo []result // one per reconciler type: few
	return func(recv types.Type) (map[string]bool, bool) {
		for _, r := range memo {
			if types.Identical(r.recv, recv) {
				return r.watched, r.ok
			}
		}
		watched, ok := unionWatches(pass, chains, recv)
		memo = append(memo, result{recv, watched, ok})
		return watched, ok
	}
}

// unionWatches is reconcilerWatches for one reconciler type.
func unionWatches(pass *analysis.Pass, chains []*builders.Chain, recv types.Type) (map[string]bool, bool) {
	out := make(map[string]bool)
	for _, chain := range chains {
		if chain.Opaque || chain.ControllerKept {
			continue
		}
		if r := builders.Reconciler(pass.Pkg, chain); r == nil || !types.Identical(r, recv) {
			continue
		}
		watched, ok := watchedKinds(pass, chain)
		if !ok {
			return nil, false
		}
		for k := range watched {
			out[k] = true
		}
	}
	return out, true
}

// watchedKinds returns the kinds the chain's controller watches, and
// whether they are all known.
func watchedKinds(pass *analysis.Pass, chain *builders.Chain) (map[string]bool, bool) {
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
func nextCallBreak(fset *token.FileSet, chain *builders.Chain) string {
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

func report(pass *analysis.Pass, kinds *groupkind.Index, chain *builders.Chain, p builders.Primary, kid children.Child, recv types.Type) {
	file := recognize.FileOf(pass.Files, p.At.Pos())
	childName, importable := objkind.NameIn(pass.Pkg, file, kid.Kind)
	ownerName, _ := objkind.NameIn(pass.Pkg, file, p.Kind)
	_, kind := objkind.Split(kid.Kind)
	lit := "&" + childName + "{}"
	msg := childName + " is created with a controller reference to " + ownerName +
		" but its controller does not watch it: a deleted or changed " + kind +
		" is not repaired until the next resync; "
	category := categoryUnwatched
	gk, known := kinds.GroupKind(kid.Kind)
	if known && podWorkloads[gk] && watchesPodsMapped(pass.TypesInfo, kinds, chain) {
		msg = childName + " is created with a controller reference to " + ownerName +
			" but its controller does not watch it: a changed " + kind +
			" is not repaired until the next resync (a deleted one is, once its Pods go with it: the controller watches Pods); "
		category = categoryUnwatchedChanges
	}
	switch poll, polled := polls.Of(pass).ReconcilerFrom(recv, kid.At); {
	case known && gk == controllerRevision:
		// History: nothing changes a revision, and an old one deleted is
		// gone whatever watches it; only the deletion of the current one
		// waits for the next pass, which may make it again.
		msg = childName + " is created with a controller reference to " + ownerName +
			" but its controller does not watch it: a ControllerRevision is a snapshot of " + ownerName +
			"'s history that cannot be changed, and a deleted one is noticed only at the next reconcile of " + ownerName +
			" (an old revision deleted is history that no watch restores); "
		category = categoryUnwatchedHistory
	case polled:
		// The reconciler comes back on its own: say when.
		msg = childName + " is created with a controller reference to " + ownerName +
			" but its controller does not watch it: a deleted or changed " + kind +
			" is repaired only when the reconciler polls (" + poll.Describe() + ", by its RequeueAfter), not at once; "
		category = categoryUnwatchedPolled
	}
	at, related := ast.Node(p.At), "the controller of "+ownerName+" is built here"
	switch {
	case builders.IsControllerWatch(pass.TypesInfo, p.At):
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
	if kid.Via != nil {
		// The helper that sets the reference, for the owner this call
		// hands it.
		if kid.SetBy != "" {
			opts = append(opts, lint.RelatedPos(kid.ViaPos, recognize.DisplayName(kid.Via)+" sets the controller reference through "+kid.SetBy),
				lint.RelatedPos(kid.SetAt, kid.SetBy+" sets the controller reference"))
		} else {
			opts = append(opts, lint.RelatedPos(kid.ViaPos, recognize.DisplayName(kid.Via)+" sets the controller reference"))
		}
	}
	if chain.Single && importable && !p.Guessed {
		opts = append(opts, lint.Fix("Add Owns("+lit+") to the controller",
			analysis.TextEdit{Pos: chain.For.End(), End: chain.For.End(), NewText: []byte(nextCallBreak(pass.Fset, chain) + "Owns(" + lit + ")")}))
	}
	lint.Report(pass, kid.At, category, msg, opts...)
}

// checkPlain reports the Owns calls of the chain that watch a kind whose
// objects the reconciler creates for the reconciled object p with a plain
// owner reference only (see children.PlainOfReconciler): Owns matches
// controller references, so it enqueues nothing for them, unless given
// builder.MatchEveryOwner. A kind also watched otherwise (Watches, a
// helper) is left alone.
func checkPlain(pass *analysis.Pass, kinds *groupkind.Index, chain *builders.Chain, p builders.Primary, kids []children.Child) {
	if len(kids) == 0 {
		return
	}
	info := pass.TypesInfo
	owns := make(map[string][]*ast.CallExpr)
	other := make(map[string]bool)
	for _, call := range chain.Calls {
		m, _, _ := builders.BuilderCall(info, call)
		kind := kinds.Key(objkind.Of(builders.ObjectArg(info, call)))
		switch m {
		case "Owns":
			if len(call.Args) == 0 {
				continue
			}
			if builders.MatchesEveryOwner(info, call) {
				other[kind] = true
			} else {
				owns[kind] = append(owns[kind], call)
			}
		case "Watches", "WatchesMetadata", "WatchesRawSource":
			other[kind] = true
		}
	}
	for _, k := range chain.ExternalKinds {
		other[kinds.Key(k)] = true
	}
	file := recognize.FileOf(pass.Files, p.At.Pos())
	ownerName, _ := objkind.NameIn(pass.Pkg, file, p.Kind)
	for _, kid := range kids {
		if other[kinds.Key(kid.Kind)] {
			continue
		}
		childName, _ := objkind.NameIn(pass.Pkg, file, kid.Kind)
		_, kind := objkind.Split(kid.Kind)
		for _, call := range owns[kinds.Key(kid.Kind)] {
			msg := "Owns(&" + childName + "{}) matches controller references only, but the " + kind +
				" this controller creates for its " + ownerName + " gets a plain owner reference: Owns enqueues nothing for it, so a deleted or changed " +
				kind + " is not repaired until the next resync; make the reference a controller reference (controllerutil.SetControllerReference, or Controller: ptr.To(true)), " +
				"or give Owns the option builder.MatchEveryOwner"
			opts := []lint.Option{lint.Related(kid.At, "the plain owner reference to "+ownerName+" is set here")}
			if kid.Via != nil {
				opts = append(opts, lint.RelatedPos(kid.ViaPos, "by "+recognize.DisplayName(kid.Via)))
				if kid.SetBy != "" {
					opts = append(opts, lint.RelatedPos(kid.SetAt, "by "+kid.SetBy+", which "+recognize.DisplayName(kid.Via)+" calls"))
				}
			}
			at := ast.Node(call)
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				at = sel.Sel // the call's own position is the start of the chain
			}
			lint.Report(pass, at, categoryPlainOwner, msg, opts...)
		}
	}
}

// podWorkloads are the kinds whose objects own Pods: deleting one (in the
// background, as kubectl and the garbage collector do) deletes its Pods.
var podWorkloads = map[groupkind.GroupKind]bool{
	{Group: "apps", Kind: "Deployment"}: true, {Group: "apps", Kind: "StatefulSet"}: true,
	{Group: "apps", Kind: "DaemonSet"}: true, {Group: "apps", Kind: "ReplicaSet"}: true,
}

// controllerRevision is the GroupKind of ControllerRevisions, the history
// that StatefulSets, DaemonSets and controllers like them keep of their
// objects.
var controllerRevision = groupkind.GroupKind{Group: "apps", Kind: "ControllerRevision"}

// pod is the GroupKind of Pods.
var pod = groupkind.GroupKind{Kind: "Pod"}

// watchesPodsMapped reports whether the chain watches Pods with a handler
// that maps them to requests of its own (a label or name naming the
// reconciled object): the Pods of a child workload then bring the
// reconciler back when they go. EnqueueRequestForOwner does not: a
// workload's Pods are owned by the workload.
func watchesPodsMapped(info *types.Info, kinds *groupkind.Index, chain *builders.Chain) bool {
	for _, call := range chain.Calls {
		if m, _, _ := builders.BuilderCall(info, call); m != "Watches" || len(call.Args) < 2 {
			continue
		}
		if gk, ok := kinds.GroupKind(objkind.Of(builders.ObjectArg(info, call))); !ok || gk != pod {
			continue
		}
		if slices.ContainsFunc(call.Args[2:], func(opt ast.Expr) bool { return dropsDeletes(info, opt) }) {
			continue // a Pod's deletion brings nothing back
		}
		h, ok := ast.Unparen(call.Args[1]).(*ast.CallExpr)
		if !ok {
			return true // a handler of the project's own
		}
		key := recognize.CallKey(info, h)
		if !recognize.KeyIs(key, recognize.PkgHandler, "EnqueueRequestForOwner") && !recognize.KeyIs(key, recognize.PkgHandler, "TypedEnqueueRequestForOwner") {
			return true
		}
	}
	return false
}

// dropsDeletes reports whether the watch option opt is a WithPredicates
// given a predicate.Funcs literal whose DeleteFunc returns false.
func dropsDeletes(info *types.Info, opt ast.Expr) bool {
	call, ok := ast.Unparen(opt).(*ast.CallExpr)
	if !ok || !recognize.KeyIs(recognize.CallKey(info, call), recognize.PkgBuilder, "WithPredicates") {
		return false
	}
	for _, a := range call.Args {
		lit, ok := ast.Unparen(recognize.StripAddr(a)).(*ast.CompositeLit)
		if !ok {
			continue
		}
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if id, isID := kv.Key.(*ast.Ident); !ok || !isID || id.Name != "DeleteFunc" {
				continue
			}
			fn, ok := ast.Unparen(kv.Value).(*ast.FuncLit)
			if !ok || len(fn.Body.List) != 1 {
				continue
			}
			if r, ok := fn.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				if tv, ok := info.Types[r.Results[0]]; ok && tv.Value != nil && tv.Value.String() == "false" {
					return true
				}
			}
		}
	}
	return false
}
