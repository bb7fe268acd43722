package blockownerdeletion

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/builders"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/constbool"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/refreach"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/waits"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

//go:embed doc.go
var doc string

// settings are the rule's settings, the flags of its analyzer.
type settings struct {
	AllOwnerReferences bool `setting:"all-owner-references" help:"report every owner reference without BlockOwnerDeletion, not only controller references"`
}

// config holds the settings' values.
var config settings

// Rule describes the blockownerdeletion rule.
var Rule = &lint.Rule{
	Name:       "blockownerdeletion",
	Doc:        doc,
	Default:    true,
	Since:      "v0.1.0",
	Severity:   lint.Error,
	Origin:     "Crossplane: controller references without blockOwnerDeletion, so foreground cascading deletion removed the owner before its dependents",
	Fix:        "adds BlockOwnerDeletion: ptr.To(true) (with the pointer helper the file already imports)",
	Helpers:    []string{"ownership.NewControllerRef", "ownership.SetControllerReference", "ownership.EnsureChild"},
	Categories: []string{categoryLiteral, categoryAssign, categoryCall, categoryPlain, categoryOrderOnly},
	Settings:   &config,
	Requires:   []*analysis.Analyzer{constbool.Analyzer, children.Analyzer, builders.Analyzer, waits.Analyzer, groupkind.Analyzer, refreach.Analyzer},
	FactTypes:  []analysis.Fact{new(returnsRefFact)},
	Run:        run,
}

// Analyzer reports controller owner references that do not set
// BlockOwnerDeletion.
var Analyzer = lint.New(Rule)

// Categories of the diagnostics, one per sub-check.
const (
	categoryLiteral = "literal"
	categoryAssign  = "assign"
	categoryCall    = "call"
	// categoryOrderOnly is a literal or call whose reference goes on a
	// child without finalizers of its own: only the order of deletion
	// changes.
	categoryOrderOnly = "order-only"
)

// returnsRefFact marks a function or method that returns an owner reference
// (or a pointer to one) without BlockOwnerDeletion set.
type returnsRefFact struct {
	// Controller reports whether the returned reference is a controller
	// reference.
	Controller bool
	// ControllerParam and BlockParam are 1 + the index of the bool
	// parameter that the reference's Controller or BlockOwnerDeletion
	// points to (ref(t, o, controller, block bool) returns Controller:
	// &controller, BlockOwnerDeletion: &block), 0 when none does: the
	// reference is a controller one when its call passes true, and lacks
	// BlockOwnerDeletion only when its call passes false (see at).
	ControllerParam, BlockParam int
}

// AFact implements analysis.Fact.
func (*returnsRefFact) AFact() {}

func (f *returnsRefFact) String() string {
	s := "returnsOwnerRefWithoutBlock"
	if f.Controller {
		s = "returnsControllerRefWithoutBlock"
	}
	if f.ControllerParam > 0 {
		s += " controller param " + strconv.Itoa(f.ControllerParam-1)
	}
	if f.BlockParam > 0 {
		s += " block param " + strconv.Itoa(f.BlockParam-1)
	}
	return s
}

// at returns what the reference that call returns is: f itself, or, when
// f's flags are parameters, what the call passes for them; nil when the
// call may set BlockOwnerDeletion.
func (f *returnsRefFact) at(call *ast.CallExpr, vals *recognize.BoolValues) *returnsRefFact {
	if f.ControllerParam == 0 && f.BlockParam == 0 {
		return f
	}
	arg := func(param int) ast.Expr {
		if i := param - 1; i < len(call.Args) && !call.Ellipsis.IsValid() {
			return call.Args[i]
		}
		return nil
	}
	if f.BlockParam > 0 {
		if a := arg(f.BlockParam); a == nil || vals.Bool(a) != recognize.False {
			return nil
		}
	}
	out := &returnsRefFact{Controller: f.Controller}
	if f.ControllerParam > 0 {
		if a := arg(f.ControllerParam); a != nil && vals.Bool(a) == recognize.True {
			out.Controller = true
		}
	}
	return out
}

// refVar is what the pass learns about a variable of type OwnerReference
// or *OwnerReference.
type refVar struct {
	ctrl     *ast.AssignStmt
	ctrlVal  ast.Expr
	ctrlSet  recognize.Truth // the strongest Controller assignment
	blockSet bool            // BlockOwnerDeletion is assigned
	escapes  bool            // handed by pointer to a call, which may set it
}

