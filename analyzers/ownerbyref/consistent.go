package ownerbyref

import (
	"go/ast"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Lookups by name that cannot miss the owner, so are not reported.

// adopts reports whether the object a Get by a spec field's name fills
// (call's third argument, a variable) is later in the function made the
// controller or owner of the reconciled object (self-adoption: the
// controller makes what its spec names its owner): the reference is set
// from the lookup, so name and owner cannot disagree.
func (s *fnState) adopts(call *ast.CallExpr) bool {
	info := s.c.pass.TypesInfo
	if len(call.Args) < 3 {
		return false
	}
	target := s.c.ins.Values.Var(recognize.StripAddr(call.Args[2]))
	fd := s.c.decls[s.fn]
	if target == nil || fd == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if found || !ok || c.Pos() < call.End() || len(c.Args) < 2 {
			return !found
		}
		key := recognize.CallKey(info, c)
		switch {
		case recognize.KeyIs(key, recognize.PkgControllerutil, "SetControllerReference"),
			recognize.KeyIs(key, recognize.PkgControllerutil, "SetOwnerReference"),
			recognize.KeyIs(key, recognize.PkgRuntimeOwnership, "SetControllerReference"):
			found = s.c.ins.Values.Var(recognize.StripAddr(c.Args[0])) == target && s.isSelfOrMeta(recognize.StripAddr(c.Args[1]))
		}
		return !found
	})
	return found
}

// holdsFinalizer reports whether the reconciler r adds a finalizer in any
// of its functions (see inReconciler): a controller that holds none does
// not block its object's deletion, so a lookup of its Cluster by the
// cluster-name label that Cluster API stamps together with the owner
// reference only reads the Cluster and cannot keep anything alive.
func (c *checker) holdsFinalizer(r *reconciler) bool {
	if held, ok := c.finalizers[r]; ok {
		return held
	}
	held := false
	for _, fn := range c.order {
		if held || !c.inReconciler(fn, r) {
			continue
		}
		ast.Inspect(c.decls[fn].Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && recognize.IsFinalizerAdd(c.pass.TypesInfo, call) {
				held = true
			}
			return !held
		})
	}
	c.finalizers[r] = held
	return held
}
