package ownerbyref

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Lookups by name that cannot miss the owner, so are not reported.

// adopts reports whether the object a Get by name fills (call's third
// argument, a variable) is later in the function made the controller or
// owner of the reconciled object (self-adoption: the controller makes
// what its spec, or its own name, names its owner): the reference is set
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

// namesAfter reports whether fd, which gives child an owner reference to
// owner, names the child after that owner: every name it gives the child
// variable (its literal's ObjectMeta, child.ObjectMeta = ..., child.Name =
// ..., child.SetName(...)) is owner.Name or owner.GetName(). The child's
// own name is then its owner's by construction, and a lookup of the owner
// by the child's own name cannot miss it.
func (c *checker) namesAfter(fd *ast.FuncDecl, owner, child ast.Expr) bool {
	v := c.ins.Values.Var(recognize.StripAddr(child))
	if fd == nil || v == nil {
		return false
	}
	info := c.pass.TypesInfo
	want := types.ExprString(ast.Unparen(recognize.StripAddr(owner)))
	names, all := 0, true
	name := func(e ast.Expr) {
		names++
		all = all && ownerName(e) == want
	}
	meta := func(lit ast.Expr) {
		ast.Inspect(lit, func(n ast.Node) bool {
			inner, ok := n.(*ast.CompositeLit)
			if !ok || !recognize.IsNamedOrPointer(info.TypeOf(inner), recognize.PkgMetaV1, "ObjectMeta") {
				return true
			}
			for _, el := range inner.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" {
						name(kv.Value)
					}
				}
			}
			return false
		})
	}
	for _, as := range c.ins.Values.Assignments(v) {
		if e, ok := ast.Unparen(recognize.StripAddr(as.Single())).(*ast.CompositeLit); ok {
			meta(e)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) != len(s.Rhs) {
				return true
			}
			for i, lhs := range s.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok || recognize.RootVar(info, sel.X) != v {
					continue
				}
				switch sel.Sel.Name {
				case "Name":
					name(s.Rhs[i])
				case "ObjectMeta":
					meta(s.Rhs[i])
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(s.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetName" && len(s.Args) == 1 && recognize.RootVar(info, sel.X) == v {
				name(s.Args[0])
			}
		}
		return true
	})
	return names > 0 && all
}

// ownerName returns the object expression whose name e reads (x for
// x.Name, x.ObjectMeta.Name or x.GetName()), printed, or "".
func ownerName(e ast.Expr) string {
	var base ast.Expr
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if x.Sel.Name == "Name" {
			base = x.X
		}
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "GetName" && len(x.Args) == 0 {
			base = sel.X
		}
	}
	if sel, ok := ast.Unparen(base).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		base = sel.X
	}
	if base == nil {
		return ""
	}
	return types.ExprString(ast.Unparen(base))
}
