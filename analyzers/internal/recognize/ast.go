package recognize

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
)

// CompositeField returns the value of field name in a composite literal
// (possibly behind &), or nil.
func CompositeField(e ast.Expr, name string) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value
			}
		}
	}
	return nil
}

// NameOf returns the identifier that e names: e itself, or the selected
// name of a selector (pkg.Name, v.Field, v.Method); nil for any other
// expression.
func NameOf(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// PackageVar returns the package-level variable that e names (an
// identifier or a qualified selector), or nil.
func PackageVar(info *types.Info, e ast.Expr) *types.Var {
	id := NameOf(e)
	if id == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

// IsPackageVar reports whether e names the package-level variable
// path.name (for instance client.Apply).
func IsPackageVar(info *types.Info, e ast.Expr, path, name string) bool {
	v := PackageVar(info, e)
	return v != nil && v.Name() == name && PathIs(v.Pkg().Path(), path)
}

// Holder returns the expression at the root of e that holds the value e
// reads: the identifier x of x, &x, *x, x.f and x.f.g, or the element x[i]
// of x[i] and x[i].f; nil when e is rooted elsewhere (a call, a literal, a
// method value, a name of another package).
func Holder(info *types.Info, e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident, *ast.IndexExpr:
			return x
		case *ast.SelectorExpr:
			// A field's selection, or one the checker could not resolve
			// (code that does not type-check); not a method's or a
			// package's name.
			if s, ok := info.Selections[x]; ok && s.Kind() != types.FieldVal {
				return nil
			}
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok {
				if _, isPkg := info.Uses[id].(*types.PkgName); isPkg {
					return nil
				}
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// HolderVar returns the variable Holder finds at the root of e (x for x,
// x.f, *x, &x), or nil: an element x[i] is held by no variable of its own.
// It is a types.Object, nil when there is none, to compare with others.
func HolderVar(info *types.Info, e ast.Expr) types.Object {
	if id, ok := Holder(info, e).(*ast.Ident); ok {
		if v, ok := info.ObjectOf(id).(*types.Var); ok && !v.IsField() {
			return v
		}
	}
	return nil
}

// RootVar returns the variable at the root of e: x for x, x.f, x[i], *x,
// &x (through elements to the collection); nil when the root is no
// variable (a call, a package's name, a literal) or is a field.
func RootVar(info *types.Info, e ast.Expr) *types.Var {
	for {
		switch h := Holder(info, e).(type) {
		case *ast.Ident:
			v, _ := info.ObjectOf(h).(*types.Var)
			if v == nil || v.IsField() {
				return nil
			}
			return v
		case *ast.IndexExpr:
			e = h.X
		default:
			return nil
		}
	}
}

// RootObject is RootVar as a types.Object: nil, not a nil *types.Var, when
// there is no variable, so that it compares equal to other nil objects.
func RootObject(info *types.Info, e ast.Expr) types.Object {
	if v := RootVar(info, e); v != nil {
		return v
	}
	return nil
}

// InnermostFunc returns the innermost function around c: a declaration,
// or a function literal inside one; nil at package level.
func InnermostFunc(c inspector.Cursor) ast.Node {
	for e := range c.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return e.Node()
	}
	return nil
}

// Conjuncts splits a condition at its top-level && operators.
func Conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(Conjuncts(b.X), Conjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// EmptyTest reports whether cond compares the length of a collection
// with a constant so that it holds exactly when the collection is empty
// (len(x) == 0, len(x) < 1, 0 == len(x)) or exactly when it is not
// (len(x) > 0, len(x) != 0, len(x) >= 1), and returns the collection and
// which of the two. A comparison with any other bound (len(x) < 2) is
// not one.
func EmptyTest(info *types.Info, cond ast.Expr) (x ast.Expr, whenEmpty, ok bool) {
	b, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin {
		return nil, false, false
	}
	mirror := map[token.Token]token.Token{token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ, token.EQL: token.EQL, token.NEQ: token.NEQ}
	op, bound := b.Op, b.Y
	if x = LenArg(info, b.X); x == nil {
		x, bound, op = LenArg(info, b.Y), b.X, mirror[op] // 0 < len(x) is len(x) > 0
	}
	tv, known := info.Types[bound]
	if _, comparison := mirror[op]; x == nil || !comparison || !known || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return nil, false, false
	}
	holds := func(n int64) bool { return constant.Compare(constant.MakeInt64(n), op, tv.Value) }
	empty, one, many := holds(0), holds(1), holds(1<<40)
	switch {
	case empty && !one && !many:
		return x, true, true
	case !empty && one && many:
		return x, false, true
	}
	return nil, false, false
}

// LenArg returns x when e is a call of the builtin len(x), or nil.
func LenArg(info *types.Info, e ast.Expr) ast.Expr {
	if Builtin(info, e) != "len" {
		return nil
	}
	call := ast.Unparen(e).(*ast.CallExpr)
	if len(call.Args) != 1 {
		return nil
	}
	return call.Args[0]
}

// Builtin returns the name of the built-in function that e calls (append,
// len, new, panic, ...), or "" when e is not a call of one: a local
// function that shadows a built-in's name is not one.
func Builtin(info *types.Info, e ast.Expr) string {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return ""
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return ""
	}
	if b, ok := info.Uses[id].(*types.Builtin); ok {
		return b.Name()
	}
	return ""
}

// ParamIndexes maps each named parameter of ft (not the receiver) to its
// index among the parameters.
func ParamIndexes(info *types.Info, ft *ast.FuncType) map[types.Object]int {
	out := make(map[types.Object]int)
	if ft == nil || ft.Params == nil {
		return out
	}
	i := 0
	for _, f := range ft.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, id := range f.Names {
			if obj := info.Defs[id]; obj != nil {
				out[obj] = i
			}
			i++
		}
	}
	return out
}

// FileOf returns the file of files that contains pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// InTestFile reports whether pos is in a _test.go file. Rules about what a
// controller sends to the API server skip test fixtures, which never reach
// one.
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// ErrorHandling finds what body does with the error of call: returns the
// call itself (returned), or assigns its result (as) and tests it with the
// if statement that holds or follows the assignment (ifs). An assignment
// that ends a switch case, an if or a block is followed by the statement
// after that one (err = cleanup() in each case of a switch over the
// finalizers, then if err != nil); one that ends a loop body is not.
func ErrorHandling(body *ast.BlockStmt, call *ast.CallExpr) (returned bool, as *ast.AssignStmt, ifs *ast.IfStmt) {
	if body == nil {
		return false, nil, nil
	}
	found := false
	// list scans stmts; after is the statement control goes to when the
	// list ends, or nil.
	var list func(stmts []ast.Stmt, after ast.Stmt)
	list = func(stmts []ast.Stmt, after ast.Stmt) {
		for i, st := range stmts {
			if found || st.Pos() > call.Pos() || call.End() > st.End() {
				continue
			}
			next := after
			switch st.(type) {
			case *ast.CaseClause, *ast.CommClause:
				// A case ends the switch: no fall into the next case.
			default:
				if i+1 < len(stmts) {
					next = stmts[i+1]
				}
			}
			switch st := st.(type) {
			case *ast.ReturnStmt:
				found, returned = true, true
				return
			case *ast.IfStmt:
				if a, ok := st.Init.(*ast.AssignStmt); ok && a.Pos() <= call.Pos() && call.End() <= a.End() {
					found, as, ifs = true, a, st
					return
				}
			case *ast.AssignStmt:
				found = true
				if n, ok := next.(*ast.IfStmt); ok {
					as, ifs = st, n
				}
				return
			case *ast.ExprStmt:
				found = true
				return
			}
			// Nested deeper: look into the statement's blocks, which
			// fall through to next unless they are a loop's body.
			inner := next
			switch st.(type) {
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.CaseClause, *ast.CommClause, *ast.IfStmt, *ast.BlockStmt:
			default:
				inner = nil
			}
			ast.Inspect(st, func(n ast.Node) bool {
				if found {
					return false
				}
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.BlockStmt:
					list(n.List, inner)
					return false
				case *ast.CaseClause:
					list(n.Body, inner)
					return false
				}
				return true
			})
		}
	}
	list(body.List, nil)
	return returned, as, ifs
}

// Mentions reports whether n uses obj anywhere (err in
// errors.Unwrap(err), errs in errors.Join(errs...)).
func Mentions(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// ListItemType returns the element type of the Items field of the list
// type t (a *FooList), or nil when it has none.
func ListItemType(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	st, ok := Unpointer(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Name() == "Items" {
			if s, ok := f.Type().Underlying().(*types.Slice); ok {
				return s.Elem()
			}
		}
	}
	return nil
}
