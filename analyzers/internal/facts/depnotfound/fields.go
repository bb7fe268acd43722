package depnotfound

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// A FieldCond is a production that depends on the object a function
// receives in its parameter Param. Either the function resolves a
// reference only when a field read from the unstructured form of that
// object (runtime.Object converted with ToUnstructured, or an
// *unstructured.Unstructured) at the JSON path Path is set: generic
// resolvers read a conventional field (spec.projectRef) of whatever object
// they are given, and for an object whose type has no such field the read
// never happens. Or it resolves only when the value is, or holds in its
// fields, a value of type Holds: a visitor that acts on the references a
// reflective walker finds (if ref, ok := v.(refs.Ref); ok) resolves
// nothing in an object without references.
//
// Or, with Bool set, it fails so only when the bool parameter Param has
// that value ("true" or "false"): a helper given ignoreNotFound skips the
// objects that are gone when its caller passes true.
//
// Or, with Keyed set, it reads objects that the references of the object
// passed as Param name (grafana.Spec.CredentialsRef), and the read is a
// dependency only where the caller passes an object of its own: an object
// the caller found in a list (a peer) leaves the list when it is deleted,
// and its references with it.
//
// With NonNil set, the production needs in addition that the pointer or
// interface parameter Param is not nil: a helper that returns at once for a
// nil object (if cluster == nil { return ... }) resolves what that object
// refers to only when its caller has one, and a caller that sets its
// variable to nil when the object is not found reads nothing then.
//
// Or, with Arg set, it reads an object by the value it is handed as Param
// (a name, a key: findService(c, ns, gvk, name)) and hands the not-found
// on: a dependency read where the caller's argument derives from a
// reference (svc.Name of a range over obj.Spec.Services), judged as a read
// keyed by that reference would be; nothing where it is the object's own
// name or a constant.
type FieldCond struct {
	Param  int
	Path   string // dot-separated JSON field names: "spec.projectRef.name"
	Holds  string // a type key: "import/path.Name", "*import/path.Name"
	Bool   string // "true" or "false"
	Keyed  bool
	Arg    bool
	NonNil bool
	Why    string
	// Kind is, for Arg, the kind key of the object read (see
	// Produces.Kind), or "".
	Kind string
}

// pathGuard is a test in a function that its parameter param has a value at
// path, or holds a value of type holds.
type pathGuard struct {
	param int
	path  string
	holds string
	bool  string // see FieldCond.Bool
	// nonNil: the calls run only when param is not nil (see
	// FieldCond.NonNil).
	nonNil bool
}

// pathGuards returns the calls of fd that run only when a field of the
// unstructured form of one of its parameters is set: the calls in the body
// of an if statement whose condition tests such a field (x != "", x != nil,
// len(x) > 0, found), where x is read with an unstructured.Nested*
// function at constant field names. The calls that run only when a pointer
// or interface parameter is not nil (see nilGuards) are guarded by that,
// unless a test of a field guards them (the first guard of a call stays).
func (r *solver) pathGuards(fd *ast.FuncDecl) map[*ast.CallExpr]pathGuard {
	params := recognize.ParamIndexes(r.pass.TypesInfo, fd.Type)
	if len(params) == 0 {
		return nil
	}
	vals := inspection.Of(r.pass).Values
	var out map[*ast.CallExpr]pathGuard
	guard := func(body ast.Node, g pathGuard) {
		ast.Inspect(body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if out == nil {
					out = make(map[*ast.CallExpr]pathGuard)
				}
				if _, seen := out[call]; !seen {
					out[call] = g
				}
			}
			return true
		})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			if g, ok := r.fieldTest(vals, params, n.Cond); ok {
				guard(n.Body, g)
			} else if g, ok := r.assertTest(params, n.Init, n.Cond); ok {
				guard(n.Body, g)
			}
		case *ast.TypeSwitchStmt:
			// switch x := v.(type) { case T: ... }
			param, ok := r.assertedParam(params, n.Assign)
			if !ok {
				return true
			}
			for _, st := range n.Body.List {
				cc, ok := st.(*ast.CaseClause)
				if !ok || len(cc.List) != 1 {
					continue
				}
				if key := typeKey(r.pass.TypesInfo.TypeOf(cc.List[0])); key != "" {
					guard(cc, pathGuard{param: param, holds: key})
				}
			}
		}
		return true
	})
	r.nilGuards(fd, params, func(n ast.Node, param int) { guard(n, pathGuard{param: param, nonNil: true}) })
	return out
}

