package deletionpath

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// An Add is a call of the package that adds a finalizer to an object.
type Add struct {
	Call *ast.CallExpr
	// Kind is the object's kind key (recognize.TypeKey), or "".
	Kind string
	// Name is the finalizer the call adds, when it names it.
	Name ast.Expr
	// Stored reports whether the finalizer can reach the API server: false
	// when the object, a local variable, is written back after the add
	// only through its status (an Update or Patch of the status
	// subresource, which drops changes to metadata), by the function or
	// the helpers it hands the object to, so that the finalizer lives only
	// in memory.
	Stored bool
}

// Adds returns the package's finalizer adds, in source order.
func (c *Code) Adds() []Add { return c.adds }

// NeverStored reports whether every finalizer add of the package that may
// add the finalizer name (an expression, or nil when not known) to objects
// of kind (a kind key) leaves it only in memory, and there is at least one:
// objects of kind never hold that finalizer, so nothing can keep them from
// being deleted. same says when two kind keys are one kind.
func (c *Code) NeverStored(kind string, name ast.Expr, same func(a, b string) bool) bool {
	found := false
	for _, a := range c.adds {
		if a.Kind == "" || !same(a.Kind, kind) || !c.mayBeSame(a.Name, name) {
			continue
		}
		if a.Stored {
			return false
		}
		found = true
	}
	return found
}

// mayBeSame reports whether two finalizer name expressions may name the
// same finalizer: unless both are constants of different values, they may.
func (c *Code) mayBeSame(a, b ast.Expr) bool {
	if a == nil || b == nil {
		return true
	}
	va, vb := c.Info.Types[a].Value, c.Info.Types[b].Value
	if va != nil && vb != nil && va.Kind() == constant.String && vb.Kind() == constant.String {
		return constant.StringVal(va) == constant.StringVal(vb)
	}
	return true
}

// A writeEffect is what code does with an object variable: whether it may
// store the object's metadata (a write other than of the status, or a
// hand-off to code that may), and whether it writes its status.
type writeEffect struct {
	metadata, status bool
}

func (e *writeEffect) merge(o writeEffect) bool {
	changed := o.metadata && !e.metadata || o.status && !e.status
	e.metadata, e.status = e.metadata || o.metadata, e.status || o.status
	return changed
}

// findAdds records the package's finalizer adds and whether each is
// stored (see Add). What the package's functions do with their object
// parameters is summarised first, to a fixed point: a helper may hand the
// object to another.
func (c *Code) findAdds() {
	c.paramWrites = make(map[*types.Func][]writeEffect)
	for _, f := range c.funcs {
		c.paramWrites[f.Obj] = make([]writeEffect, f.Obj.Signature().Params().Len())
	}
	fixpoint.Solve(c.funcs, func(f *Func) bool {
		changed := false
		params := f.Obj.Signature().Params()
		for i := range params.Len() {
			// Only a parameter that holds an object (or its metadata) can
			// carry a finalizer: the others' bodies are not walked.
			if holdsObject(params.At(i).Type()) {
				changed = c.paramWrites[f.Obj][i].merge(c.effectOn(f, params.At(i), token.NoPos)) || changed
			}
		}
		return changed
	})
	for _, f := range c.funcs {
		for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if !recognize.IsFinalizerAdd(c.Info, call) {
				continue
			}
			a := Add{Call: call, Stored: true}
			obj, name, inMemory := addOperands(c.Info, call)
			a.Name = name
			if obj != nil {
				a.Kind = recognize.TypeKey(c.Info.TypeOf(obj))
			}
			if v, ok := objectVar(c.Info, obj); ok && inMemory && localTo(v, f.Decl) {
				e := c.effectOn(f, v, afterAdd(cur))
				a.Stored = e.metadata || !e.status
			}
			c.adds = append(c.adds, a)
		}
	}
}

// holdsObject reports whether a value of type t has an object's finalizers:
// an object, a pointer to one, client.Object, metav1.Object.
func holdsObject(t types.Type) bool {
	m, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetFinalizers")
	return m != nil
}

// afterAdd returns where the code that runs after the add at cur starts:
// its end, or the start of the loop around it, whose next iteration runs
// what comes before it too.
func afterAdd(cur inspector.Cursor) token.Pos {
	for e := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch e.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return e.Node().Pos()
		}
		break
	}
	return cur.Node().End()
}

// localTo reports whether v is declared in decl's body: a parameter's
// caller may write it.
func localTo(v *types.Var, decl *ast.FuncDecl) bool {
	return decl.Body != nil && decl.Body.Pos() <= v.Pos() && v.Pos() < decl.Body.End()
}

