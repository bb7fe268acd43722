package recognize

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
)

// NeverWritten reports whether the owner reference at cur (an
// OwnerReference literal or a call that returns one, or the object argument
// of a setter such as controllerutil.SetControllerReference) is put in an
// object that never reaches the API server: a local variable of the
// function, built there, whose every use only reads it (its fields, its
// getters, a comparison, an argument of type interface{} such as
// equality.Semantic.DeepEqual's or json.Marshal's) or sets it up (its
// fields assigned, its setters called, owner-reference setters). Such an
// object is built to compute something (a status, a hash, a diff), and
// its owner reference is set on nothing in the cluster. Anything else (the
// object returned, stored, handed to a function that takes an object, a
// deep copy) may reach the API server, and is not reported as unwritten.
// Where the reference itself goes (kept in a variable only compared with
// the references an object has) is facts/refreach's to follow.
func NeverWritten(info *types.Info, cur inspector.Cursor) bool {
	v, fn := objectHolder(info, cur)
	if v == nil {
		return false
	}
	for c := range fn.Preorder((*ast.Ident)(nil)) {
		id := c.Node().(*ast.Ident)
		if info.Uses[id] != v {
			continue
		}
		if !onlyRead(info, c) {
			return false
		}
	}
	return true
}

// WrittenOnlyElsewhere reports whether the owner reference at cur (as for
// NeverWritten) is put in an object that reaches no API server but other
// clusters': a local variable of the function, built there, whose every use
// only reads it or sets it up, or hands it to a write through a client that
// remote says is another cluster's (c.Create(ctx, obj) with remote(c);
// controllerutil.CreateOrUpdate(ctx, c, obj, mutate) and any other function
// given the object and clients, all remote), with at least one such write.
// The operator's own RBAC does not apply to what another cluster's API
// server checks.
func WrittenOnlyElsewhere(info *types.Info, cur inspector.Cursor, remote func(client ast.Expr) bool) bool {
	v, fn := objectHolder(info, cur)
	if v == nil {
		return false
	}
	writes := 0
	for c := range fn.Preorder((*ast.Ident)(nil)) {
		id := c.Node().(*ast.Ident)
		if info.Uses[id] != v || onlyRead(info, c) {
			continue
		}
		call := argumentOf(c)
		if call == nil || !remoteWrite(info, call, remote) {
			return false
		}
		writes++
	}
	return writes > 0
}

// argumentOf returns the call that the identifier at c (or its address) is
// an argument of, or nil.
func argumentOf(c inspector.Cursor) *ast.CallExpr {
	arg := c.Node().(ast.Expr)
	p := c.Parent()
	for {
		switch x := p.Node().(type) {
		case *ast.ParenExpr:
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil
			}
		case *ast.CallExpr:
			if slices.Contains(x.Args, arg) {
				return x
			}
			return nil
		default:
			return nil
		}
		arg = p.Node().(ast.Expr)
		p = p.Parent()
	}
}

// remoteWrite reports whether call writes through clients that remote says
// are another cluster's: a client method called on one, or a function
// whose client arguments all are (and that has some).
func remoteWrite(info *types.Info, call *ast.CallExpr, remote func(ast.Expr) bool) bool {
	if _, ok := AsClientCall(info, call); ok {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && remote(sel.X)
	}
	clients := 0
	for _, a := range call.Args {
		if IsClientType(info.TypeOf(a)) {
			if !remote(a) {
				return false
			}
			clients++
		}
	}
	return clients > 0
}

// objectHolder returns the local variable holding the object the owner
// reference at cur is put in, and the function declaring it, or nil.
func objectHolder(info *types.Info, cur inspector.Cursor) (*types.Var, inspector.Cursor) {
	var obj ast.Expr
	if call, ok := cur.Node().(*ast.CallExpr); ok && isOwnerSetter(info, call) {
		obj = StripAddr(call.Args[1])
	} else {
		obj = literalHolder(info, cur)
	}
	id, ok := ast.Unparen(obj).(*ast.Ident)
	if obj == nil || !ok {
		return nil, inspector.Cursor{}
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil, inspector.Cursor{}
	}
	for fd := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl := fd.Node().(*ast.FuncDecl)
		if decl.Type.Params != nil && decl.Type.Params.Pos() <= v.Pos() && v.Pos() < decl.Type.Params.End() {
			return nil, inspector.Cursor{} // a parameter: the caller's object
		}
		if decl.Type.Results != nil && decl.Type.Results.Pos() <= v.Pos() && v.Pos() < decl.Type.Results.End() {
			return nil, inspector.Cursor{} // a named result: returned
		}
		return v, fd
	}
	return nil, inspector.Cursor{}
}

