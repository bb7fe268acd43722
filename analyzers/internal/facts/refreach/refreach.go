// Package refreach follows owner references (metav1.OwnerReference values,
// pointers to them and slices of them) to where they go, to tell a
// reference that may be set on an object from one that is only built to
// be compared, read or logged.
//
// A reference reaches an object when it is put in an OwnerReferences field
// (a literal inside an object, an assignment, append) or passed to
// SetOwnerReferences, directly or through local variables and slices, or
// handed to a function that does so with that parameter, in this package
// or another (marked with a fact). A reference returned, kept in a field of
// another type, a package variable, or passed to a function whose body is
// not analysed (an interface method, a package out of scope) may reach one
// and counts too. A reference only compared (==, a function whose only
// result is a bool such as Cluster API's util.HasExactOwnerRef, an
// assertion that returns an error), read or passed as an interface{} never
// does; nor does one set on a local object that never reaches the API
// server (recognize.NeverWritten).
//
// The analyzer's result is a *Flow, complete when Run returns (the facts
// of the functions the package calls are read there), immutable, and safe
// for concurrent use by the rules that share it.
package refreach

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Analyzer computes where the package's owner references go.
var Analyzer = &analysis.Analyzer{
	Name:       "refreach",
	Doc:        "follow owner references to the objects they may be set on (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{inspection.Analyzer},
	ResultType: reflect.TypeFor[*Flow](),
	FactTypes:  []analysis.Fact{new(writesRefFact)},
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// writesRefFact marks a function that puts the owner references it is
// given in some of its parameters into an object (SetOwnerReferences, the
// OwnerReferences field, a helper that does) or returns them.
type writesRefFact struct {
	// Params are the indexes of those parameters (the receiver excluded).
	Params []int
}

// AFact implements analysis.Fact.
func (*writesRefFact) AFact() {}

func (f *writesRefFact) String() string {
	s := make([]string, len(f.Params))
	for i, p := range f.Params {
		s[i] = strconv.Itoa(p)
	}
	return "writesOwnerRefs(" + strings.Join(s, ",") + ")"
}

// Flow answers where the owner references of a package go.
type Flow struct {
	info *types.Info
	pkg  *types.Package
	// uses holds the uses of the variables that can carry owner
	// references; writes the parameters of the package's functions that
	// reach an object, imported those of other packages' functions the
	// package calls (both fixed when Run returns).
	uses     map[*types.Var][]inspector.Cursor
	writes   map[*types.Func][]int
	imported map[*types.Func][]int
	// reach says whether a variable's value reaches an object; Run
	// computes it for every variable used, so that queries only read.
	reach map[*types.Var]bool
}

// Of returns the flow of pass's package; pass's analyzer must require
// Analyzer. It is nil for a package out of scope, and a nil *Flow takes
// every reference to reach an object.
func Of(pass *analysis.Pass) *Flow {
	f, _ := pass.ResultOf[Analyzer].(*Flow)
	return f
}

func run(pass *analysis.Pass) (any, error) {
	ins := inspection.Of(pass)
	if ins == nil {
		return (*Flow)(nil), nil
	}
	f := &Flow{
		info:     pass.TypesInfo,
		pkg:      pass.Pkg,
		uses:     make(map[*types.Var][]inspector.Cursor),
		writes:   make(map[*types.Func][]int),
		imported: make(map[*types.Func][]int),
		reach:    make(map[*types.Var]bool),
	}
	for cur := range ins.Root().Preorder((*ast.Ident)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.Ident:
			if v, ok := f.info.Uses[n].(*types.Var); ok && !v.IsField() && recognize.CarriesOwnerReference(v.Type()) {
				f.uses[v] = append(f.uses[v], cur)
			}
		case *ast.CallExpr:
			// The facts of the other packages' functions the package
			// calls, read now so that queries need no pass.
			if fn := recognize.Callee(f.info, n); fn != nil && fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
				fn = fn.Origin()
				var fact writesRefFact
				if _, ok := f.imported[fn]; !ok && pass.ImportObjectFact(fn, &fact) {
					f.imported[fn] = fact.Params
				}
			}
		}
	}
	f.writeFacts(pass, ins)
	for v := range f.uses {
		f.varReaches(v)
	}
	return f, nil
}

// Reaches reports whether the owner reference at cur (a literal, a call
// that returns one, or a setter such as controllerutil.SetControllerReference
// given the object) can be set on an object that reaches an API server
// (see the package documentation).
func (f *Flow) Reaches(cur inspector.Cursor) bool {
	if f == nil {
		return true
	}
	if recognize.NeverWritten(f.info, cur) {
		return false
	}
	e, ok := cur.Node().(ast.Expr)
	if !ok || !recognize.CarriesOwnerReference(f.info.TypeOf(e)) {
		return true // a setter: the object it sets says (NeverWritten)
	}
	return f.flows(cur, make(map[*types.Var]bool))
}

// VarReaches reports whether the value of v, a local variable or parameter
// that can carry owner references, can reach an object through one of its
// uses.
func (f *Flow) VarReaches(v *types.Var) bool {
	if f == nil {
		return true
	}
	// Every variable with a use is in f.reach; one without reaches
	// nothing, and varFlows then writes nothing.
	return f.varFlows(v, make(map[*types.Var]bool))
}

