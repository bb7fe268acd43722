package depnotfound

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// keyFact is the fact of a function whose results, keys rather than
// objects, derive from a reference that an object it is handed holds: a key
// builder (func keyFor(w *Widget) types.NamespacedName { return {Name:
// w.Spec.SecretName} }) or an API type's accessor (func (w *Widget)
// SecretKey() client.ObjectKey). A read keyed by its result reads what that
// object refers to, as a read keyed by w.Spec.SecretName does.
type keyFact struct {
	// Params lists, sorted, the parameters whose objects hold the
	// references; -1 is the receiver.
	Params []int
}

// AFact implements analysis.Fact.
func (*keyFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *keyFact) String() string { return fmt.Sprintf("keyFrom(%v)", f.Params) }

// receiverParam is the index of a method's receiver among Params.
const receiverParam = -1

// keyParams returns the parameters (receiverParam for the receiver) whose
// objects hold the references fn's results derive from: of the package's
// functions by their bodies, of others by their facts.
func (r *solver) keyParams(fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	if fn.Pkg() != r.pass.Pkg {
		var f keyFact
		if r.pass.ImportObjectFact(fn, &f) {
			return f.Params
		}
		return nil
	}
	if ps, ok := r.keys[fn]; ok {
		return ps
	}
	if r.keys == nil {
		r.keys = make(map[*types.Func][]int)
	}
	r.keys[fn] = nil // a recursive call adds nothing
	fd := r.declOf(fn)
	if fd == nil || fd.Body == nil || !keyResults(fn) {
		return nil
	}
	info := r.pass.TypesInfo
	rd := &readScan{r: r, body: fd.Body, params: recognize.ParamIndexes(info, fd.Type)}
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		if v := info.Defs[fd.Recv.List[0].Names[0]]; v != nil {
			rd.params[v] = receiverParam
		}
	}
	var ps []int
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			for _, res := range n.Results {
				if t := info.TypeOf(res); t == nil || recognize.IsError(t) {
					continue
				}
				rd.references(res, 0, func(h ast.Expr) bool {
					if i, ok := rd.params[recognize.HolderVar(info, h)]; ok && !slices.Contains(ps, i) {
						ps = append(ps, i)
					}
					return true
				})
			}
		}
		return true
	})
	slices.Sort(ps)
	r.keys[fn] = ps
	return ps
}

// keyArgs returns the arguments of call whose objects hold the references
// its result derives from (see keyParams): the receiver of a method, the
// arguments of a function.
func (r *solver) keyArgs(call *ast.CallExpr) []ast.Expr {
	fn := recognize.Callee(r.pass.TypesInfo, call)
	ps := r.keyParams(fn)
	if len(ps) == 0 {
		return nil
	}
	var out []ast.Expr
	for _, i := range ps {
		switch {
		case i == receiverParam:
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && recognize.Receiver(fn) != nil {
				out = append(out, sel.X)
			}
		case i < len(call.Args):
			out = append(out, call.Args[i])
		}
	}
	return out
}

// exportKeys exports a keyFact for each of the package's functions whose
// results derive from a reference a parameter's object holds.
func (r *solver) exportKeys(decls []decl) {
	for _, d := range decls {
		if ps := r.keyParams(d.fn); len(ps) > 0 {
			r.pass.ExportObjectFact(d.fn, &keyFact{Params: ps})
		}
	}
}

// keyResults reports whether fn returns keys: names (strings), namespaced
// names (types.NamespacedName, client.ObjectKey) or references, besides an
// error and flags (key, none, err: whether there is one to read). An object
// a function builds from another (deploymentFor(instance)) is a child, not
// the object a reference names; a bool alone, a number or a list is no key.
func keyResults(fn *types.Func) bool {
	res := fn.Signature().Results()
	keys := 0
	for i := range res.Len() {
		t := res.At(i).Type()
		switch {
		case recognize.IsError(t), isBool(t):
		case isKeyType(t):
			keys++
		default:
			return false
		}
	}
	return keys > 0
}

// isKeyType reports whether t (or what it points to) names an object: a
// string, a types.NamespacedName, or a reference type (see
// isReferenceType).
func isKeyType(t types.Type) bool {
	t = recognize.Unpointer(t)
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsString != 0
	}
	return recognize.IsNamedOrPointer(t, recognize.PkgTypes, "NamespacedName") || isReferenceType(t)
}

// isBool reports whether t is a boolean.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