// nilGuards calls guard with the parts of fd that run only when one of its
// pointer or interface parameters (param) is not nil: the body of an if
// statement whose condition is, or has the conjunct, p != nil, and each
// statement of the body after one that returns no error when p == nil (if
// p == nil { return nil, nil }, also as a disjunct of the condition).
func (r *solver) nilGuards(fd *ast.FuncDecl, params map[types.Object]int, guard func(n ast.Node, param int)) {
	info := r.pass.TypesInfo
	// nilTest returns the parameter that cond compares with nil (by op), as
	// cond itself or one of its operands joined by join.
	var nilTest func(cond ast.Expr, op, join token.Token) (int, bool)
	nilTest = func(cond ast.Expr, op, join token.Token) (int, bool) {
		c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
		if !ok {
			return 0, false
		}
		if c.Op == join {
			if p, ok := nilTest(c.X, op, join); ok {
				return p, true
			}
			return nilTest(c.Y, op, join)
		}
		x := c.X
		if info.Types[x].IsNil() {
			x = c.Y
		} else if !info.Types[c.Y].IsNil() {
			return 0, false
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		if c.Op != op || !ok {
			return 0, false
		}
		p, ok := params[info.Uses[id]]
		if !ok || !nillable(info.TypeOf(id)) {
			return 0, false
		}
		return p, true
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if is, ok := n.(*ast.IfStmt); ok {
			if p, ok := nilTest(is.Cond, token.NEQ, token.LAND); ok {
				guard(is.Body, p)
			}
		}
		return true
	})
	for i, st := range fd.Body.List {
		is, ok := st.(*ast.IfStmt)
		if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) == 0 {
			continue
		}
		if ret, ok := is.Body.List[len(is.Body.List)-1].(*ast.ReturnStmt); !ok || !r.nilErrorReturn(fd, ret) {
			// A helper that fails for no object fails its caller
			// all the same: the read is not what it waits for.
			continue
		}
		if p, ok := nilTest(is.Cond, token.EQL, token.LOR); ok {
			for _, rest := range fd.Body.List[i+1:] {
				guard(rest, p)
			}
		}
	}
}

// nilErrorReturn reports whether ret, a return of fd, returns no error:
// fd has no error result, or ret's last result is nil.
func (r *solver) nilErrorReturn(fd *ast.FuncDecl, ret *ast.ReturnStmt) bool {
	res := fd.Type.Results
	if res == nil || len(res.List) == 0 || !recognize.IsError(r.pass.TypesInfo.TypeOf(res.List[len(res.List)-1].Type)) {
		return true
	}
	return len(ret.Results) > 0 && r.pass.TypesInfo.Types[ret.Results[len(ret.Results)-1]].IsNil()
}

// nillable reports whether a value of type t can be nil and is tested so:
// a pointer or an interface.
func nillable(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

// assertTest recognises if x, ok := v.(T); ok { ... } on a parameter v.
func (r *solver) assertTest(params map[types.Object]int, init ast.Stmt, cond ast.Expr) (pathGuard, bool) {
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return pathGuard{}, false
	}
	okID, isID := as.Lhs[1].(*ast.Ident)
	if !isID || !conjunctIs(cond, r.pass.TypesInfo, r.pass.TypesInfo.ObjectOf(okID)) {
		return pathGuard{}, false
	}
	ta, ok := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
	if !ok || ta.Type == nil {
		return pathGuard{}, false
	}
	id, ok := ast.Unparen(ta.X).(*ast.Ident)
	if !ok {
		return pathGuard{}, false
	}
	param, ok := params[r.pass.TypesInfo.Uses[id]]
	key := typeKey(r.pass.TypesInfo.TypeOf(ta.Type))
	if !ok || key == "" {
		return pathGuard{}, false
	}
	return pathGuard{param: param, holds: key}, true
}

// conjunctIs reports whether cond is the variable obj, or a conjunction
// with it.
func conjunctIs(cond ast.Expr, info *types.Info, obj types.Object) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.Ident:
		return obj != nil && info.Uses[c] == obj
	case *ast.BinaryExpr:
		return c.Op == token.LAND && (conjunctIs(c.X, info, obj) || conjunctIs(c.Y, info, obj))
	}
	return false
}

