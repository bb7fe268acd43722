package blockownerdeletion

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categoryPlain is the category of plain owner references that are in
// fact control.
const categoryPlain = "plain-control"

// reportPlainControl reports the plain owner references (not controller
// references) without blockOwnerDeletion that a controller gives the
// objects it creates for the object it reconciles, one to one (see
// children.PlainOfReconciler: no other owner, no controller reference):
// they are controller references in all but name, and a foreground
// deletion of the owner does not wait for such a child.
func (c *checker) reportPlainControl() {
	res, _ := c.pass.ResultOf[children.Analyzer].(*children.Result)
	if res == nil || !builders.ImportsControllerAPI(c.pass.Pkg) {
		return
	}
	info := c.pass.TypesInfo
	keys := groupkind.Of(c.pass)
	reported := make(map[ast.Node]bool)
	for _, chain := range builders.Of(c.pass) {
		if chain.For == nil || chain.Reconciler == nil {
			continue
		}
		reconciled := objkind.Of(builders.ObjectArg(info, chain.For))
		if reconciled == "" {
			continue
		}
		file := recognize.FileOf(c.pass.Files, chain.For.Pos())
		ownerName, _ := objkind.NameIn(c.pass.Pkg, file, reconciled)
		w := watchesOf(info, keys, chain)
		// One finding per place a reference is set, naming every kind it
		// is set on there (a generator's list of children).
		var sites []ast.Node
		kinds := make(map[ast.Node][]children.Child)
		for _, kid := range res.PlainOfReconciler(chain.Reconciler, reconciled) {
			if kid.Blocks || reported[kid.At] || c.inTest(kid.At) || noFinalizers(kid.Kind) || w.everyOwner[keys.Key(kid.Kind)] {
				continue
			}
			if _, ok := kinds[kid.At]; !ok {
				sites = append(sites, kid.At)
			}
			kinds[kid.At] = append(kinds[kid.At], kid)
		}
		for _, at := range sites {
			reported[at] = true
			kids := kinds[at]
			kidFile := recognize.FileOf(c.pass.Files, at.Pos())
			var names, bare, unmatched []string
			orderOnly := true  // no child can hold its own deletion up
			protected := false // some child holds a protection finalizer
			for _, kid := range kids {
				name, _ := objkind.NameIn(c.pass.Pkg, kidFile, kid.Kind)
				path, kind := objkind.Split(kid.Kind)
				names, bare = append(names, name), append(bare, kind)
				if k := keys.Key(kid.Kind); w.owned[k] && !w.mapped[k] {
					unmatched = append(unmatched, "the "+kind)
				}
				orderOnly = orderOnly && c.carriesNoFinalizer(path, kind)
				protected = protected || !recognize.WithoutFinalizers(path, kind)
			}
			only, wait := "the "+bare[0], "the "+bare[0]
			if len(kids) > 1 {
				only, wait = "each", "them"
			}
			msg := "plain owner reference without blockOwnerDeletion on the " + lint.Series(names, "and") + " this controller creates for its " + ownerName +
				": it is the only owner of " + only + ", so the reference is control in all but name, but a foreground deletion of the owner does not wait for " + wait
			category := categoryPlain
			switch {
			case len(unmatched) > 0:
				// Owns matches controller references only: the watch
				// never fires for these children.
				its := "its"
				if len(unmatched) > 1 {
					its = "their"
				}
				msg += " and Owns does not match " + lint.Series(unmatched, "or") + ", so " + its + " changes do not reach this controller"
			case orderOnly:
				// Nothing watches them through the reference, and none
				// carries a finalizer: only the order of deletion changes.
				have := "has no finalizer of its own"
				if len(kids) > 1 {
					have = "have no finalizer of their own"
				}
				if protected {
					// A claim's pvc-protection goes once its Pods,
					// which leave with their owners, are gone.
					have = "holds no finalizer but the API server's protection, released once nothing uses it"
					if len(kids) > 1 {
						have = "hold no finalizer but the API server's protection, released once nothing uses them"
					}
				}
				msg += "; " + lint.Series(withArticles(bare), "and") + " " + have + ", so only the order of deletion changes unless a finalizer is added"
				category = categoryOrderOnly
			}
			msg += "; make it a controller reference with controllerutil.SetControllerReference" +
				lint.RuntimeHelper(c.pass, " or ownership.SetControllerReference") + " (Controller and BlockOwnerDeletion: ptr.To(true) in a literal)"
			opts := append(helperRelated(kids[0]), lint.Related(chain.For, "the controller of "+ownerName+" is built here"))
			lint.Report(c.pass, at, category, msg, opts...)
		}
	}
}

// childWatches are the kinds a controller's builder watches as children,
// by groupkind Key: with Owns(..., builder.MatchEveryOwner), owned plainly
// by design (the controller is told of their changes through the plain
// reference, so it is not control in disguise); with a plain Owns, which
// is not told of them; and with Watches, told of through its handler (a
// map function that finds the owner by a name on the child).
type childWatches struct {
	everyOwner, owned, mapped map[string]bool
}

// watchesOf returns what chain's builder watches as children.
func watchesOf(info *types.Info, keys *groupkind.Index, chain *builders.Chain) childWatches {
	w := childWatches{make(map[string]bool), make(map[string]bool), make(map[string]bool)}
	for _, call := range chain.Calls {
		m, _, _ := builders.BuilderCall(info, call)
		key := keys.Key(objkind.Of(builders.ObjectArg(info, call)))
		switch {
		case m == "Watches" || m == "WatchesMetadata":
			w.mapped[key] = true
		case m != "Owns":
		case builders.MatchesEveryOwner(info, call):
			w.everyOwner[key] = true
		default:
			w.owned[key] = true
		}
	}
	return w
}

// withArticles returns each of kinds after its indefinite article.
func withArticles(kinds []string) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = lint.WithArticle(k)
	}
	return out
}

// noFinalizers reports whether kind is a Secret or a ConfigMap: a child
// without finalizers of its own is deleted by the garbage collector either
// way (see "Children that cannot hold deletion up"), and such objects are
// often shared (a kubeconfig Secret that a control plane later adopts).
func noFinalizers(kind string) bool {
	path, name := objkind.Split(kind)
	return recognize.PathIs(path, recognize.PkgCoreV1) && (name == "Secret" || name == "ConfigMap")
}

// helperRelated names the helper that sets kid's reference, and the
// function at the end of its chain of calls that does, as related
// positions.
func helperRelated(kid children.Child) []lint.Option {
	if kid.Via == nil {
		return nil
	}
	opts := []lint.Option{lint.RelatedPos(kid.ViaPos, recognize.DisplayName(kid.Via)+" sets the reference")}
	if kid.SetBy != "" {
		opts = append(opts, lint.RelatedPos(kid.SetAt, "through "+kid.SetBy+", which sets it here"))
	}
	return opts
}