// Uses returns the uses of v, a variable that can carry owner references
// (see CarrierVar), in source order.
func (f *Flow) Uses(v *types.Var) []inspector.Cursor {
	if f == nil {
		return nil
	}
	return f.uses[v]
}

// CarrierVar returns the local variable or parameter e names if it can
// carry an owner reference, or nil.
func (f *Flow) CarrierVar(e ast.Expr) *types.Var {
	if f == nil {
		return nil
	}
	return f.carrierVar(e)
}

// carrierVar returns the local variable or parameter e names if it can
// carry an owner reference, or nil.
func (f *Flow) carrierVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, ok := f.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Parent() == f.pkg.Scope() || !recognize.CarriesOwnerReference(v.Type()) {
		return nil
	}
	return v
}

func (f *Flow) flows(cur inspector.Cursor, visiting map[*types.Var]bool) bool {
	n := cur.Node()
	for p := cur.Parent(); p.Node() != nil; n, p = p.Node(), p.Parent() {
		switch f.exprStep(p.Node(), n) {
		case stepUp:
			continue
		case stepStored:
			return true
		case stepStmt:
			return f.stmtFlows(p.Node(), n, visiting)
		}
		return false
	}
	return false
}

// step says where a value goes from the expression it is.
type step int

const (
	stepNowhere step = iota // nowhere that reaches an object
	stepUp                  // on into the parent expression
	stepStored              // where it may reach an object
	stepStmt                // into a statement: see stmtFlows
)

// exprStep says where the value n goes in its parent expression.
func (f *Flow) exprStep(parent, n ast.Node) step {
	info := f.info
	switch x := parent.(type) {
	case *ast.ParenExpr, *ast.StarExpr:
		return stepUp
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return stepUp
		}
	case *ast.IndexExpr:
		if x.X == n {
			return stepUp // an element of a slice of references
		}
	case *ast.SliceExpr:
		if x.X == n {
			return stepUp
		}
	case *ast.CompositeLit:
		if recognize.CarriesOwnerReference(info.TypeOf(x)) {
			return stepUp // an element of a slice literal
		}
		return stepStored // stored in a value of another type
	case *ast.KeyValueExpr:
		if x.Value != n {
			return stepNowhere
		}
		if id, ok := x.Key.(*ast.Ident); ok && id.Name == "OwnerReferences" {
			return stepStored
		}
		// An indexed element of a slice literal, or stored in a field of
		// another type: the literal says.
		return stepUp
	case *ast.CallExpr:
		if x.Fun == n {
			return stepNowhere
		}
		switch f.callFlow(x, n) {
		case flowOn:
			return stepUp
		case flowIn:
			return stepStored
		}
	case *ast.AssignStmt, *ast.ValueSpec, *ast.RangeStmt:
		return stepStmt
	case *ast.ReturnStmt, *ast.SendStmt:
		return stepStored
	}
	return stepNowhere
}

// stmtFlows reports whether the value n, assigned or ranged over by the
// statement parent, can reach an object through the variables it is
// given to.
func (f *Flow) stmtFlows(parent, n ast.Node, visiting map[*types.Var]bool) bool {
	info := f.info
	switch x := parent.(type) {
	case *ast.AssignStmt:
		i := slices.Index(x.Rhs, n.(ast.Expr))
		if i < 0 {
			return false // assigned to
		}
		if len(x.Lhs) != len(x.Rhs) {
			for _, lhs := range x.Lhs {
				if recognize.CarriesOwnerReference(info.TypeOf(lhs)) && f.lhsReaches(lhs, visiting) {
					return true
				}
			}
			return false
		}
		return f.lhsReaches(x.Lhs[i], visiting)
	case *ast.ValueSpec:
		i := slices.Index(x.Values, n.(ast.Expr))
		if i < 0 {
			return false
		}
		if len(x.Names) != len(x.Values) {
			for _, name := range x.Names {
				if v := f.carrierVar(name); v != nil && f.varFlows(v, visiting) {
					return true
				}
			}
			return false
		}
		return f.lhsReaches(x.Names[i], visiting)
	case *ast.RangeStmt:
		if x.X != n || x.Value == nil {
			return false
		}
		return f.lhsReaches(x.Value, visiting)
	}
	return false
}

// lhsReaches reports whether a value assigned to lhs can reach an object.
func (f *Flow) lhsReaches(lhs ast.Expr, visiting map[*types.Var]bool) bool {
	lhs = ast.Unparen(lhs)
	if v := f.carrierVar(lhs); v != nil {
		return f.varFlows(v, visiting)
	}
	if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
		return false
	}
	// refs[i] = ref: the reference joins the slice.
	base := lhs
	for {
		if ix, ok := base.(*ast.IndexExpr); ok {
			base = ast.Unparen(ix.X)
			continue
		}
		break
	}
	if base != lhs {
		if v := f.carrierVar(base); v != nil {
			return f.varFlows(v, visiting)
		}
	}
	// obj.OwnerReferences = ..., and any other field or global: stored.
	return true
}

