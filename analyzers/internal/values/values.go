// Package values indexes, once per package, the places where each variable
// gets a value, so that every analysis asks the same question ("what was
// assigned to x?") with the same answer: its assignments and, for a
// parameter of a function only the package calls, the arguments of those
// calls. It is flow-insensitive: an assignment or a call anywhere in the
// package counts, in source order.
package values

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
)

// An Assignment is one place where a variable gets a value.
type Assignment struct {
	// Node is the statement or declaration: an *ast.AssignStmt, an
	// *ast.ValueSpec, an *ast.RangeStmt or an *ast.IncDecStmt.
	Node ast.Node
	// Value is the expression the variable takes its value from, nil when
	// there is none to follow: a declaration without a value (see Zero), a
	// range variable, an op-assignment (x += y) or x++.
	Value ast.Expr
	// Multi reports that Value has several results (v, err := f();
	// v, ok := m[k]; var a, b = f()), of which the variable takes the one
	// at index Result.
	Multi  bool
	Result int
}

// Zero reports whether a is a declaration without a value (var x T): the
// variable starts as its type's zero value.
func (a Assignment) Zero() bool {
	_, ok := a.Node.(*ast.ValueSpec)
	return ok && a.Value == nil
}

// Single returns the expression whose single value the variable takes, or
// nil when the assignment is not of that kind (Multi, Zero, or a value not
// followed).
func (a Assignment) Single() ast.Expr {
	if a.Multi {
		return nil
	}
	return a.Value
}

// Index holds the assignments of every variable of a package (locals,
// parameters that are reassigned, package-level variables; not struct
// fields, but for those of function type, see FuncField) and of their
// elements, the places where their address is taken, and the calls of the
// package's own functions.
type Index struct {
	info      *types.Info
	assigns   map[*types.Var][]Assignment
	elems     map[*types.Var][]Assignment
	addressed map[*types.Var]bool
	// params are the parameters of the package's function declarations.
	params map[*types.Var]param
	// calls are the static calls of the package's functions and methods,
	// by function (its generic origin); refs counts every use of each, so
	// that a function also used otherwise (a method value, a function
	// passed around) is known to have callers the index does not see.
	calls map[*types.Func][]call
	refs  map[*types.Func]int
	// decls are the package's function declarations with a body.
	decls map[*types.Func]*ast.FuncDecl
	// views caches resultView: the parameter a function's result is a
	// view of, -1 for none.
	views map[resultKey]int
	// funcFields holds what the package assigns to struct fields of
	// function type (see FuncField).
	funcFields map[*types.Var][]ast.Expr
}

// A call is a static call of one of the package's functions, with the
// function declaration around it (nil at package level).
type call struct {
	call *ast.CallExpr
	decl *ast.FuncDecl
}

// An Argument is what a call passes for a parameter.
type Argument struct {
	Expr ast.Expr
	// Func is the function declaration around the call, nil at package
	// level.
	Func *ast.FuncDecl
}

// A param is the index of a parameter in its function's signature.
type param struct {
	fn *types.Func
	i  int
}

