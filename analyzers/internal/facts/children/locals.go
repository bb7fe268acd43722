package children

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// locals is what a function's body says about its variables.
type locals struct {
	fi *funcInfo
	// recv is the method's receiver, or nil.
	recv   *types.Var
	params map[*types.Var]int
	// refVars memoizes isRefVar: variables assigned a controller
	// OwnerReference (false while being decided, which ends cycles).
	refVars map[*types.Var]bool
	// following are the variables whose sole value a walk is in (see
	// follow).
	following map[*types.Var]bool
	// metaOf maps a metav1.ObjectMeta variable to the kinds of the objects
	// it becomes the metadata of (&T{ObjectMeta: meta}, t.ObjectMeta =
	// meta): an owner set on the variable is set on them.
	metaOf map[*types.Var][]string
	// gvk maps an unstructured variable to the kinds the function gives it
	// (see unstructuredKinds).
	gvk map[*types.Var][]string
	// query marks the locals of Result.KindsOf's queries, which read what
	// a function's callers pass for its parameters: callerKinds gives the
	// kinds of objects they pass (nil when one is not known), and a
	// GroupVersionKind parameter names what they pass (gvk.Reader.Callers).
	// Summaries leave both unset, so that they stay what the function does
	// for any caller.
	query       bool
	callerKinds func(*types.Var) []string
	// symbolic marks the locals of a summary of what a function returns:
	// a parameter's kinds are paramKind(i), for each call to fill in.
	symbolic bool
}

// paramKinds returns the kinds of objects parameter v may hold: in a
// query, what the callers pass; in a summary of results, paramKind of its
// index; else none known.
func (l *locals) paramKinds(v *types.Var) []string {
	switch {
	case l.callerKinds != nil:
		return l.callerKinds(v)
	case l.symbolic:
		return []string{paramKind(l.params[v])}
	}
	return nil
}

// typeParamHolder returns the parameter of l's function whose type is t's
// when t is a type parameter of the function (or a slice or map of one) and
// a parameter has that type parameter as its own type or its elements':
// in f[T client.Object](ctx, proto T), values of type T are taken to be of
// proto's kind. It returns nil otherwise.
func (l *locals) typeParamHolder(t types.Type) *types.Var {
	tp, ok := types.Unalias(objkind.ElemType(t)).(*types.TypeParam)
	if !ok {
		return nil
	}
	var found *types.Var
	for v, i := range l.params {
		if types.Identical(types.Unalias(objkind.ElemType(v.Type())), tp) && (found == nil || i < l.params[found]) {
			found = v
		}
	}
	return found
}

// buildLocals reads fi's locals, for its summary or, when query is set,
// for Result.KindsOf (see locals.query).
func (a *state) buildLocals(fi *funcInfo, query bool) *locals {
	info := a.pass.TypesInfo
	l := &locals{
		fi:        fi,
		query:     query,
		params:    make(map[*types.Var]int),
		refVars:   make(map[*types.Var]bool),
		following: make(map[*types.Var]bool),
		metaOf:    make(map[*types.Var][]string),
		gvk:       make(map[*types.Var][]string),
	}
	for obj, i := range recognize.ParamIndexes(info, fi.decl.Type) {
		if v, ok := obj.(*types.Var); ok {
			l.params[v] = i
		}
	}
	if fi.decl.Recv != nil && len(fi.decl.Recv.List) == 1 && len(fi.decl.Recv.List[0].Names) == 1 {
		l.recv, _ = info.Defs[fi.decl.Recv.List[0].Names[0]].(*types.Var)
	}
	becomes := func(meta ast.Expr, kind string) {
		if v, ok := info.ObjectOf(identOf(meta)).(*types.Var); ok && kind != "" && isObjectMeta(v.Type()) && !slices.Contains(l.metaOf[v], kind) {
			l.metaOf[v] = append(l.metaOf[v], kind)
		}
	}
	for c := range fi.body.Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := c.Node().(type) {
		case *ast.CompositeLit:
			kind := objkind.Of(info.TypeOf(n))
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "ObjectMeta" {
						becomes(kv.Value, kind)
					}
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
						becomes(n.Rhs[i], objkind.Of(info.TypeOf(sel.X)))
					}
					// meta := &obj.ObjectMeta: what is set through meta
					// is set on obj.
					if u, ok := ast.Unparen(n.Rhs[i]).(*ast.UnaryExpr); ok && u.Op == token.AND {
						if sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
							becomes(lhs, objkind.Of(info.TypeOf(sel.X)))
						}
					}
				}
			}
		}
	}
	a.unstructuredKinds(fi, l)
	return l
}

// identOf returns the identifier e is, in parentheses or not, dereferenced
// or not, or nil.
func identOf(e ast.Expr) *ast.Ident {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}

// follow returns what test says of the sole value of v, or false when v
// has none or a walk is in it already: a program the type checker
// rejects may give a variable itself as its value (var r = r), or two
// variables each other.
func (a *state) follow(l *locals, v *types.Var, test func(*locals, ast.Expr) bool) bool {
	x := a.values.Sole(v)
	if x == nil || l.following[v] {
		return false
	}
	l.following[v] = true
	defer delete(l.following, v)
	return test(l, x)
}
