package recognize

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// IsOwnerReference reports whether t is metav1.OwnerReference or a pointer
// to it.
func IsOwnerReference(t types.Type) bool {
	return t != nil && IsNamedOrPointer(t, PkgMetaV1, "OwnerReference")
}

// CarriesOwnerReference reports whether a value of type t can carry an
// owner reference: an OwnerReference, a pointer to one, or a slice or array
// of such values (a few levels deep: a recursive type ends the search).
func CarriesOwnerReference(t types.Type) bool {
	for range 4 {
		if t == nil {
			return false
		}
		if IsOwnerReference(t) {
			return true
		}
		switch u := types.Unalias(t).Underlying().(type) {
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Pointer:
			t = u.Elem()
		default:
			return false
		}
	}
	return false
}

// A Truth is what is statically known about a boolean setting.
type Truth int8

// The truths a boolean setting can have.
const (
	Absent  Truth = iota // not set at all (a nil *bool)
	Unknown              // set to a value not known statically
	False                // set to false
	True                 // set to true
)

// BoolValues knows the constant values of the package's variables and
// helper functions that hold or return booleans and pointers to booleans,
// so that Controller: &isController, Controller: ptr.To(true),
// Controller: boolPtr(true) or Controller: trueRef() can be read as true.
// A variable has a known value only when it is assigned exactly once (a
// declaration without a value counts only when nothing else assigns it) and
// its address is never passed to a call.
type BoolValues struct {
	// External returns what a niladic function of another package that
	// returns a *bool points to (from facts); nil means Unknown.
	External func(fn *types.Func) Truth

	info    *types.Info
	vals    *values.Index
	escaped map[*types.Var]bool // address passed to a call
	funcs   map[*types.Func]ast.Expr
}

// NewBoolValues reads the assignments of bool and *bool variables from
// vals, and collects the single-return helpers that return a *bool and the
// variables whose address is passed to a call, from the files ins covers.
func NewBoolValues(info *types.Info, ins *inspector.Inspector, vals *values.Index) *BoolValues {
	b := &BoolValues{
		info:    info,
		vals:    vals,
		escaped: make(map[*types.Var]bool),
		funcs:   make(map[*types.Func]ast.Expr),
	}
	filter := []ast.Node{(*ast.CallExpr)(nil), (*ast.FuncDecl)(nil)}
	ins.Preorder(filter, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CallExpr:
			if Builtin(info, n) != "" {
				return
			}
			for _, arg := range n.Args {
				if u, ok := ast.Unparen(arg).(*ast.UnaryExpr); ok && u.Op == token.AND {
					if v := b.boolVar(u.X); v != nil && !isBoolPointer(info.TypeOf(n)) {
						// Passed to a function that may write through
						// it (not a pointer helper returning *bool).
						b.escaped[v] = true
					}
				}
			}
		case *ast.FuncDecl:
			b.helper(n)
		}
	})
	return b
}

// known returns the one value assigned to v, or reports that v is only
// declared without a value (zero); ok is false when v's value cannot be
// known: it is assigned several times or in ways not followed (a tuple, a
// range, an op-assignment), or its address is passed to a call.
func (b *BoolValues) known(v *types.Var) (value ast.Expr, zero, ok bool) {
	if b.escaped[v] {
		return nil, false, false
	}
	for _, a := range b.vals.Assignments(v) {
		switch {
		case a.Zero():
			zero = true
		case a.Single() == nil || value != nil:
			return nil, false, false
		default:
			value = a.Single()
		}
	}
	return value, zero && value == nil, value != nil || zero
}