type checker struct {
	pass *analysis.Pass
	ins  *inspection.Package
	vals *recognize.BoolValues
	vars map[*types.Var]*refVar
	// flow says where the package's owner references go.
	flow  *refreach.Flow
	lits  map[*ast.CompositeLit]recognize.OwnerRefLit
	local map[*types.Func]*returnsRefFact
	// setInPlace holds the positions of BlockOwnerDeletion assignments to
	// references that are not variables (elements of a slice).
	setInPlace []token.Pos
	// finalized holds the types the package adds a finalizer to (see
	// plainChild); computed on demand.
	finalized map[string]bool
	// litReported holds the package's functions in which a reference
	// literal was reported: a call of one is where the reference is used,
	// not where the fix goes, and is not reported again.
	litReported map[*types.Func]bool
	// refUses holds, for each function of the package that returns a
	// reference without blockOwnerDeletion, the calls whose reference
	// reaches an object: the literal's finding names them.
	refUses map[*types.Func][]refUse
}

// A refUse is a call of a reference builder whose result reaches an
// object, with what that object is.
type refUse struct {
	call *ast.CallExpr
	// plain names the kind the reference is set on when that kind has no
	// finalizer of its own (only the order of deletion changes), else "".
	plain string
}

// setLater reports whether the function around cur assigns
// BlockOwnerDeletion in place to some reference, which may be the one
// built at cur.
func (c *checker) setLater(cur inspector.Cursor) bool {
	if len(c.setInPlace) == 0 {
		return false
	}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		for _, pos := range c.setInPlace {
			if fn.Node().Pos() <= pos && pos < fn.Node().End() {
				return true
			}
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	if !importsMetaV1(pass.Pkg) {
		return nil, nil
	}
	ins := inspection.Of(pass)
	if ins == nil {
		return nil, nil
	}
	c := &checker{
		pass:  pass,
		ins:   ins,
		vals:  constbool.New(pass),
		vars:  make(map[*types.Var]*refVar),
		flow:  refreach.Of(pass),
		lits:  make(map[*ast.CompositeLit]recognize.OwnerRefLit),
		local: make(map[*types.Func]*returnsRefFact),
	}
	c.collect()
	c.facts()
	c.report()
	c.reportPlainControl()
	return nil, nil
}

// importsMetaV1 reports whether pkg can mention metav1.OwnerReference: it
// imports metav1, directly or through the packages it imports.
func importsMetaV1(pkg *types.Package) bool {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if recognize.PathIs(p.Path(), recognize.PkgMetaV1) {
			return true
		}
		for _, imp := range p.Imports() {
			if visit(imp) {
				return true
			}
		}
		return false
	}
	return visit(pkg)
}

// refVarOf returns the owner-reference variable e names, or nil.
func (c *checker) refVarOf(e ast.Expr) *types.Var {
	if e == nil {
		return nil
	}
	e = ast.Unparen(e)
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, ok := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || !recognize.IsOwnerReference(v.Type()) {
		return nil
	}
	return v
}

func (c *checker) refVar(v *types.Var) *refVar {
	r := c.vars[v]
	if r == nil {
		r = new(refVar)
		c.vars[v] = r
	}
	return r
}

// collect records the owner-reference literals and what is assigned to
// owner-reference variables and their fields.
func (c *checker) collect() {
	info := c.pass.TypesInfo
	filter := []ast.Node{(*ast.AssignStmt)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)}
	c.ins.Preorder(filter, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if o, ok := recognize.AsOwnerRefLit(info, n, c.vals); ok {
				c.lits[n] = o
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
					c.fieldAssign(n, sel, i)
				}
			}
		case *ast.CallExpr:
			for _, arg := range n.Args {
				arg = ast.Unparen(arg)
				if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
					if v := c.refVarOf(u.X); v != nil {
						c.refVar(v).escapes = true
					}
					continue
				}
				if v := c.refVarOf(arg); v != nil && isPointer(v.Type()) {
					c.refVar(v).escapes = true
				}
			}
		}
	})
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// fieldAssign records an assignment to ref.Controller or
// ref.BlockOwnerDeletion of an owner-reference variable ref.
func (c *checker) fieldAssign(as *ast.AssignStmt, sel *ast.SelectorExpr, i int) {
	v := c.refVarOf(sel.X)
	if v == nil {
		if sel.Sel.Name == "BlockOwnerDeletion" {
			// refs[i].BlockOwnerDeletion = ..., obj.OwnerReferences[0]...:
			// references set in place, after they were built.
			c.setInPlace = append(c.setInPlace, as.Pos())
		}
		return
	}
	r := c.refVar(v)
	switch sel.Sel.Name {
	case "BlockOwnerDeletion":
		r.blockSet = true
	case "Controller":
		t := recognize.Unknown
		var val ast.Expr
		if len(as.Lhs) == len(as.Rhs) && as.Tok == token.ASSIGN {
			val = as.Rhs[i]
			t = c.vals.BoolPointer(val)
		}
		if t == recognize.True && r.ctrlSet != recognize.True {
			r.ctrl, r.ctrlVal = as, val
		}
		if t > r.ctrlSet {
			r.ctrlSet = t
		}
	}
}