// literalHolder returns the expression that names the variable defined
// with the object literal whose metadata holds the owner reference at cur
// ([]metav1.OwnerReference{ref}, ObjectMeta{OwnerReferences: ...},
// &T{ObjectMeta: ...}), or nil.
func literalHolder(info *types.Info, cur inspector.Cursor) ast.Expr {
	c := cur
up:
	for p := c.Parent(); p.Node() != nil; c, p = p, p.Parent() {
		switch x := p.Node().(type) {
		case *ast.CompositeLit, *ast.KeyValueExpr, *ast.ParenExpr, *ast.StarExpr:
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				break up
			}
		default:
			break up
		}
	}
	lit, ok := ast.Unparen(StripAddr(c.Node().(ast.Expr))).(*ast.CompositeLit)
	if !ok || !hasObjectMeta(info.TypeOf(lit)) {
		return nil
	}
	return definedWith(c)
}

// definedWith returns the name that the expression at c defines (v := e,
// var v = e), or nil.
func definedWith(c inspector.Cursor) ast.Expr {
	switch x := c.Parent().Node().(type) {
	case *ast.AssignStmt:
		if x.Tok != token.DEFINE || len(x.Lhs) != len(x.Rhs) {
			return nil
		}
		for i, r := range x.Rhs {
			if r == c.Node() {
				return x.Lhs[i]
			}
		}
	case *ast.ValueSpec:
		for i, r := range x.Values {
			if r == c.Node() && len(x.Names) == len(x.Values) {
				return x.Names[i]
			}
		}
	}
	return nil
}

// isOwnerSetter reports whether call sets an owner reference on its second
// argument: controllerutil.SetControllerReference or SetOwnerReference, the
// runtime's ownership.SetControllerReference.
func isOwnerSetter(info *types.Info, call *ast.CallExpr) bool {
	key := CallKey(info, call)
	return len(call.Args) >= 2 && (KeyIs(key, PkgControllerutil, "SetControllerReference") ||
		KeyIs(key, PkgControllerutil, "SetOwnerReference") ||
		KeyIs(key, PkgRuntimeOwnership, "SetControllerReference"))
}

// hasObjectMeta reports whether t (or what it points to) is a struct with
// an ObjectMeta field: an API object.
func hasObjectMeta(t types.Type) bool {
	s, ok := Unpointer(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range s.NumFields() {
		if f := s.Field(i); f.Name() == "ObjectMeta" && IsNamedOrPointer(f.Type(), PkgMetaV1, "ObjectMeta") {
			return true
		}
	}
	return false
}

// onlyRead reports whether the use of an object variable at c reads it or
// sets it up, without handing it on (see NeverWritten).
func onlyRead(info *types.Info, c inspector.Cursor) bool {
	n := c.Node().(ast.Expr)
	p := c.Parent()
	switch x := p.Node().(type) {
	case *ast.SelectorExpr:
		// v.Spec, v.Name, v.GetName(), v.SetLabels(...): what is read or
		// set is a part; a method that copies the object hands it on.
		if sel, ok := info.Selections[x]; ok && sel.Kind() == types.MethodVal {
			switch x.Sel.Name {
			case "DeepCopy", "DeepCopyObject", "DeepCopyInto":
				return false
			}
			return true
		}
		return !fieldHandedOn(p)
	case *ast.BinaryExpr:
		return true // v == nil
	case *ast.AssignStmt:
		for _, l := range x.Lhs {
			if l == n {
				return true // v = ... (its own value, read as the rest is)
			}
		}
		return false
	case *ast.ValueSpec:
		return false
	case *ast.UnaryExpr, *ast.StarExpr:
		// &v, *v: the same object, where it goes next.
		if pc := p.Parent(); pc.Node() != nil {
			if call, ok := pc.Node().(*ast.CallExpr); ok {
				return argOnlyRead(info, call, p.Node().(ast.Expr))
			}
		}
		return false
	case *ast.CallExpr:
		return argOnlyRead(info, x, n)
	}
	return false
}

// fieldHandedOn reports whether the field selection at c (v.ObjectMeta,
// v.Spec.Template) is itself handed on to where the object may be
// written: its address or value given to a function taking an object.
func fieldHandedOn(c inspector.Cursor) bool {
	for p := c.Parent(); p.Node() != nil; c, p = p, p.Parent() {
		switch x := p.Node().(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.ParenExpr:
			continue
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				continue
			}
			return false
		case *ast.ReturnStmt:
			return true
		}
		return false
	}
	return false
}

// argOnlyRead reports whether passing arg to call only reads it: an
// argument of type interface{} (a comparison, a marshaller, a logger),
// the object of an owner-reference setter, or a call that is not a
// function (a conversion).
func argOnlyRead(info *types.Info, call *ast.CallExpr, arg ast.Expr) bool {
	if isOwnerSetter(info, call) && len(call.Args) >= 2 && StripAddr(call.Args[1]) == StripAddr(arg) {
		return true
	}
	t := info.TypeOf(call.Fun)
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i, a := range call.Args {
		if a != arg {
			continue
		}
		var pt types.Type
		switch params := sig.Params(); {
		case sig.Variadic() && i >= params.Len()-1:
			pt = params.At(params.Len() - 1).Type()
			if s, ok := pt.(*types.Slice); ok && !call.Ellipsis.IsValid() {
				pt = s.Elem()
			}
		case i < params.Len():
			pt = params.At(i).Type()
		default:
			return false
		}
		iface, ok := pt.Underlying().(*types.Interface)
		return ok && iface.Empty()
	}
	return false
}