func (b *BoolValues) boolVar(e ast.Expr) *types.Var {
	if e == nil {
		return nil
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, ok := b.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	t := v.Type()
	if IsBool(t) || isBoolPointer(t) {
		return v
	}
	return nil
}

func (b *BoolValues) helper(fd *ast.FuncDecl) {
	if fd.Body == nil || fd.Recv != nil || len(fd.Body.List) == 0 {
		return
	}
	fn, ok := b.info.Defs[fd.Name].(*types.Func)
	if !ok {
		return
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isBoolPointer(sig.Results().At(0).Type()) {
		return
	}
	ret, ok := fd.Body.List[len(fd.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return
	}
	for _, s := range fd.Body.List[:len(fd.Body.List)-1] {
		if _, ok := s.(*ast.ReturnStmt); ok {
			return
		}
	}
	b.funcs[fn] = ret.Results[0]
}

func isBoolPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && IsBool(p.Elem())
}

// Bool returns what is known about the boolean e (a bool expression).
func (b *BoolValues) Bool(e ast.Expr) Truth { return b.value(e, false, 0) }

// BoolPointer returns what is known about the *bool e: Absent for nil, True
// or False for a pointer to a known value (&trueVar, ptr.To(true),
// pointer.Bool(false), a helper taking a bool and returning a *bool, a
// helper returning one), Unknown otherwise.
func (b *BoolValues) BoolPointer(e ast.Expr) Truth { return b.value(e, true, 0) }

func (b *BoolValues) value(e ast.Expr, pointer bool, depth int) Truth {
	if b == nil || b.info == nil || e == nil || depth > 8 {
		return Unknown
	}
	e = ast.Unparen(e)
	if tv, ok := b.info.Types[e]; ok {
		if tv.IsNil() {
			return Absent
		}
		if !pointer && tv.Value != nil && tv.Value.Kind() == constant.Bool {
			return truth(constant.BoolVal(tv.Value))
		}
	}
	switch e := e.(type) {
	case *ast.Ident:
		return b.varValue(e, pointer, depth)
	case *ast.UnaryExpr:
		if pointer && e.Op == token.AND {
			return b.value(e.X, false, depth+1)
		}
		if !pointer && e.Op == token.NOT {
			switch b.value(e.X, false, depth+1) {
			case True:
				return False
			case False:
				return True
			}
		}
	case *ast.IndexExpr:
		if !pointer {
			return b.elementValue(e, depth)
		}
	case *ast.StarExpr:
		if !pointer {
			if t := b.value(e.X, true, depth+1); t == True || t == False {
				return t
			}
		}
	case *ast.CallExpr:
		if pointer {
			return b.pointerCallValue(e, depth)
		}
	}
	return Unknown
}

// truth is True or False.
func truth(v bool) Truth {
	if v {
		return True
	}
	return False
}

// varValue returns what is known of the variable id: the value it is
// given, or its zero value.
func (b *BoolValues) varValue(id *ast.Ident, pointer bool, depth int) Truth {
	v, ok := b.info.Uses[id].(*types.Var)
	if !ok {
		return Unknown
	}
	value, zero, ok := b.known(v)
	switch {
	case !ok:
		return Unknown
	case zero && pointer:
		return Absent
	case zero:
		return False
	}
	return b.value(value, pointer, depth+1)
}

// elementValue returns what is known of []bool{true}[0]: an element of a
// literal, at a constant index (Controller: &[]bool{true}[0]).
func (b *BoolValues) elementValue(e *ast.IndexExpr, depth int) Truth {
	lit, ok := ast.Unparen(e.X).(*ast.CompositeLit)
	if !ok {
		return Unknown
	}
	tv := b.info.Types[e.Index]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return Unknown
	}
	i, exact := constant.Int64Val(tv.Value)
	if !exact || i < 0 || i >= int64(len(lit.Elts)) {
		return Unknown
	}
	if _, keyed := lit.Elts[i].(*ast.KeyValueExpr); keyed {
		return Unknown
	}
	return b.value(lit.Elts[i], false, depth+1)
}

// pointerCallValue returns what is known of the *bool a call returns: a
// helper that returns a pointer to its argument, or a niladic function of
// the package (or with a fact) that returns a known pointer.
func (b *BoolValues) pointerCallValue(e *ast.CallExpr, depth int) Truth {
	if tv, ok := b.info.Types[e.Fun]; ok && tv.IsType() {
		return Unknown // a conversion
	}
	if len(e.Args) == 1 && isBoolPointer(b.info.TypeOf(e)) {
		// ptr.To(true), pointer.Bool(true), boolPtr(true): helpers that
		// return a pointer to their argument.
		return b.value(e.Args[0], false, depth+1)
	}
	if len(e.Args) != 0 {
		return Unknown
	}
	fn := Callee(b.info, e)
	if fn == nil {
		return Unknown
	}
	if ret, ok := b.funcs[fn]; ok {
		return b.value(ret, true, depth+1)
	}
	if b.External != nil {
		return b.External(fn)
	}
	return Unknown
}

// Helpers returns what the package's niladic functions that return a *bool
// point to, when known (True or False), for facts.
func (b *BoolValues) Helpers() map[*types.Func]Truth {
	out := make(map[*types.Func]Truth)
	for fn, ret := range b.funcs {
		if t := b.value(ret, true, 1); t == True || t == False {
			out[fn] = t
		}
	}
	return out
}

// OwnerRefLit describes a composite literal of metav1.OwnerReference.
type OwnerRefLit struct {
	Lit *ast.CompositeLit
	// Controller and BlockOwnerDeletion are what the literal sets.
	Controller, BlockOwnerDeletion Truth
	// ControllerField is the Controller element, or nil.
	ControllerField ast.Expr
	// Name, UID and Block are the values of the Name, UID and
	// BlockOwnerDeletion elements, or nil.
	Name, UID, Block ast.Expr
	// Keyed reports whether the literal names its fields.
	Keyed bool
}

// AsOwnerRefLit reports whether lit is a metav1.OwnerReference literal
// (also with its type elided inside a slice literal) and describes its
// Controller and BlockOwnerDeletion fields. vals may be nil, in which case
// only constant spellings are understood.
func AsOwnerRefLit(info *types.Info, lit *ast.CompositeLit, vals *BoolValues) (OwnerRefLit, bool) {
	t := info.TypeOf(lit)
	if t == nil || !IsNamed(t, PkgMetaV1, "OwnerReference") {
		return OwnerRefLit{}, false
	}
	if vals == nil {
		vals = &BoolValues{info: info}
	}
	out := OwnerRefLit{Lit: lit, Keyed: true}
	for i, elt := range lit.Elts {
		var name string
		var value ast.Expr
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			id, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			name, value = id.Name, kv.Value
		} else {
			out.Keyed = false
			// APIVersion, Kind, Name, UID, Controller, BlockOwnerDeletion.
			switch i {
			case 2:
				name = "Name"
			case 3:
				name = "UID"
			case 4:
				name = "Controller"
			case 5:
				name = "BlockOwnerDeletion"
			}
			value = elt
		}
		switch name {
		case "Controller":
			out.Controller = vals.BoolPointer(value)
			out.ControllerField = elt
		case "BlockOwnerDeletion":
			out.BlockOwnerDeletion = vals.BoolPointer(value)
			out.Block = value
		case "Name":
			out.Name = value
		case "UID":
			out.UID = value
		}
	}
	return out, true
}

