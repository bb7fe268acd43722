// Package isdeleting recognises tests of whether a Kubernetes object is
// being deleted, in every spelling controllers use:
//
//	obj.GetDeletionTimestamp() != nil
//	!obj.GetDeletionTimestamp().IsZero()
//	obj.DeletionTimestamp == nil
//	op.IsDeleting()                  // a wrapper, known by a fact
//	deleting := u.GetDeletionTimestamp() != nil; if deleting { ... }
//
// Wrappers are found by analysis, not by name: a function or method whose
// only result is a bool derived on every return from a deletion test gets a
// *Check fact, so a wrapper defined in another package is recognised where it
// is called. Functions named in the deletion-checks setting count as wrappers
// that return true while deleting, for code whose source is never analysed.
//
// The analyzer's result is a *Checker for the rules that need to read
// conditions. It is complete when Run returns: the facts (and the settings)
// of every function the package refers to are read there, so that a query
// never touches the pass.
package isdeleting

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/settings"
)

// Analyzer computes Check facts and a *Checker for the package.
var Analyzer = &analysis.Analyzer{
	Name:       "isdeleting",
	Doc:        "recognise tests of whether a Kubernetes object is being deleted (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{settings.Analyzer, inspection.Analyzer},
	FactTypes:  []analysis.Fact{new(Check)},
	ResultType: reflect.TypeFor[*Checker](),
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// Check is the fact exported for a function or method whose only result is a
// bool that tells whether an object is being deleted.
type Check struct {
	// WhenDeleting is the value the function returns while the object is
	// being deleted.
	WhenDeleting bool
}

// AFact implements analysis.Fact.
func (*Check) AFact() {}

func (c *Check) String() string { return fmt.Sprintf("deletionCheck(whenDeleting=%t)", c.WhenDeleting) }

// A Test describes a condition that tests deletion state.
type Test struct {
	// WhenDeleting is the value of the condition while the object is being
	// deleted.
	WhenDeleting bool
	// Object is the expression for the object whose deletion is tested,
	// when it can be told (the receiver of GetDeletionTimestamp, the
	// selector base of DeletionTimestamp, the receiver or first argument of
	// a wrapper); nil otherwise.
	Object ast.Expr
}

// Checker answers whether conditions in the package test deletion state.
// It is immutable once Run returns, and safe for concurrent use.
type Checker struct {
	info *types.Info
	// timestamps maps local variables that hold a deletion timestamp to
	// the object expression they were read from.
	timestamps map[types.Object]ast.Expr
	// tests maps local boolean variables assigned once from a deletion
	// test to that test.
	tests map[types.Object]Test
	// local holds the Check facts of this package's functions, also those
	// not exported as facts (function literals are not objects).
	local map[*types.Func]*Check
	// referred holds the checks of the other functions the package
	// refers to: the Check facts of those of other packages, and a check
	// true while deleting for those the deletion-checks setting names
	// (see checkReferred).
	referred map[*types.Func]*Check
}

// Test reports whether cond tests whether an object is being deleted, and
// if so how. Conditions joined with && and || are not tests themselves:
// control-flow graphs split them, and each operand is asked in turn.
func (c *Checker) Test(cond ast.Expr) (Test, bool) {
	if c == nil {
		return Test{}, false
	}
	return c.test(cond, 0)
}

// FuncCheck returns the deletion-check fact of fn, a function of this
// package or one it refers to (as its calls' callees, recognize.Callee,
// are), or nil.
func (c *Checker) FuncCheck(fn *types.Func) *Check {
	if c == nil || fn == nil {
		return nil
	}
	if ch, ok := c.local[fn]; ok {
		return ch
	}
	return c.referred[fn]
}

const maxDepth = 16 // bounds recursion through pathological conditions

func (c *Checker) test(e ast.Expr, depth int) (Test, bool) {
	if depth > maxDepth {
		return Test{}, false
	}
	info := c.info
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			if t, ok := c.test(e.X, depth+1); ok {
				t.WhenDeleting = !t.WhenDeleting
				return t, true
			}
		}
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			break
		}
		x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
		if recognize.IsNil(info, x) {
			x, y = y, x
		}
		if recognize.IsNil(info, y) {
			if obj, ok := c.timestamp(x); ok {
				return Test{WhenDeleting: e.Op == token.NEQ, Object: obj}, true
			}
			break
		}
		if _, ok := boolConst(info, x); ok {
			x, y = y, x
		}
		if b, ok := boolConst(info, y); ok {
			if t, ok := c.test(x, depth+1); ok {
				// x == true keeps the polarity, x == false and x != true
				// flip it, x != false keeps it.
				if b != (e.Op == token.EQL) {
					t.WhenDeleting = !t.WhenDeleting
				}
				return t, true
			}
		}
	case *ast.CallExpr:
		fn := recognize.Callee(info, e)
		if fn == nil {
			break
		}
		if fn.Name() == "IsZero" && len(e.Args) == 0 {
			if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
				if obj, ok := c.timestamp(sel.X); ok {
					return Test{WhenDeleting: false, Object: obj}, true
				}
			}
		}
		if ch := c.FuncCheck(fn); ch != nil {
			return Test{WhenDeleting: ch.WhenDeleting, Object: subject(e)}, true
		}
	case *ast.Ident:
		if obj := info.Uses[e]; obj != nil {
			if t, ok := c.tests[obj]; ok {
				return t, true
			}
		}
	}
	return Test{}, false
}