// lacking reports whether the value of the owner-reference expression e is
// known to lack BlockOwnerDeletion, and whether it is a controller
// reference. A variable's value is known only when it is given a value once
// (a literal, a zero declaration, a call of a marked function) and its
// BlockOwnerDeletion field is never assigned.
func (c *checker) lacking(e ast.Expr) (lacks, controller bool) {
	e = stripRef(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		o, ok := c.lits[e]
		if !ok || o.BlockOwnerDeletion != recognize.Absent || len(e.Elts) == 0 {
			return false, false // an empty literal is a zero value, not a reference
		}
		return true, o.Controller == recognize.True
	case *ast.CallExpr:
		if f := c.fact(e); f != nil {
			return true, f.Controller
		}
	case *ast.Ident:
		if v := c.refVarOf(e); v != nil {
			return c.varLacking(v)
		}
	}
	return false, false
}

// blocked reports whether the variable's BlockOwnerDeletion field is, or
// may be, set after its value is built.
func (c *checker) blocked(v *types.Var) bool {
	r := c.vars[v]
	return r != nil && (r.blockSet || r.escapes)
}

func (c *checker) varLacking(v *types.Var) (lacks, controller bool) {
	var ctrlSet recognize.Truth
	if r := c.vars[v]; r != nil {
		if r.blockSet || r.escapes {
			return false, false
		}
		ctrlSet = r.ctrlSet
	}
	// The values assigned to the variable as a whole (nil: not followed),
	// and whether it is declared without a value.
	var inits []ast.Expr
	zero := false
	for _, a := range c.ins.Values.Assignments(v) {
		if a.Zero() {
			zero = true
		} else {
			inits = append(inits, a.Single())
		}
	}
	switch len(inits) {
	case 0:
		// A zero value counts only once it is made a controller
		// reference; otherwise it is most likely a "none" result.
		if !zero || ctrlSet != recognize.True {
			return false, false
		}
		return true, true
	case 1:
		init := inits[0]
		if init == nil {
			return false, false
		}
		if _, isVar := stripRef(init).(*ast.Ident); isVar {
			return false, false // a copy of another variable
		}
		lacks, ctrl := c.lacking(init)
		return lacks, lacks && (ctrl || ctrlSet == recognize.True)
	}
	return false, false
}

// stripRef removes parentheses, & and * around e.
func stripRef(e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return x
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return x
		}
	}
}

// fact returns the fact of the function call calls, as that call's
// arguments make it (returnsRefFact.at), or nil.
func (c *checker) fact(call *ast.CallExpr) *returnsRefFact {
	fn := recognize.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	if f, ok := c.local[fn]; ok {
		return f.at(call, c.vals)
	}
	if fn.Pkg() == c.pass.Pkg {
		return nil
	}
	f := new(returnsRefFact)
	if c.pass.ImportObjectFact(fn, f) {
		return f.at(call, c.vals)
	}
	return nil
}