// IsControllerOwnerRef reports whether e, an expression of type
// metav1.OwnerReference or *metav1.OwnerReference, is known to be a
// controller reference: a literal with Controller set to true, or a call of
// metav1.NewControllerRef or the runtime's ownership.NewControllerRef.
func IsControllerOwnerRef(info *types.Info, e ast.Expr, vals *BoolValues) bool {
	e = ast.Unparen(e)
	for {
		switch x := e.(type) {
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return false
			}
			e = ast.Unparen(x.X)
			continue
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
			continue
		}
		break
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		o, ok := AsOwnerRefLit(info, x, vals)
		return ok && o.Controller == True
	case *ast.CallExpr:
		key := CallKey(info, x)
		return KeyIs(key, PkgMetaV1, "NewControllerRef") || KeyIs(key, PkgRuntimeModule+"/ownership", "NewControllerRef")
	}
	return false
}

// BlockOptions returns the blockOwnerDeletion that controllerutil's
// OwnerReferenceOptions set: True or False for a WithBlockOwnerDeletion
// option whose value vals knows, Unknown for one whose value it does not
// (then arg is that value) or for an option that is not a call, and
// Absent when none sets it (SetControllerReference's default is then true,
// SetOwnerReference's unset). Options of other kinds are left alone.
func BlockOptions(info *types.Info, vals *BoolValues, opts []ast.Expr) (t Truth, arg ast.Expr) {
	if vals == nil {
		vals = &BoolValues{info: info}
	}
	t = Absent
	for _, o := range opts {
		call, ok := ast.Unparen(o).(*ast.CallExpr)
		if !ok {
			return Unknown, nil
		}
		if !KeyIs(CallKey(info, call), PkgControllerutil, "WithBlockOwnerDeletion") {
			continue
		}
		if len(call.Args) != 1 {
			return Unknown, nil
		}
		t, arg = vals.Bool(call.Args[0]), nil
		if t != True && t != False {
			t, arg = Unknown, call.Args[0]
		}
	}
	return t, arg
}

// FlagVar returns the bool variable whose value a blockOwnerDeletion (or
// any bool setting) takes when e is the variable, its address, or a
// one-argument call of it (&block, ptr.To(block), boolPtr(block)), or nil.
func FlagVar(info *types.Info, e ast.Expr) *types.Var {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			e = ast.Unparen(x.X)
		}
	case *ast.CallExpr:
		if len(x.Args) == 1 {
			e = ast.Unparen(x.Args[0])
		}
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !types.Identical(v.Type(), types.Typ[types.Bool]) {
		return nil
	}
	return v
}

// ResetsBlockOwnerDeletion reports whether n sets an owner reference's
// blockOwnerDeletion other than to a constant true
// (ref.BlockOwnerDeletion = ptr.To(false), = nil) or calls a function that
// says it does (disableBlockOwnerDeletion(obj)): a function that does so
// after setting a reference leaves it unknown whether that one blocks.
func ResetsBlockOwnerDeletion(info *types.Info, vals *BoolValues, n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "BlockOwnerDeletion" {
				continue
			}
			if len(n.Rhs) != len(n.Lhs) || vals.BoolPointer(n.Rhs[i]) != True {
				return true
			}
		}
	case *ast.CallExpr:
		fn := Callee(info, n)
		return fn != nil && strings.Contains(strings.ToLower(fn.Name()), "blockownerdeletion") &&
			!IsFunc(fn, PkgControllerutil, "WithBlockOwnerDeletion")
	}
	return false
}
