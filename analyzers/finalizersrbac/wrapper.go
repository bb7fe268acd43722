package finalizersrbac

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// wraps marks a project's wrapper of an object's metadata (a struct that
// embeds metav1.ObjectMeta or a pointer to it but is no API kind, such as
// an operator's Object{*metav1.TypeMeta; *metav1.ObjectMeta; ...} made
// from its custom resources): the kinds its constructors wrap, as
// "import/path.Name". An owner reference to a wrapper names one of them.
type wraps struct {
	Kinds []string // sorted
}

// AFact implements analysis.Fact.
func (*wraps) AFact() {}

func (f *wraps) String() string { return "wraps(" + strings.Join(f.Kinds, " ") + ")" }

// isWrapper reports whether n is a struct type that embeds metav1's
// ObjectMeta (or a pointer to it) and is no API object (no DeepCopyObject):
// it may stand for objects of other kinds, or be a kind whose generated
// code is missing (a checkout that does not commit it).
func isWrapper(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	if m, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, nil, "DeepCopyObject"); m != nil {
		return false
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && recognize.IsNamedOrPointer(f.Type(), recognize.PkgMetaV1, "ObjectMeta") {
			return true
		}
	}
	return false
}

// holdsMetaPointer reports whether the struct type n embeds a pointer to
// metav1.ObjectMeta: an API kind embeds the value, so n surely wraps the
// metadata of objects of other kinds.
func holdsMetaPointer(n *types.Named) bool {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if _, ptr := types.Unalias(f.Type()).(*types.Pointer); ptr && f.Embedded() && recognize.IsNamedOrPointer(f.Type(), recognize.PkgMetaV1, "ObjectMeta") {
			return true
		}
	}
	return false
}

// findWrappers exports the wraps facts of the package's wrapper types: the
// kinds whose metadata (&x.ObjectMeta, x.ObjectMeta) the package's
// composite literals of them take.
func (c *checker) findWrappers(ins *inspection.Package) {
	info := c.pass.TypesInfo
	kinds := make(map[*types.TypeName][]string)
	for cur := range ins.Root().Preorder((*ast.CompositeLit)(nil)) {
		lit := cur.Node().(*ast.CompositeLit)
		w := ownerKind(info.TypeOf(lit))
		if w == nil || w.Obj().Pkg() != c.pass.Pkg || !isWrapper(w) {
			continue
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			v := ast.Unparen(kv.Value)
			if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
				v = ast.Unparen(u.X)
			}
			sel, ok := v.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "ObjectMeta" {
				continue
			}
			k := ownerKind(info.TypeOf(sel.X))
			if k == nil || k.Obj().Pkg() == nil || holdsMetaPointer(k) {
				continue
			}
			key := k.Obj().Pkg().Path() + "." + k.Obj().Name()
			if !slices.Contains(kinds[w.Obj()], key) {
				kinds[w.Obj()] = append(kinds[w.Obj()], key)
			}
		}
	}
	for tn, ks := range kinds {
		slices.Sort(ks)
		c.pass.ExportObjectFact(tn, &wraps{Kinds: ks})
	}
}

// wrapped returns the kinds the wrapper type n stands for, from its fact.
func (c *checker) wrapped(n *types.Named) []*types.Named {
	var f wraps
	if !c.pass.ImportObjectFact(n.Obj(), &f) {
		return nil
	}
	var out []*types.Named
	for _, key := range f.Kinds {
		i := strings.LastIndexByte(key, '.')
		if i < 0 {
			continue
		}
		pkg := recognize.FindPackage(c.pass.Pkg, key[:i])
		if pkg == nil {
			continue
		}
		if tn, ok := pkg.Scope().Lookup(key[i+1:]).(*types.TypeName); ok {
			if k := ownerKind(tn.Type()); k != nil {
				out = append(out, k)
			}
		}
	}
	return out
}