// timestamp reports whether e reads a deletion timestamp.
func (c *Checker) timestamp(e ast.Expr) (ast.Expr, bool) {
	info := c.info
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "GetDeletionTimestamp" || len(e.Args) != 0 {
			break
		}
		if fn := recognize.Callee(info, e); fn != nil && returnsMetaTime(fn) {
			return sel.X, true
		}
	case *ast.SelectorExpr:
		if e.Sel.Name != "DeletionTimestamp" {
			break
		}
		if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.IsField() && recognize.IsMetaTime(v.Type()) {
			return objectOf(info, e.X), true
		}
	case *ast.Ident:
		if obj := info.Uses[e]; obj != nil {
			if o, ok := c.timestamps[obj]; ok {
				return o, true
			}
		}
	}
	return nil, false
}

// objectOf returns the object expression for a DeletionTimestamp selector's
// base: obj for obj.DeletionTimestamp, obj for obj.ObjectMeta.DeletionTimestamp.
func objectOf(info *types.Info, x ast.Expr) ast.Expr {
	if sel, ok := ast.Unparen(x).(*ast.SelectorExpr); ok && sel.Sel.Name == "ObjectMeta" {
		if t := info.TypeOf(sel); t != nil && recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "ObjectMeta") {
			return sel.X
		}
	}
	return x
}

// subject returns the object a wrapper call is about: its receiver, else its
// first argument.
func subject(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	if len(call.Args) > 0 {
		return call.Args[0]
	}
	return nil
}

func returnsMetaTime(fn *types.Func) bool {
	rs := recognize.ResultTypes(fn)
	return len(rs) == 1 && recognize.IsMetaTime(rs[0])
}

func boolConst(info *types.Info, e ast.Expr) (value, ok bool) {
	tv, found := info.Types[e]
	if !found || tv.Value == nil || !recognize.IsBool(tv.Type) {
		return false, false
	}
	return tv.Value.String() == "true", true
}

func run(pass *analysis.Pass) (any, error) {
	c := &Checker{
		info:       pass.TypesInfo,
		timestamps: make(map[types.Object]ast.Expr),
		tests:      make(map[types.Object]Test),
		local:      make(map[*types.Func]*Check),
	}
	insp := inspection.Of(pass)
	if insp == nil {
		return c, nil
	}
	c.checkReferred(pass)
	c.collectLocals(insp)
	c.collectWrappers(pass, insp)
	return c, nil
}

// checkReferred finds the checks of the functions the package refers to,
// every callee a condition can name among them (the origin of a generic
// one, as recognize.Callee gives it): the Check facts of those of other
// packages, and, for the others, whether the deletion-checks setting names
// them. The wrappers of the package itself come after (see local).
func (c *Checker) checkReferred(pass *analysis.Pass) {
	extra := settings.Of(pass).DeletionChecks
	c.referred = make(map[*types.Func]*Check)
	seen := make(map[*types.Func]bool)
	for _, obj := range pass.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		fn = fn.Origin()
		if seen[fn] {
			continue
		}
		seen[fn] = true
		if ch := new(Check); fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, ch) {
			c.referred[fn] = ch
		} else if extra.Match(recognize.FuncKey(fn)) {
			c.referred[fn] = &Check{WhenDeleting: true}
		}
	}
}

// collectLocals records variables that hold a deletion timestamp or a
// deletion test and have a sole value (values.Index.Sole). Declaration
// order is enough for chains (ts := ...; deleting := ts != nil), which are
// written in order.
func (c *Checker) collectLocals(insp *inspection.Package) {
	vals := insp.Values
	for _, v := range vals.Vars() {
		value := vals.Sole(v)
		if value == nil {
			continue
		}
		if o, ok := c.timestamp(value); ok {
			c.timestamps[v] = o
		} else if t, ok := c.test(value, 0); ok {
			c.tests[v] = t
		}
	}
}