// flagParams returns the fact of a function, declared by fd, that returns
// the owner-reference literal e whose BlockOwnerDeletion points to one of
// its bool parameters (and maybe Controller to another), or nil.
func (c *checker) flagParams(fd *ast.FuncDecl, e ast.Expr) *returnsRefFact {
	lit, ok := stripRef(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	o, ok := c.lits[lit]
	if !ok || !o.Keyed {
		return nil
	}
	params := recognize.ParamIndexes(c.pass.TypesInfo, fd.Type)
	param := func(field string) int {
		value := recognize.CompositeField(lit, field)
		if value == nil {
			return 0
		}
		// &block, ptr.To(block), pointer.Bool(block)
		v := stripRef(value)
		if call, ok := v.(*ast.CallExpr); ok && len(call.Args) == 1 {
			v = ast.Unparen(call.Args[0])
		}
		if id, ok := v.(*ast.Ident); ok {
			if i, ok := params[c.pass.TypesInfo.Uses[id]]; ok && recognize.IsBool(c.pass.TypesInfo.TypeOf(id)) {
				return i + 1
			}
		}
		return 0
	}
	f := &returnsRefFact{Controller: o.Controller == recognize.True, BlockParam: param("BlockOwnerDeletion")}
	if f.BlockParam == 0 {
		return nil
	}
	f.ControllerParam = param("Controller")
	return f
}

// facts marks the package's functions that return an owner reference
// without BlockOwnerDeletion, repeating until the marks are stable so that
// wrappers of marked functions are marked too.
func (c *checker) facts() {
	type fnReturns struct {
		fn      *types.Func
		decl    *ast.FuncDecl
		results []ast.Expr
	}
	var fns []fnReturns
	for cur := range c.ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok || fd.Body == nil {
			continue
		}
		idx := -1
		for i, t := range recognize.ResultTypes(fn) {
			if recognize.IsOwnerReference(t) {
				idx = i
				break
			}
		}
		if idx < 0 {
			continue
		}
		var results []ast.Expr
		for rc := range cur.Preorder((*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)) {
			ret, ok := rc.Node().(*ast.ReturnStmt)
			if !ok || len(ret.Results) <= idx {
				continue
			}
			if !enclosedBy(rc, fd) {
				continue
			}
			results = append(results, ret.Results[idx])
		}
		if len(results) > 0 {
			fns = append(fns, fnReturns{fn, fd, results})
		}
	}
	fixpoint.Solve(fns, func(f fnReturns) bool {
		old, had := c.local[f.fn]
		var lacks, controller bool
		var byParams *returnsRefFact
		for _, r := range f.results {
			l, ctrl := c.lacking(r)
			if l {
				lacks = true
				controller = controller || ctrl
			} else if p := c.flagParams(f.decl, r); p != nil && byParams == nil {
				byParams = p
			}
		}
		switch {
		case lacks && (!had || *old != returnsRefFact{Controller: controller}):
			c.local[f.fn] = &returnsRefFact{Controller: controller}
			return true
		case !lacks && byParams != nil && !had:
			c.local[f.fn] = byParams
			return true
		}
		return false
	})
	for fn, f := range c.local {
		c.pass.ExportObjectFact(fn, f)
	}
}

// enclosedBy reports whether the innermost function around cur is fd.
func enclosedBy(cur inspector.Cursor, fd *ast.FuncDecl) bool {
	for e := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return e.Node() == fd
	}
	return false
}

// holder returns the variable a value at cur is assigned to as a whole,
// looking through & and *, or nil.
func (c *checker) holder(cur inspector.Cursor) *types.Var {
	n := cur.Node()
	p := cur.Parent()
	for {
		switch x := p.Node().(type) {
		case *ast.ParenExpr, *ast.StarExpr:
			n, p = x, p.Parent()
			continue
		case *ast.UnaryExpr:
			if x.Op == token.AND {
				n, p = x, p.Parent()
				continue
			}
		}
		break
	}
	switch x := p.Node().(type) {
	case *ast.AssignStmt:
		if len(x.Lhs) != len(x.Rhs) {
			return nil
		}
		for i, rhs := range x.Rhs {
			if rhs == n {
				return c.refVarOf(x.Lhs[i])
			}
		}
	case *ast.ValueSpec:
		if len(x.Names) != len(x.Values) {
			return nil
		}
		for i, val := range x.Values {
			if val == n {
				return c.refVarOf(x.Names[i])
			}
		}
	}
	return nil
}

// inTest reports whether n is in a _test.go file; test fixtures build
// references that never reach an API server and are not reported.
func (c *checker) inTest(n ast.Node) bool {
	return recognize.InTestFile(c.pass.Fset, n.Pos())
}