// assertedParam returns the parameter whose type a type switch's assign
// statement (x := v.(type), or v.(type)) asserts.
func (r *solver) assertedParam(params map[types.Object]int, assign ast.Stmt) (int, bool) {
	var e ast.Expr
	switch a := assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			e = a.Rhs[0]
		}
	case *ast.ExprStmt:
		e = a.X
	}
	ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr)
	if !ok {
		return 0, false
	}
	id, ok := ast.Unparen(ta.X).(*ast.Ident)
	if !ok {
		return 0, false
	}
	i, ok := params[r.pass.TypesInfo.Uses[id]]
	return i, ok
}

// typeKey returns the key of a named type, or of a pointer to one
// ("*import/path.Name"), or "" for other types.
func typeKey(t types.Type) string {
	ptr := ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		ptr, t = "*", p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return ptr + n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// fieldTest recognises a condition that holds only when a field of a
// parameter's unstructured form is set.
func (r *solver) fieldTest(vals *values.Index, params map[types.Object]int, cond ast.Expr) (pathGuard, bool) {
	var x ast.Expr
	wantResult := 0
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch {
		case c.Op == token.LAND:
			if g, ok := r.fieldTest(vals, params, c.X); ok {
				return g, true
			}
			return r.fieldTest(vals, params, c.Y)
		case c.Op == token.NEQ && isZeroLit(r.pass.TypesInfo, c.Y):
			x = c.X
		case c.Op == token.NEQ && isZeroLit(r.pass.TypesInfo, c.X):
			x = c.Y
		case c.Op == token.GTR && recognize.LenArg(r.pass.TypesInfo, c.X) != nil:
			x = recognize.LenArg(r.pass.TypesInfo, c.X)
		}
	case *ast.Ident:
		x, wantResult = c, 1 // value, found, err := unstructured.NestedString(...)
	}
	v := vals.Var(x)
	if v == nil {
		return pathGuard{}, false
	}
	as := vals.Assignments(v)
	if len(as) != 1 || vals.Addressed(v) || as[0].Result != wantResult {
		return pathGuard{}, false
	}
	call, ok := ast.Unparen(as[0].Value).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return pathGuard{}, false
	}
	fn := recognize.Callee(r.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || !recognize.PathIs(fn.Pkg().Path(), pkgUnstructured) || !strings.HasPrefix(fn.Name(), "Nested") {
		return pathGuard{}, false
	}
	var fields []string
	for _, a := range call.Args[1:] {
		tv := r.pass.TypesInfo.Types[a]
		if tv.Value == nil {
			return pathGuard{}, false
		}
		s, err := strconv.Unquote(tv.Value.ExactString())
		if err != nil {
			return pathGuard{}, false
		}
		fields = append(fields, s)
	}
	param, ok := r.unstructuredOf(vals, params, call.Args[0], 0)
	if !ok {
		return pathGuard{}, false
	}
	return pathGuard{param: param, path: strings.Join(fields, ".")}, true
}

// isZeroLit reports whether e is the constant "" or nil.
func isZeroLit(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	if tv.IsNil() {
		return true
	}
	return tv.Value != nil && tv.Value.ExactString() == `""`
}

