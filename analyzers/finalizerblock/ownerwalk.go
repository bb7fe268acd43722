package finalizerblock

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// ownerLookup reports whether call yields no owner when there is none: a
// LookupOwner of Cluster API, or one of the package's own helpers written
// like them (see isOwnerWalker).
func (c *checker) ownerLookup(call *ast.CallExpr) (recognize.Lookup, bool) {
	if l, ok := recognize.AsLookup(c.info, call); ok {
		return l, l.Kind == recognize.LookupOwner
	}
	fn := recognize.Callee(c.info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return recognize.Lookup{}, false
	}
	if c.ownerWalkers == nil {
		c.ownerWalkers = make(map[*types.Func]bool)
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && isOwnerWalker(c.info, fd) {
					c.ownerWalkers[c.info.Defs[fd.Name].(*types.Func)] = true
				}
			}
		}
	}
	if !c.ownerWalkers[fn.Origin()] {
		return recognize.Lookup{}, false
	}
	return recognize.Lookup{Call: call, Kind: recognize.LookupOwner, Type: fn.Type().(*types.Signature).Results().At(0).Type()}, true
}

// isOwnerWalker reports whether fd is a package's copy of Cluster API's
// GetOwnerMachinePool and its kin: it returns (*T, error), ranges over the
// owner references of an object given to it, and ends with return nil,
// nil, so that its callers see a nil owner when the reference is missing.
func isOwnerWalker(info *types.Info, fd *ast.FuncDecl) bool {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok || fd.Body == nil || len(fd.Body.List) == 0 {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 2 || !recognize.IsError(res.At(1).Type()) {
		return false
	}
	if _, ok := res.At(0).Type().(*types.Pointer); !ok {
		return false
	}
	ret, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 2 || !recognize.IsNil(info, ret.Results[0]) || !recognize.IsNil(info, ret.Results[1]) {
		return false
	}
	params := recognize.ParamIndexes(info, fd.Type)
	walks := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok && isOwnerRefs(info, r.X, params) {
			walks = true
		}
		return !walks
	})
	return walks
}

// isOwnerRefs reports whether e is the list of owner references
// ([]metav1.OwnerReference) of a parameter: obj.OwnerReferences,
// obj.ObjectMeta.OwnerReferences, obj.GetOwnerReferences(); not those of
// objects the function finds.
func isOwnerRefs(info *types.Info, e ast.Expr, params map[types.Object]int) bool {
	s, ok := info.TypeOf(e).(*types.Slice)
	if !ok || !recognize.IsNamed(s.Elem(), recognize.PkgMetaV1, "OwnerReference") {
		return false
	}
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		e = call.Fun // obj.GetOwnerReferences()
	}
	// The root of obj.OwnerReferences, obj.ObjectMeta.OwnerReferences.
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	for ok {
		e = ast.Unparen(sel.X)
		sel, ok = e.(*ast.SelectorExpr)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	_, isParam := params[info.Uses[id]]
	return isParam
}