// effectOn returns what f does with the object variable v in the code
// that starts at from (all of it when from is NoPos): its client writes
// of v, and what the calls it hands v to do with it (the package's
// functions by their summaries; others may store it, but for helpers that
// only read an object, such as controllerutil.ContainsFinalizer). A v
// returned, assigned elsewhere or stored in a literal may be written by
// anyone.
func (c *Code) effectOn(f *Func, v *types.Var, from token.Pos) writeEffect {
	var e writeEffect
	for cur := range f.body.Preorder((*ast.CallExpr)(nil), (*ast.ReturnStmt)(nil), (*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil), (*ast.SendStmt)(nil)) {
		n := cur.Node()
		if from.IsValid() && n.Pos() < from {
			continue
		}
		var uses []ast.Expr
		switch n := n.(type) {
		case *ast.CallExpr:
			e.merge(c.callEffect(n, v))
			continue
		case *ast.ReturnStmt:
			uses = n.Results
		case *ast.AssignStmt:
			uses = n.Rhs
		case *ast.CompositeLit:
			uses = n.Elts
		case *ast.SendStmt:
			uses = []ast.Expr{n.Value}
		}
		for _, u := range uses {
			if kv, ok := u.(*ast.KeyValueExpr); ok {
				u = kv.Value
			}
			if isVar(c.Info, u, v) {
				e.metadata = true
			}
		}
	}
	return e
}

// readOnly are the library functions that read the objects they are given
// without writing them, or change them only in memory.
var readOnly = []struct{ path, name string }{
	{recognize.PkgControllerutil, "ContainsFinalizer"},
	{recognize.PkgControllerutil, "AddFinalizer"},
	{recognize.PkgControllerutil, "RemoveFinalizer"},
	{recognize.PkgControllerutil, "SetControllerReference"},
	{recognize.PkgControllerutil, "SetOwnerReference"},
	{recognize.PkgControllerutil, "HasControllerReference"},
	{recognize.PkgMetaV1, "NewControllerRef"},
	{recognize.PkgClient, "ObjectKeyFromObject"},
}

// callEffect returns what call does with the object variable v.
func (c *Code) callEffect(call *ast.CallExpr, v *types.Var) writeEffect {
	if cc, ok := recognize.AsClientCall(c.Info, call); ok && cc.Object != nil && isVar(c.Info, cc.Object, v) {
		switch {
		case cc.Method == "Get" || cc.Method == "List" || cc.Method == "Delete":
			return writeEffect{}
		case cc.Status:
			return writeEffect{status: true}
		}
		return writeEffect{metadata: true}
	}
	fn := recognize.Callee(c.Info, call)
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && isVar(c.Info, sel.X, v) && fn != nil {
		// A method of the object: its accessors read or change it in
		// memory; anything else (a DeepCopy) hands it on.
		if !strings.HasPrefix(fn.Name(), "Get") && !strings.HasPrefix(fn.Name(), "Set") {
			return writeEffect{metadata: true}
		}
	}
	var e writeEffect
	for i, arg := range call.Args {
		if !isVar(c.Info, arg, v) {
			continue
		}
		switch {
		case isReadOnly(recognize.CallKey(c.Info, call)):
		case fn == nil:
			e.metadata = true
		case c.paramWrites[fn.Origin()] != nil:
			ps := c.paramWrites[fn.Origin()]
			if i >= len(ps) {
				i = len(ps) - 1 // variadic
			}
			if i >= 0 {
				e.merge(ps[i])
			}
		default:
			e.metadata = true
		}
	}
	return e
}

// isReadOnly reports whether key (recognize.CallKey: also the ctrl
// package's aliases) is one of readOnly.
func isReadOnly(key string) bool {
	for _, r := range readOnly {
		if recognize.KeyIs(key, r.path, r.name) {
			return true
		}
	}
	return false
}

// objectVar returns the variable obj names (obj, &obj or *obj).
func objectVar(info *types.Info, obj ast.Expr) (*types.Var, bool) {
	if obj == nil {
		return nil, false
	}
	e := ast.Unparen(recognize.StripAddr(obj))
	if st, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(st.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	return v, ok && !v.IsField()
}

// isVar reports whether e is the variable v itself (v, &v or *v), not a
// field or method result of it.
func isVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	w, ok := objectVar(info, e)
	return ok && w == v
}

// addOperands returns the object a finalizer add adds to and the
// finalizer it names, and whether the add changes only the object in
// memory (controllerutil.AddFinalizer(obj, name),
// obj.SetFinalizers(append(..., name))), not the API server's copy (the
// runtime's finalizer.Add patches it).
func addOperands(info *types.Info, call *ast.CallExpr) (obj, name ast.Expr, inMemory bool) {
	if obj := recognize.FinalizersAppended(info, call); obj != nil {
		if len(call.Args) == 2 {
			name = call.Args[1]
		}
		return obj, name, true
	}
	fn := recognize.Callee(info, call)
	switch {
	case fn != nil && fn.Name() == "SetFinalizers" && len(call.Args) == 1:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			obj = sel.X
		}
		if app, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr); ok && len(app.Args) > 1 && !app.Ellipsis.IsValid() {
			name = app.Args[len(app.Args)-1]
		}
		return obj, name, true
	case recognize.IsFunc(fn, recognize.PkgControllerutil, "AddFinalizer") && len(call.Args) == 2:
		return call.Args[0], call.Args[1], true
	case recognize.IsFunc(fn, recognize.PkgRuntimeFinalizer, "Add") && len(call.Args) == 4:
		return call.Args[2], call.Args[3], false
	}
	return nil, nil, false
}
