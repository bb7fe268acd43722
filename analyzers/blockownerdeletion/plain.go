package blockownerdeletion

import (
	"go/ast"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
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
	reported := make(map[ast.Node]bool)
	for _, chain := range builders.Of(c.pass) {
		if chain.For == nil || chain.Reconciler == nil {
			continue
		}
		reconciled := children.Kind(builders.ObjectArg(info, chain.For))
		if reconciled == "" {
			continue
		}
		file := recognize.FileOf(c.pass.Files, chain.For.Pos())
		ownerName, _ := children.NameIn(c.pass.Pkg, file, reconciled)
		for _, kid := range res.PlainOfReconciler(chain.Reconciler, reconciled) {
			if kid.Blocks || reported[kid.At] || c.inTest(kid.At) || noFinalizers(kid.Kind) {
				continue
			}
			reported[kid.At] = true
			childName, _ := children.NameIn(c.pass.Pkg, recognize.FileOf(c.pass.Files, kid.At.Pos()), kid.Kind)
			_, kind := children.SplitKind(kid.Kind)
			msg := "plain owner reference without blockOwnerDeletion on the " + childName + " this controller creates for its " + ownerName +
				": it is the only owner of the " + kind + ", so the reference is control in all but name, but a foreground deletion of the owner does not wait for the " + kind +
				" and Owns does not match it; make it a controller reference with controllerutil.SetControllerReference" +
				lint.RuntimeHelper(c.pass, " or ownership.SetControllerReference") + " (Controller and BlockOwnerDeletion: ptr.To(true) in a literal)"
			var opts []lint.Option
			if kid.Via != nil {
				opts = append(opts, lint.RelatedPos(kid.ViaPos, kid.Via.Name()+" sets the reference"))
			}
			opts = append(opts, lint.Related(chain.For, "the controller of "+ownerName+" is built here"))
			lint.Report(c.pass, kid.At, categoryPlain, msg, opts...)
		}
	}
}

// noFinalizers reports whether kind is a Secret or a ConfigMap: a child
// without finalizers of its own is deleted by the garbage collector either
// way (see "Children that cannot hold deletion up"), and such objects are
// often shared (a kubeconfig Secret that a control plane later adopts).
func noFinalizers(kind string) bool {
	path, name := children.SplitKind(kind)
	return recognize.PathIs(path, recognize.PkgCoreV1) && (name == "Secret" || name == "ConfigMap")
}