// New indexes the files ins covers, with their type information.
func New(info *types.Info, ins *inspector.Inspector) *Index {
	x := &Index{
		info: info, assigns: make(map[*types.Var][]Assignment), elems: make(map[*types.Var][]Assignment), addressed: make(map[*types.Var]bool),
		params: make(map[*types.Var]param), calls: make(map[*types.Func][]call), refs: make(map[*types.Func]int),
		decls: make(map[*types.Func]*ast.FuncDecl), views: make(map[resultKey]int), funcFields: make(map[*types.Var][]ast.Expr),
	}
	filter := []ast.Node{
		(*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil), (*ast.RangeStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil),
		(*ast.FuncDecl)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil), (*ast.KeyValueExpr)(nil),
	}
	var decl *ast.FuncDecl // the last declaration visited: declarations do not nest
	ins.Preorder(filter, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.FuncDecl:
			x.addParams(n)
			decl = n
		case *ast.CallExpr:
			if fn := x.ownFunc(CalleeIdent(n.Fun)); fn != nil {
				c := call{call: n}
				if decl != nil && decl.Pos() <= n.Pos() && n.End() <= decl.End() {
					c.decl = decl
				}
				x.calls[fn] = append(x.calls[fn], c)
			}
		case *ast.Ident:
			if fn := x.ownFunc(n); fn != nil {
				x.refs[fn]++
			}
		case *ast.AssignStmt:
			x.addAssign(n)
		case *ast.ValueSpec:
			for i, name := range n.Names {
				a := Assignment{Node: n}
				switch len(n.Values) {
				case 0:
				case len(n.Names):
					a.Value = n.Values[i]
				case 1:
					a.Value, a.Multi, a.Result = n.Values[0], true, i
				}
				x.add(name, a)
			}
		case *ast.RangeStmt:
			if n.Key != nil {
				x.add(n.Key, Assignment{Node: n})
			}
			if n.Value != nil {
				x.add(n.Value, Assignment{Node: n})
			}
		case *ast.IncDecStmt:
			x.add(n.X, Assignment{Node: n})
		case *ast.KeyValueExpr:
			// Reconciler{lookup: readSecret}: a struct literal's field.
			if id, ok := n.Key.(*ast.Ident); ok {
				if f, ok := info.Uses[id].(*types.Var); ok && f.IsField() && isFunc(f.Type()) {
					x.funcFields[f.Origin()] = append(x.funcFields[f.Origin()], n.Value)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := x.Var(n.X); v != nil {
					x.addressed[v] = true
				}
			}
		}
	})
	x.indexViews()
	return x
}

// addAssign records the assignments of n: to variables, to elements of
// maps and slices, and to struct fields of function type.
func (x *Index) addAssign(n *ast.AssignStmt) {
	for i, lhs := range n.Lhs {
		a := Assignment{Node: n}
		switch {
		case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
			// x += y: not followed.
		case len(n.Lhs) == len(n.Rhs):
			a.Value = n.Rhs[i]
		case len(n.Rhs) == 1:
			a.Value, a.Multi, a.Result = n.Rhs[0], true, i
		}
		if f := x.funcField(lhs); f != nil && a.Value != nil && !a.Multi {
			// r.lookup = r.readSecret: what a call of the field runs.
			x.funcFields[f] = append(x.funcFields[f], a.Value)
			continue
		}
		if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok {
			// m[k] = e, s[i] = e: an element of m or s.
			if v := x.Var(ix.X); v != nil {
				x.elems[v] = append(x.elems[v], a)
			}
			continue
		}
		x.add(lhs, a)
	}
}

// addParams records the parameters of decl.
func (x *Index) addParams(decl *ast.FuncDecl) {
	if x.info == nil {
		return
	}
	fn, ok := x.info.Defs[decl.Name].(*types.Func)
	if !ok {
		return
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		x.params[params.At(i)] = param{fn, i}
	}
	if decl.Body != nil {
		x.decls[fn] = decl
	}
}

// ownFunc returns the function of the package that id uses (its generic
// origin), or nil.
func (x *Index) ownFunc(id *ast.Ident) *types.Func {
	if id == nil || x.info == nil {
		return nil
	}
	fn, ok := x.info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil {
		return nil
	}
	fn = fn.Origin()
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return nil // an interface method: its implementations are called
	}
	return fn
}