// unstructuredOf returns the index of the parameter whose unstructured
// content e is: u.Object or u.UnstructuredContent() of an unstructured
// object made from the parameter, or the map ToUnstructured made from it.
func (r *solver) unstructuredOf(vals *values.Index, params map[types.Object]int, e ast.Expr, depth int) (int, bool) {
	if depth > 12 {
		return 0, false
	}
	info := r.pass.TypesInfo
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.SelectorExpr: // u.Object
		if x.Sel.Name == "Object" {
			return r.unstructuredOf(vals, params, x.X, depth+1)
		}
		return 0, false
	case *ast.CallExpr:
		fn := recognize.Callee(info, x)
		if fn == nil {
			return 0, false
		}
		if fn.Name() == "UnstructuredContent" {
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				return r.unstructuredOf(vals, params, sel.X, depth+1)
			}
		}
		if fn.Name() == "ToUnstructured" && len(x.Args) == 1 {
			return r.unstructuredOf(vals, params, x.Args[0], depth+1)
		}
		return 0, false
	case *ast.UnaryExpr: // &unstructured.Unstructured{Object: m}
		if x.Op == token.AND {
			return r.unstructuredOf(vals, params, x.X, depth+1)
		}
		return 0, false
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Object" {
					return r.unstructuredOf(vals, params, kv.Value, depth+1)
				}
			}
		}
		return 0, false
	case *ast.TypeAssertExpr: // u, ok := obj.(*unstructured.Unstructured)
		return r.unstructuredOf(vals, params, x.X, depth+1)
	case *ast.Ident:
		obj := info.Uses[x]
		if i, ok := params[obj]; ok {
			return i, true
		}
		v := vals.Var(x)
		as := vals.Assignments(v)
		if v == nil || len(as) == 0 {
			return 0, false
		}
		// Every value the variable gets is made from the same parameter.
		found := -1
		for _, a := range as {
			if a.Value == nil || a.Result != 0 {
				return 0, false
			}
			i, ok := r.unstructuredOf(vals, params, a.Value, depth+1)
			if !ok || (found >= 0 && i != found) {
				return 0, false
			}
			found = i
		}
		return found, true
	}
	return 0, false
}

// fieldConds returns what call produces through the FieldConds of its
// callee's summary: Why when the object passed has the field (or its type
// does not say), nothing when its type has no such field, and, when the
// object is a parameter of the calling function (s) whose type does not
// say, the same condition on that parameter.
func (r *solver) fieldConds(call *ast.CallExpr, conds []FieldCond, s *scope) effect {
	var e effect
	for _, c := range conds {
		if c.Param < 0 || c.Param >= len(call.Args) {
			continue
		}
		if c.NonNil && r.pass.TypesInfo.Types[ast.Unparen(call.Args[c.Param])].IsNil() {
			continue // see FieldCond.NonNil
		}
		c.Kind = r.argKinds(call, c.Kind, s)
		if c.Arg {
			e.merge(r.argOn(call, ast.Unparen(call.Args[c.Param]), c, s))
			continue
		}
		e.merge(r.condOn(r.scans[call], call.Args[c.Param], c, s))
	}
	return e
}

// condOn returns what c produces for the value arg: Why when arg has the
// field or holds the type (or its type does not say), nothing when it
// cannot, and, when arg is a parameter of the calling function (s) whose
// type does not say, the same condition on that parameter. rd, when not
// nil, is the calling function's (see keyedOn).
func (r *solver) condOn(rd *readScan, arg ast.Expr, c FieldCond, s *scope) effect {
	arg = ast.Unparen(arg)
	if c.NonNil && c.Path == "" && c.Holds == "" && c.Bool == "" && !c.Keyed {
		// Nothing but the object's presence: any object but nil
		// produces.
		if id, ok := arg.(*ast.Ident); ok && s != nil {
			if i, ok := s.index[r.pass.TypesInfo.Uses[id]]; ok {
				lifted := c
				lifted.Param = i
				return effect{conds: []FieldCond{lifted}}
			}
		}
		return effect{why: c.Why, kind: c.Kind}
	}
	if c.Keyed {
		return r.keyedOn(rd, arg, c, s)
	}
	t := r.pass.TypesInfo.TypeOf(arg)
	var answer pathAnswer
	if c.Bool != "" {
		answer = pathUnknown
		if tv, ok := r.pass.TypesInfo.Types[arg]; ok && tv.Value != nil {
			answer = pathAbsent
			if tv.Value.String() == c.Bool {
				answer = pathPresent
			}
		}
	} else if c.Holds != "" {
		answer = r.holds(t, c.Holds)
	} else {
		answer = hasJSONPath(t, strings.Split(c.Path, "."), 0)
	}
	switch answer {
	case pathAbsent:
		return effect{}
	case pathPresent:
		return effect{why: c.Why}
	}
	if id, ok := arg.(*ast.Ident); ok && s != nil {
		if i, ok := s.index[r.pass.TypesInfo.Uses[id]]; ok {
			lifted := c
			lifted.Param = i
			return effect{conds: []FieldCond{lifted}}
		}
	}
	return effect{why: c.Why}
}