// varReaches reports whether the value of the variable v can reach an
// object through one of its uses.
func (f *Flow) varReaches(v *types.Var) bool {
	r, ok := f.reach[v]
	if !ok {
		r = f.varFlows(v, make(map[*types.Var]bool))
		f.reach[v] = r
	}
	return r
}

func (f *Flow) varFlows(v *types.Var, visiting map[*types.Var]bool) bool {
	if r, ok := f.reach[v]; ok {
		return r
	}
	if visiting[v] {
		return false
	}
	visiting[v] = true
	if v.Parent() == nil || v.Parent() == f.pkg.Scope() {
		return true // a package variable
	}
	for _, use := range f.uses[v] {
		if f.flows(use, visiting) {
			f.reach[v] = true
			return true
		}
	}
	return false
}

// How a value passed to a call goes on.
type flow int

const (
	flowStops flow = iota // the call does not put it in an object
	flowOn                // the call's result carries it (append, a conversion)
	flowIn                // the call may put it in an object
)

// callFlow says what the call does with its argument arg.
func (f *Flow) callFlow(call *ast.CallExpr, arg ast.Node) flow {
	info := f.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		return flowOn // a conversion
	}
	if b := recognize.Builtin(info, call); b != "" {
		if b == "append" {
			return flowOn
		}
		return flowStops
	}
	ft := info.TypeOf(call.Fun)
	if ft == nil {
		return flowIn
	}
	sig, ok := ft.Underlying().(*types.Signature)
	if !ok {
		return flowIn
	}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetOwnerReferences" {
		return flowIn
	}
	idx := slices.Index(call.Args, arg.(ast.Expr))
	if idx < 0 {
		return flowStops
	}
	if isPredicate(sig) && !isPointer(info.TypeOf(arg.(ast.Expr))) {
		return flowStops // a test of the references, such as util.HasExactOwnerRef
	}
	params := sig.Params()
	pi := idx
	var pt types.Type
	switch {
	case sig.Variadic() && idx >= params.Len()-1:
		pi = params.Len() - 1
		pt = params.At(pi).Type()
		if !call.Ellipsis.IsValid() {
			pt = pt.(*types.Slice).Elem()
		}
	case idx < params.Len():
		pt = params.At(idx).Type()
	default:
		return flowIn
	}
	if !recognize.CarriesOwnerReference(pt) {
		return flowStops // passed as an interface: a logger, a matcher
	}
	fn := recognize.Callee(info, call)
	if fn == nil || !f.visible(fn) || isAbstract(fn) {
		return flowIn // cannot see into it
	}
	if slices.Contains(f.writesOf(fn), pi) {
		return flowIn
	}
	return flowStops
}

// isAbstract reports whether fn is an interface method.
func isAbstract(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}

// visible reports whether the analysis looks into fn's body: fn is
// declared in this package or in a package it marks with facts.
func (f *Flow) visible(fn *types.Func) bool {
	pkg := fn.Pkg()
	if pkg == nil {
		return false
	}
	if pkg == f.pkg {
		_, ok := f.writes[fn.Origin()]
		return ok
	}
	return recognize.PackageInScope(pkg)
}

// writesOf returns the parameters of fn that reach an object.
func (f *Flow) writesOf(fn *types.Func) []int {
	fn = fn.Origin()
	if fn.Pkg() == f.pkg {
		return f.writes[fn]
	}
	return f.imported[fn]
}

// writeFacts computes, for the package's functions with parameters that
// can carry owner references, which of them reach an object, repeating
// until stable so that helpers of helpers are followed, and exports them.
func (f *Flow) writeFacts(pass *analysis.Pass, ins *inspection.Package) {
	type fnParams struct {
		fn     *types.Func
		params []*types.Var
	}
	var fns []fnParams
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		fn, ok := f.info.Defs[fd.Name].(*types.Func)
		if !ok || fd.Body == nil {
			continue
		}
		sig := fn.Signature()
		var params []*types.Var
		carries := false
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			if recognize.CarriesOwnerReference(p.Type()) {
				params = append(params, p)
				carries = true
			} else {
				params = append(params, nil)
			}
		}
		if carries {
			fns = append(fns, fnParams{fn, params})
			f.writes[fn] = nil
		}
	}
	fixpoint.Solve(fns, func(fp fnParams) bool {
		var w []int
		for i, p := range fp.params {
			if p != nil && f.varReaches(p) {
				w = append(w, i)
			}
		}
		if len(w) == len(f.writes[fp.fn]) {
			return false
		}
		f.writes[fp.fn] = w
		clear(f.reach) // what varReaches remembered may now be more
		return true
	})
	for _, fp := range fns {
		if w := f.writes[fp.fn]; len(w) > 0 {
			pass.ExportObjectFact(fp.fn, &writesRefFact{Params: w})
		}
	}
}

// isPredicate reports whether t is the type of a function whose only result
// is a bool.
func isPredicate(t types.Type) bool {
	sig, ok := types.Unalias(t).(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}