// CalleeIdent returns the identifier that names the function fun calls
// statically (f, pkg.F, x.m, f[T], f[K, V]), or nil.
func CalleeIdent(fun ast.Expr) *ast.Ident {
	fun = ast.Unparen(fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = ast.Unparen(f.X)
	case *ast.IndexListExpr:
		fun = ast.Unparen(f.X)
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// Arguments returns the expressions the callers of the function that
// declares parameter v pass for it, in source order; ok is false when they
// are not all known: v is not a parameter of a function declared in the
// package, the function is exported (other packages may call it), used
// other than by a call (a method value, a function value), variadic in v,
// or called with a spread or a multi-valued argument. An unexported method
// that satisfies an interface may also be called through it, unseen here.
// The function's own assignments to v are Assignments(v).
func (x *Index) Arguments(v *types.Var) (args []Argument, ok bool) {
	if x == nil {
		return nil, false
	}
	p, isParam := x.params[v]
	if !isParam || p.fn.Exported() || p.fn.Pkg() != v.Pkg() {
		return nil, false
	}
	sig := p.fn.Signature()
	if sig.Variadic() && p.i == sig.Params().Len()-1 {
		return nil, false
	}
	calls := x.calls[p.fn]
	if x.refs[p.fn] != len(calls) {
		return nil, false
	}
	for _, c := range calls {
		if c.call.Ellipsis.IsValid() || len(c.call.Args) != sig.Params().Len() {
			return nil, false
		}
		args = append(args, Argument{c.call.Args[p.i], c.decl})
	}
	return args, true
}

func (x *Index) add(lhs ast.Expr, a Assignment) {
	if v := x.Var(lhs); v != nil {
		x.assigns[v] = append(x.assigns[v], a)
	}
}

// funcField returns the struct field of function type that e selects
// (x.f), or nil.
func (x *Index) funcField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || x.info == nil {
		return nil
	}
	s := x.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	f, ok := s.Obj().(*types.Var)
	if !ok || !isFunc(f.Type()) {
		return nil
	}
	return f.Origin()
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// FuncField returns what the package assigns to the struct field of
// function type that the call's function expression selects
// (r.lookup(ctx, name) after r.lookup = r.readSecret, or a literal
// Reconciler{lookup: readSecret}), in source order: the functions such a
// call may run, as far as the package says. Nil for any other call.
func (x *Index) FuncField(fun ast.Expr) []ast.Expr {
	if x == nil {
		return nil
	}
	f := x.funcField(fun)
	if f == nil {
		return nil
	}
	return x.funcFields[f]
}

// Var returns the variable e denotes when e is an identifier (in
// parentheses or not) of a variable that is not a struct field, or nil.
func (x *Index) Var(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" || x.info == nil {
		return nil
	}
	v, ok := x.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	return v
}

// Vars returns the variables that are assigned somewhere, in order of
// declaration.
func (x *Index) Vars() []*types.Var {
	if x == nil {
		return nil
	}
	vs := make([]*types.Var, 0, len(x.assigns))
	for v := range x.assigns {
		vs = append(vs, v)
	}
	slices.SortFunc(vs, func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return vs
}

// Assignments returns the assignments of v in source order.
func (x *Index) Assignments(v *types.Var) []Assignment {
	if x == nil {
		return nil
	}
	return x.assigns[v]
}

// Elements returns the assignments to elements of the map or slice v
// (v[k] = e) in source order: the values its elements may hold besides
// those of its own assignments (a literal, an append).
func (x *Index) Elements(v *types.Var) []Assignment {
	if x == nil {
		return nil
	}
	return x.elems[v]
}

// Addressed reports whether &v appears anywhere in the package: v may then
// change behind any assignment.
func (x *Index) Addressed(v *types.Var) bool {
	return x != nil && x.addressed[v]
}

// Sole returns the value of a variable that gets exactly one, from a single
// expression (x := e, x = e, var x = e), and whose address is never taken;
// nil otherwise. Parameters are never assigned by their declaration, so a
// parameter has no sole value.
func (x *Index) Sole(v *types.Var) ast.Expr {
	as := x.Assignments(v)
	if len(as) != 1 || x.Addressed(v) {
		return nil
	}
	return as[0].Single()
}

// maxElementDepth bounds how many calls up, and copies back, IsElement
// follows a variable.
const maxElementDepth = 3

// IsElement reports whether the object expression e is an element of a
// collection: x[i] of a slice, &list.Items[i], a variable ranging over a
// slice, a variable assigned once from one of these (or a copy of one:
// instance := item), or a parameter of a function of the package that
// every call passes one of these. An object found in a list (a child, a
// peer) is not the one the function was asked about.
func (x *Index) IsElement(e ast.Expr) bool {
	return e != nil && x.elementAt(e, 0)
}

// elementAt is IsElement, depth calls up or copies back from where e was
// asked about.
func (x *Index) elementAt(e ast.Expr, depth int) bool {
	for e != nil {
		switch y := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			e = y.X
			continue
		case *ast.StarExpr:
			e = y.X
			continue
		case *ast.IndexExpr:
			t := x.info.TypeOf(y.X)
			if t == nil {
				return false // not type-checked (an undefined list type)
			}
			_, isMap := t.Underlying().(*types.Map)
			return !isMap
		case *ast.Ident:
			v := x.Var(y)
			as := x.Assignments(v)
			if v != nil && len(as) == 0 && depth < maxElementDepth {
				// A helper's parameter: an element when every call
				// passes one (a child re-read by the helper a loop
				// over the list calls).
				args, known := x.Arguments(v)
				if !known || len(args) == 0 {
					return false
				}
				for _, a := range args {
					if !x.elementAt(a.Expr, depth+1) {
						return false
					}
				}
				return true
			}
			if v == nil || len(as) != 1 {
				return false
			}
			if val := as[0].Single(); val != nil {
				// peer := &list.Items[i], or a copy of a variable that
				// holds one (instance := item).
				if _, isIdent := ast.Unparen(val).(*ast.Ident); isIdent {
					if depth++; depth > maxElementDepth {
						return false
					}
				}
				e = val
				continue
			}
			rs, ok := as[0].Node.(*ast.RangeStmt)
			if !ok || rs.Value == nil || x.Var(rs.Value) != v {
				return false
			}
			t := x.info.TypeOf(rs.X) // nil when the collection does not type-check
			if t == nil {
				return false
			}
			_, isSlice := t.Underlying().(*types.Slice)
			return isSlice
		}
		return false
	}
	return false
}

// ConstStrings returns the string constants e may be: a constant, a
// variable every assignment of which is one (the elements of a literal
// ranged over included), or the call of a function of the package every
// return of which is one; ok is false when some value is not known.
func (x *Index) ConstStrings(e ast.Expr) (vals []string, ok bool) {
	return x.constStrings(e, 0)
}

func (x *Index) constStrings(e ast.Expr, depth int) (vals []string, ok bool) {
	if e == nil || depth > 3 || x.info == nil {
		return nil, false
	}
	if tv, found := x.info.Types[e]; found && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return nil, false
		}
		return []string{constant.StringVal(tv.Value)}, true
	}
	// more adds what each of es may be; false when one is not known.
	more := func(es ...ast.Expr) bool {
		for _, e := range es {
			vs, ok := x.constStrings(e, depth+1)
			if !ok {
				return false
			}
			vals = append(vals, vs...)
		}
		return true
	}
	switch y := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, isVar := x.info.Uses[y].(*types.Var)
		if !isVar || v.IsField() {
			return nil, false
		}
		as := x.Assignments(v)
		if len(as) == 0 {
			return nil, false
		}
		if rs, ok := as[0].Node.(*ast.RangeStmt); ok && len(as) == 1 && rs.Value != nil && x.Var(rs.Value) == v {
			// for _, name := range []string{"a", "b"}: the elements.
			lit, ok := ast.Unparen(rs.X).(*ast.CompositeLit)
			if !ok || !more(lit.Elts...) {
				return nil, false
			}
			break
		}
		for _, a := range as {
			if a.Single() == nil || !more(a.Single()) {
				return nil, false
			}
		}
	case *ast.CallExpr:
		id := CalleeIdent(y.Fun)
		fn := x.ownFunc(id)
		decl := x.decls[fn]
		if decl == nil {
			return nil, false
		}
		returns := 0
		known := true
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // a closure's returns are not the function's
			case *ast.ReturnStmt:
				returns++
				known = known && len(n.Results) > 0 && more(n.Results[0])
			}
			return known
		})
		if returns == 0 || !known {
			return nil, false
		}
	default:
		return nil, false
	}
	slices.Sort(vals)
	return slices.Compact(vals), true
}