// collectWrappers finds the package's deletion-check functions and exports
// their facts. A function qualifies when its only result is a bool and every
// return statement returns a deletion test of the same polarity. Wrappers of
// wrappers in the same package are found to a fixed point.
func (c *Checker) collectWrappers(pass *analysis.Pass, insp *inspection.Package) {
	var candidates []*ast.FuncDecl
	for _, f := range insp.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := c.info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if rs := recognize.ResultTypes(fn); len(rs) == 1 && recognize.IsBool(rs[0]) {
				candidates = append(candidates, fd)
			}
		}
	}
	fixpoint.Solve(candidates, func(fd *ast.FuncDecl) bool {
		fn := c.info.Defs[fd.Name].(*types.Func)
		if _, done := c.local[fn]; done {
			return false
		}
		when, ok := c.wrapperPolarity(fd.Body)
		if ok {
			ch := &Check{WhenDeleting: when}
			c.local[fn] = ch
			pass.ExportObjectFact(fn, ch)
		}
		return ok
	})
}

// wrapperPolarity reports whether body computes a deletion test: either
// every return (outside nested function literals) returns a deletion test,
// all of the same polarity, or the body is a guard of constant returns:
//
//	if obj.GetDeletionTimestamp() == nil {
//		return false
//	}
//	return true
//
// Constant returns under a nil guard (if obj == nil { return false }) are
// allowed when they return the "not deleting" value: an object that does
// not exist is not being deleted.
func (c *Checker) wrapperPolarity(body *ast.BlockStmt) (whenDeleting, ok bool) {
	if when, ok := c.guardPolarity(body); ok {
		return when, true
	}
	seen := false
	ok = true
	var nilGuarded []bool // constants returned under nil guards
	var visit func(n ast.Node, underNilGuard bool)
	visit = func(n ast.Node, underNilGuard bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if n.Init == nil && c.isNilGuard(n.Cond) {
					visit(n.Body, true)
					if n.Else != nil {
						visit(n.Else, underNilGuard)
					}
					return false
				}
			case *ast.ReturnStmt:
				if len(n.Results) != 1 {
					ok = false
					return false
				}
				if underNilGuard {
					if v, isConst := boolConst(c.info, n.Results[0]); isConst {
						nilGuarded = append(nilGuarded, v)
						return false
					}
				}
				t, isTest := c.test(n.Results[0], 0)
				if !isTest || (seen && t.WhenDeleting != whenDeleting) {
					ok = false
					return false
				}
				seen, whenDeleting = true, t.WhenDeleting
			}
			return true
		})
	}
	visit(body, false)
	for _, v := range nilGuarded {
		if v == whenDeleting {
			ok = false
		}
	}
	return whenDeleting, ok && seen
}

// isNilGuard reports whether cond is x == nil, possibly several joined
// with ||.
func (c *Checker) isNilGuard(cond ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			return c.isNilGuard(e.X) && c.isNilGuard(e.Y)
		case token.EQL:
			info := c.info
			return recognize.IsNil(info, e.Y) && !recognize.IsNil(info, e.X) || recognize.IsNil(info, e.X) && !recognize.IsNil(info, e.Y)
		}
	}
	return false
}

// guardPolarity recognises "if test { return C1 }; return C2" and
// "if test { return C1 } else { return C2 }" with constants C1 != C2.
func (c *Checker) guardPolarity(body *ast.BlockStmt) (whenDeleting, ok bool) {
	var ifs *ast.IfStmt
	var last ast.Stmt
	switch len(body.List) {
	case 1:
		ifs, _ = body.List[0].(*ast.IfStmt)
		if ifs != nil {
			last = ifs.Else
		}
	case 2:
		ifs, _ = body.List[0].(*ast.IfStmt)
		last = body.List[1]
		if ifs != nil && ifs.Else != nil {
			return false, false
		}
	}
	if ifs == nil || ifs.Init != nil || last == nil {
		return false, false
	}
	t, isTest := c.test(ifs.Cond, 0)
	if !isTest {
		return false, false
	}
	then, ok1 := c.constReturn(ifs.Body)
	other, ok2 := c.constReturn(last)
	if !ok1 || !ok2 || then == other {
		return false, false
	}
	// The function returns then exactly when the condition holds, and the
	// condition is t.WhenDeleting while deleting.
	return then == t.WhenDeleting, true
}

// constReturn reports the constant a statement (or a block of one
// statement) returns.
func (c *Checker) constReturn(s ast.Stmt) (value, ok bool) {
	if b, isBlock := s.(*ast.BlockStmt); isBlock {
		if len(b.List) != 1 {
			return false, false
		}
		s = b.List[0]
	}
	r, isReturn := s.(*ast.ReturnStmt)
	if !isReturn || len(r.Results) != 1 {
		return false, false
	}
	return boolConst(c.info, r.Results[0])
}