// report reports the package's owner references that lack
// blockOwnerDeletion: literals, calls of functions that return one, and
// references made controllers by assignment.
func (c *checker) report() {
	reported := make(map[*types.Var]bool) // variables holding a reported controller reference
	c.litReported = make(map[*types.Func]bool)
	c.refUses = make(map[*types.Func][]refUse)
	// The uses of the package's builders first, for their literals'
	// findings; then the literals; then the calls of builders whose
	// literal was not reported (those of other packages).
	var calls []inspector.Cursor
	for cur := range c.ins.Root().Preorder((*ast.CallExpr)(nil)) {
		n := cur.Node().(*ast.CallExpr)
		if c.inTest(n) || c.reportableCall(cur, n, reported) == nil {
			continue
		}
		calls = append(calls, cur)
		if fn := recognize.Callee(c.pass.TypesInfo, n); fn != nil && fn.Pkg() == c.pass.Pkg {
			c.refUses[fn.Origin()] = append(c.refUses[fn.Origin()], refUse{call: n, plain: c.plainChild(cur)})
		}
	}
	for cur := range c.ins.Root().Preorder((*ast.CompositeLit)(nil)) {
		if !c.inTest(cur.Node()) {
			c.reportLit(cur, cur.Node().(*ast.CompositeLit), reported)
		}
	}
	for _, cur := range calls {
		c.reportRefCall(cur, cur.Node().(*ast.CallExpr))
	}
	// References made controllers by assigning their Controller field.
	for v, r := range c.vars {
		if reported[v] || r.ctrl == nil || c.inTest(r.ctrl) || !c.flow.VarReaches(v) {
			continue
		}
		if lacks, ctrl := c.varLacking(v); lacks && ctrl {
			c.reportAssign(r)
		}
	}
}

// reportLit reports the owner reference literal n at cur when it lacks
// blockOwnerDeletion and reaches an object that is written, and records
// in reported the variable that holds it.
func (c *checker) reportLit(cur inspector.Cursor, n *ast.CompositeLit, reported map[*types.Var]bool) {
	o, ok := c.lits[n]
	if !ok || o.BlockOwnerDeletion != recognize.Absent || c.setLater(cur) || !c.flow.Reaches(cur) || c.inClaimTemplate(cur) {
		return
	}
	if c.crossScope(cur, n) {
		return
	}
	v := c.holder(cur)
	if v == nil && o.Keyed && !hasField(n, "UID") && !hasField(n, "Name") {
		// Without the owner's name and UID, the API server accepts it on
		// no object: an expectation, a pattern to compare with, never an
		// owner reference that is written.
		return
	}
	if v != nil {
		if c.blocked(v) {
			return
		}
		if o.Controller == recognize.True {
			reported[v] = true
		}
	}
	switch {
	case o.Controller == recognize.True && c.ownerWaits(cur, n):
		// The owner's deletion waits for these children.
	case o.Controller == recognize.True:
		c.reportLiteral(cur, o, true)
	case config.AllOwnerReferences && len(n.Elts) > 0:
		c.reportLiteral(cur, o, false)
	}
}

// reportableCall returns the fact of the function that the call n at cur
// calls when it returns an owner reference without blockOwnerDeletion
// that reaches an object that is written, else nil; it records in
// reported the variable that holds a controller one.
func (c *checker) reportableCall(cur inspector.Cursor, n *ast.CallExpr, reported map[*types.Var]bool) *returnsRefFact {
	f := c.fact(n)
	if f == nil || !c.flow.Reaches(cur) || c.inClaimTemplate(cur) {
		return nil
	}
	if v := c.holder(cur); v != nil {
		if c.blocked(v) {
			return nil
		}
		if f.Controller {
			reported[v] = true
		}
	}
	return f
}

// reportRefCall reports the call n at cur (see reportableCall), unless the
// function's own literal was reported: the fix goes there, and that
// finding names this call.
func (c *checker) reportRefCall(cur inspector.Cursor, n *ast.CallExpr) {
	if fn := recognize.Callee(c.pass.TypesInfo, n); fn != nil && c.litReported[fn.Origin()] {
		return
	}
	if f := c.fact(n); f.Controller || config.AllOwnerReferences {
		c.reportCall(cur, n, f)
	}
}

// crossScope reports whether the reference literal n at cur is written
// into a cluster-scoped object and names a namespaced owner: the garbage
// collector cannot resolve such a reference for a cluster-scoped dependent,
// so it never deletes the object through it, and blockOwnerDeletion would
// change nothing.
func (c *checker) crossScope(cur inspector.Cursor, n *ast.CompositeLit) bool {
	child, owner := recognize.TypeKey(c.childType(cur)), c.ownerKind(n)
	if child == "" || owner == "" {
		return false
	}
	return groupkind.Of(c.pass).CrossScope(child, owner)
}