// keyedOn returns what the keyed condition c produces for the value arg:
// nothing when arg's object (arg, or what it is a field of) was found in a
// list, the same condition on the calling function's parameter when it is
// one, and c.Why otherwise. With the calling function's reads (rd), a
// local object is followed to what it stands for: to what was assigned
// to it, and from an object made for others to them (see madeFor).
func (r *solver) keyedOn(rd *readScan, arg ast.Expr, c FieldCond, s *scope) effect {
	h := recognize.Holder(r.pass.TypesInfo, arg)
	if h == nil {
		return effect{why: c.Why, kind: c.Kind}
	}
	holders := []ast.Expr{h}
	if rd != nil {
		if hs, ok := rd.resolveHolder(h, 0); ok {
			holders = hs
		}
	}
	var e effect
	for _, h := range holders {
		if r.values.IsElement(h) {
			continue
		}
		if id, ok := h.(*ast.Ident); ok && s != nil {
			if i, ok := s.index[r.pass.TypesInfo.Uses[id]]; ok {
				lifted := c
				lifted.Param = i
				e.conds = append(e.conds, lifted)
				continue
			}
		}
		return effect{why: c.Why, kind: c.Kind}
	}
	return e
}

// argOn returns what the condition c, a read keyed by the value passed
// (FieldCond.Arg), produces for the argument arg of call: for a value that
// derives from a reference, what a read keyed by it would (nothing when
// every object holding it was found in a list, a keyed condition on the
// calling function's parameters that hold it); for a value that derives
// only from the calling function's parameters, the same condition on
// them; nothing otherwise.
func (r *solver) argOn(call *ast.CallExpr, arg ast.Expr, c FieldCond, s *scope) effect {
	rd := r.scans[call]
	if rd == nil {
		return effect{}
	}
	lifted := func(ps []int, keyed bool) effect {
		var e effect
		for _, p := range ps {
			e.conds = append(e.conds, FieldCond{Param: p, Keyed: keyed, Arg: !keyed, Why: c.Why, Kind: c.Kind})
		}
		return e
	}
	if rd.fromReference(arg, 0) {
		params, ok := rd.keyHolders(arg)
		switch {
		case !ok:
			return effect{}
		case len(params) > 0 && s != nil && s.index != nil:
			return lifted(params, true)
		}
		return effect{why: c.Why, kind: c.Kind}
	}
	if s == nil || s.index == nil {
		return effect{}
	}
	return lifted(rd.keyParams(arg), false)
}

// holds reports whether a value of type t is, or holds in its fields,
// elements or pointees, a value of the type named by key (for an
// interface type: a value implementing it).
func (r *solver) holds(t types.Type, key string) pathAnswer {
	target := r.typeByKey(key)
	if target == nil || t == nil {
		return pathUnknown
	}
	// The fixed point asks again each round; the walk over a large API
	// type is worth remembering.
	memo := holdsKey{t, key}
	if a, ok := r.held[memo]; ok {
		return a
	}
	a := holdsWalk(t, target)
	if r.held == nil {
		r.held = make(map[holdsKey]pathAnswer)
	}
	r.held[memo] = a
	return a
}

// holdsKey is the memo key of holds.
type holdsKey struct {
	t   types.Type
	key string
}

// holdsWalk is holds without the memo, for the type target named by key.
func holdsWalk(t, target types.Type) pathAnswer {
	iface, _ := target.Underlying().(*types.Interface)
	if _, isPtr := target.(*types.Pointer); isPtr {
		iface = nil
	}
	seen := make(map[types.Type]bool)
	var walk func(t types.Type, depth int) pathAnswer
	walk = func(t types.Type, depth int) pathAnswer {
		if depth > 12 || seen[t] {
			return pathAbsent
		}
		seen[t] = true
		if iface != nil {
			if types.Implements(t, iface) {
				return pathPresent
			}
		} else if types.Identical(t, target) {
			return pathPresent
		} else if p, ok := target.(*types.Pointer); ok && types.Identical(t, p.Elem()) {
			return pathPresent // a walker hands out addresses of fields (&field)
		}
		answer := pathAbsent
		merge := func(a pathAnswer) {
			if a == pathPresent || (a == pathUnknown && answer == pathAbsent) {
				answer = a
			}
		}
		switch u := t.Underlying().(type) {
		case *types.Interface:
			if !types.Identical(t, target) && !isContext(t) {
				return pathUnknown // any value at run time
			}
		case *types.TypeParam:
			return pathUnknown
		case *types.Pointer:
			merge(walk(u.Elem(), depth+1))
		case *types.Slice:
			merge(walk(u.Elem(), depth+1))
		case *types.Array:
			merge(walk(u.Elem(), depth+1))
		case *types.Map:
			merge(walk(u.Elem(), depth+1))
		case *types.Struct:
			for i := range u.NumFields() {
				f := u.Field(i)
				if !f.Exported() && !f.Embedded() {
					continue // a reflective walker sees exported fields
				}
				merge(walk(f.Type(), depth+1))
				if answer == pathPresent {
					break
				}
			}
		}
		if iface != nil && answer != pathPresent {
			if _, ok := t.(*types.Pointer); !ok {
				if types.Implements(types.NewPointer(t), iface) {
					// A walker hands out addresses of fields (&field).
					return pathPresent
				}
			}
		}
		return answer
	}
	return walk(t, 0)
}