// hasField reports whether the keyed composite literal lit sets field.
func hasField(lit *ast.CompositeLit, field string) bool {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				return true
			}
		}
	}
	return false
}

const why = "a foreground deletion of the owner waits only for dependents that block it, so the owner can be gone while this object and its finalizers remain"

// whyAt returns why for the reference at cur, and its category, or, for a
// child without finalizers of its own (see plainChild), what is true of it
// and categoryOrderOnly.
func (c *checker) whyAt(cur inspector.Cursor, category string) (string, string) {
	if k := c.plainChild(cur); k != "" {
		return "a foreground deletion of the owner does not wait for this " + k + "; the garbage collector still deletes it, after the owner, so only the order changes unless a finalizer is added to it", categoryOrderOnly
	}
	return why, category
}

func (c *checker) reportLiteral(cur inspector.Cursor, o recognize.OwnerRefLit, controller bool) {
	what := "controller owner reference"
	if !controller {
		what = "owner reference"
	}
	why, category := c.whyAt(cur, categoryLiteral)
	var opts []lint.Option
	if fd := enclosingFunc(cur); fd != nil {
		if fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
			c.litReported[fn] = true
			if uses := c.refUses[fn]; len(uses) > 0 {
				why, category = usesWhy(uses)
				for _, u := range uses {
					opts = append(opts, lint.Related(u.call, "set on an object here"+u.note()))
				}
			}
		}
	}
	msg := what + " without blockOwnerDeletion: " + why + "; set BlockOwnerDeletion to true" + lint.RuntimeHelper(c.pass, " or build it with ownership.NewControllerRef")
	if edits, ok := c.literalFix(cur, o); ok {
		opts = append(opts, lint.Fix("Add BlockOwnerDeletion: true", edits...))
	}
	lint.Report(c.pass, o.Lit, category, msg, opts...)
}

func (c *checker) reportAssign(r *refVar) {
	msg := "controller owner reference without blockOwnerDeletion: " + why + "; set BlockOwnerDeletion to true as well" + lint.RuntimeHelper(c.pass, " or build it with ownership.NewControllerRef")
	var opts []lint.Option
	if edits, ok := c.assignFix(r); ok {
		opts = append(opts, lint.Fix("Set BlockOwnerDeletion to true", edits...))
	}
	lint.Report(c.pass, r.ctrl, categoryAssign, msg, opts...)
}

func (c *checker) reportCall(cur inspector.Cursor, call *ast.CallExpr, f *returnsRefFact) {
	fn := recognize.Callee(c.pass.TypesInfo, call)
	what := "a controller reference"
	if !f.Controller {
		what = "an owner reference"
	}
	why, category := c.whyAt(cur, categoryCall)
	msg := funcName(c.pass.Pkg, fn) + " returns " + what + " without blockOwnerDeletion: " + why + "; set BlockOwnerDeletion to true on the result" + lint.RuntimeHelper(c.pass, " or use ownership.NewControllerRef")
	lint.Report(c.pass, call, category, msg)
}

// funcName names fn for a message: "meta.AsController", "Type.Method", or
// the bare name of a function of the current package.
func funcName(pkg *types.Package, fn *types.Func) string {
	if fn == nil {
		return "the function"
	}
	name := fn.Name()
	if r := recognize.Receiver(fn); r != nil {
		if n := recognize.Named(r); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != pkg {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// note says what a use's object is when only the order of deletion
// changes for it.
func (u refUse) note() string {
	if u.plain == "" {
		return ""
	}
	return " (a " + u.plain + ": only the order changes)"
}

// usesWhy says what a builder's reference does on the objects its uses
// set it on: only the order changes when none of them has a finalizer of
// its own.
func usesWhy(uses []refUse) (string, string) {
	var kinds []string
	for _, u := range uses {
		if u.plain == "" {
			return why, categoryLiteral
		}
		if !slices.Contains(kinds, u.plain) {
			kinds = append(kinds, u.plain)
		}
	}
	return "a foreground deletion of the owner does not wait for the objects it is set on (" + strings.Join(kinds, ", ") + "); the garbage collector still deletes them, after the owner, so only the order changes unless a finalizer is added to them", categoryOrderOnly
}