func isContext(t types.Type) bool {
	return recognize.IsNamed(t, "context", "Context")
}

// typeByKey returns the type a typeKey names, looked up among the
// analysed package and its dependencies, or nil.
func (r *solver) typeByKey(key string) types.Type {
	if t, ok := r.typeKeys[key]; ok {
		return t
	}
	ptr := strings.HasPrefix(key, "*")
	name := strings.TrimPrefix(key, "*")
	dot := strings.LastIndexByte(name, '.')
	var t types.Type
	if dot > 0 {
		if pkg := r.packageByPath(name[:dot]); pkg != nil {
			if tn, ok := pkg.Scope().Lookup(name[dot+1:]).(*types.TypeName); ok {
				t = tn.Type()
				if ptr {
					t = types.NewPointer(t)
				}
			}
		}
	}
	if r.typeKeys == nil {
		r.typeKeys = make(map[string]types.Type)
	}
	r.typeKeys[key] = t
	return t
}

// packageByPath returns the analysed package or one of its dependencies
// by path, or nil.
func (r *solver) packageByPath(path string) *types.Package {
	if r.packages == nil {
		r.packages = make(map[string]*types.Package)
		var visit func(p *types.Package)
		visit = func(p *types.Package) {
			if _, ok := r.packages[p.Path()]; ok {
				return
			}
			r.packages[p.Path()] = p
			for _, imp := range p.Imports() {
				visit(imp)
			}
		}
		visit(r.pass.Pkg)
	}
	return r.packages[path]
}

type pathAnswer int

const (
	pathUnknown pathAnswer = iota // the type does not say (an interface, a map)
	pathPresent
	pathAbsent
)

// hasJSONPath reports whether a value of type t, marshalled to JSON (as
// ToUnstructured does), can have a value at path.
func hasJSONPath(t types.Type, path []string, depth int) pathAnswer {
	if len(path) == 0 {
		return pathPresent
	}
	if t == nil || depth > 16 {
		return pathUnknown
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return hasJSONPath(u.Elem(), path, depth+1)
	case *types.Struct:
		n := recognize.Named(t)
		if n != nil && n.Obj().Pkg() != nil && recognize.PathIs(n.Obj().Pkg().Path(), pkgUnstructured) {
			return pathUnknown
		}
		return structPath(u, path, depth)
	}
	return pathUnknown
}

// structPath looks path up in the JSON fields of st, embedded and inline
// fields included.
func structPath(st *types.Struct, path []string, depth int) pathAnswer {
	answer := pathAbsent
	for i := range st.NumFields() {
		f := st.Field(i)
		name, inline := jsonName(f, st.Tag(i))
		switch {
		case name == "-":
			continue
		case inline:
			switch hasJSONPath(f.Type(), path, depth+1) {
			case pathPresent:
				return pathPresent
			case pathUnknown:
				answer = pathUnknown
			}
		case name == path[0]:
			return hasJSONPath(f.Type(), path[1:], depth+1)
		}
	}
	return answer
}

// jsonName returns the JSON name of a struct field, and whether its fields
// are inlined in its parent's (an embedded struct without a name, or
// json:",inline").
func jsonName(f *types.Var, tag string) (string, bool) {
	name, opts, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	if slices.Contains(strings.Split(opts, ","), "inline") {
		return "", true
	}
	if name == "" {
		if f.Embedded() {
			return "", true
		}
		return f.Name(), false
	}
	return name, false
}
