// Package deletionpath finds deletion code: the statements of a package
// that run only while the reconciled object is being deleted.
//
// Deletion code is found by control flow, not by names:
//
//   - within a function, a block of its control-flow graph is deletion code
//     when every path from the function's entry to it takes the "deleting"
//     edge of a deletion test of the reconciled object (as recognised by
//     isdeleting), such as the body of if !obj.DeletionTimestamp.IsZero()
//     or everything after if obj.DeletionTimestamp.IsZero() { ...; return };
//   - a function of the package is deletion-only (reconcileDelete,
//     handleDeletion, ...) when it is referred to at least once and every
//     reference to it is in deletion code or in another deletion-only
//     function, by the package's call graph, to a fixed point.
//
// Symmetrically, code that runs only while the object is not being deleted
// (the body of if obj.DeletionTimestamp.IsZero()) and functions referred to
// only from there are "normal-only". Deletion tests of objects read from
// a lookup (an owner's deletion timestamp) do not count: they say nothing
// about the reconciled object.
//
// The analyzer's result is a *Code, which also shares each function's
// control-flow graph with the rules. It is complete when Run returns (the
// facts of the functions the package calls are read there), immutable, and
// safe for concurrent use by the rules that share it.
package deletionpath

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/callees"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
	"github.com/deletionlint/deletionlint/analyzers/settings"
)

// Analyzer computes the package's deletion code.
var Analyzer = &analysis.Analyzer{
	Name:       "deletionpath",
	Doc:        "find the code that runs only while the reconciled object is being deleted (internal to deletionlint)",
	Run:        run,
	Requires:   []*analysis.Analyzer{settings.Analyzer, inspection.Analyzer, isdeleting.Analyzer, groupkind.Analyzer},
	ResultType: reflect.TypeFor[*Code](),
	FactTypes:  []analysis.Fact{new(removesFinalizerFact), new(entriesFact), new(finalizesFact), new(getterFact), new(appliesFact)},
	// Sound on packages with type errors: see analyzers.TestRunDespiteErrors.
	RunDespiteErrors: true,
}

// Code is the deletion code of a package.
type Code struct {
	// Info is the package's type information.
	Info *types.Info
	// Checker recognises deletion tests.
	Checker *isdeleting.Checker
	// Inspector is the package's shared inspector.
	Inspector *inspector.Inspector

	funcs        []*Func
	byObj        map[*types.Func]*Func
	block        map[ast.Node]*cfg.Block // the block of each CFG node
	owner        map[*cfg.Block]*Func
	caseValues   map[ast.Expr]ast.Expr // case values of tagged switches (not conditions), with their tag
	deletionOnly map[*types.Func]bool
	normalOnly   map[*types.Func]bool
	// entryPoints are the package's implementations of entry points (see
	// EntryPoint).
	entryPoints map[*types.Func]*EntryPoint
	refs        map[*types.Func][]funcRef // see propagate
	// referenced holds the package's functions referred to in its
	// non-test code.
	referenced map[*types.Func]bool
	// localEntries are the entry points the package's own reconcilers
	// call (see findEntries).
	localEntries []Entry
	// removal is the first finalizer removal each function reaches, and
	// releases the functions that release the finalizer of an object
	// passed in (see findRemovals).
	removal  map[*types.Func]*recognize.FinalizerRemoval
	releases map[*types.Func]bool
	// elsewhereFacts holds the functions of other packages, and the
	// interface methods, called in the package that release the finalizer
	// of an object passed in, with what is known of the removal (see
	// removersElsewhere).
	elsewhereFacts map[*types.Func]*removesFinalizerFact
	// applied holds the calls that release an object's finalizer by
	// applying another package's remover to it (see appliedRemovals).
	applied map[*ast.CallExpr]*removesFinalizerFact
	// reaching holds the nodes of the package that call a finalizer
	// removal or a function that reaches one (see ReachesRemoval), and
	// every node that encloses one of them.
	reaching map[ast.Node]bool
	// adds are the package's finalizer adds, and paramWrites what each
	// function does with its object parameters (see findAdds).
	adds        []Add
	paramWrites map[*types.Func][]writeEffect
	// unstored are the removals that change only an object in memory
	// (see findUnstored).
	unstored []Unstored
	// finalizing is what each function adds and removes finalizers on,
	// by kind (see Finalizes).
	finalizing map[*types.Func]*finalizing
	// finalizesElsewhere holds the facts of the functions of other
	// packages called in the package that add or remove finalizers.
	finalizesElsewhere map[*types.Func]*finalizesFact
	// finalizesImpls indexes the methods of other packages with a
	// finalizesFact: the implementations of an interface method in scope.
	finalizesImpls *callees.Methods
	// removedKinds holds, per function, the kinds of the objects whose
	// finalizers it removes, when all are known (finalizing.removedKinds);
	// deletesFor, per function, the kinds of the objects it deletes for
	// (see deletedKinds), built on demand.
	removedKinds map[*types.Func][]string
	deletesFor   map[*types.Func]map[string]bool
	kinds        *groupkind.Index
	// methods indexes the package's methods (see Implementations).
	methods *callees.Methods
	values  *values.Index
	fset    *token.FileSet
	// others holds, per function, its variables that hold other objects
	// than the one it deletes for (see othersVars).
	others map[*types.Func]map[types.Object]bool
}

// Func is a function declared in the package, with its control-flow graph
// and what of it runs while deleting.
type Func struct {
	Decl *ast.FuncDecl
	Obj  *types.Func
	CFG  *cfg.CFG

	code      *Code
	body      inspector.Cursor      // Decl.Body in the package's inspector
	deleting  []bool                // by block index: runs only while deleting
	mayDelete []bool                // by block index: may run while deleting
	depVars   map[types.Object]bool // see dependencyVars
	own       map[types.Object]bool // of an entry point: see ownObjects
}

// Funcs returns the package's function declarations with bodies, in source
// order.
func (c *Code) Funcs() []*Func {
	if c == nil {
		return nil
	}
	return c.funcs
}

// Func returns the declaration of fn, or nil if fn is not declared with a
// body in this package.
func (c *Code) Func(fn *types.Func) *Func {
	if c == nil || fn == nil {
		return nil
	}
	return c.byObj[fn.Origin()]
}

// DeletionOnly reports whether fn is referred to only from deletion code.
func (c *Code) DeletionOnly(fn *types.Func) bool {
	return c != nil && fn != nil && c.deletionOnly[fn.Origin()]
}

// Referenced reports whether fn, a function of the package, is referred to
// in the package's non-test code (called, or taken as a value).
func (c *Code) Referenced(fn *types.Func) bool {
	return c != nil && fn != nil && c.referenced[fn.Origin()]
}

// NormalOnly reports whether fn is referred to only from code that runs
// while the object is not being deleted.
func (c *Code) NormalOnly(fn *types.Func) bool {
	return c != nil && fn != nil && c.normalOnly[fn.Origin()]
}

// Block returns the control-flow block that holds n, a node of a CFG (a
// simple statement or a condition), with its function, or nil.
func (c *Code) Block(n ast.Node) (*Func, *cfg.Block) {
	if c == nil {
		return nil, nil
	}
	b := c.block[n]
	if b == nil {
		return nil, nil
	}
	return c.owner[b], b
}

// Around returns the function of the package and the control-flow block
// whose node holds n (any node inside a function body: a call within a
// statement), or nils.
func (c *Code) Around(n ast.Node) (*Func, *cfg.Block) {
	if c == nil || n == nil {
		return nil, nil
	}
	for _, f := range c.funcs {
		if n.Pos() < f.Decl.Body.Pos() || n.End() > f.Decl.Body.End() {
			continue
		}
		for _, b := range f.CFG.Blocks {
			for _, x := range b.Nodes {
				if x.Pos() <= n.Pos() && n.End() <= x.End() {
					return f, b
				}
			}
		}
	}
	return nil, nil
}

// Enclosing returns the function and block of the innermost CFG node that
// encloses the node at cur, or nils. Code inside function literals belongs
// to the statement that holds the literal.
func (c *Code) Enclosing(cur inspector.Cursor) (*Func, *cfg.Block) {
	if c == nil {
		return nil, nil
	}
	for ; cur.Valid(); cur = cur.Parent() {
		n := cur.Node()
		if n == nil {
			break
		}
		if b := c.block[n]; b != nil {
			return c.owner[b], b
		}
		if _, ok := n.(*ast.FuncDecl); ok {
			break
		}
	}
	return nil, nil
}

// InDeletion reports whether the node at cur is deletion code.
func (c *Code) InDeletion(cur inspector.Cursor) bool {
	f, b := c.Enclosing(cur)
	return f != nil && f.Deleting(b)
}

// Deleting reports whether block b of f runs only while the object is being
// deleted: it is deletion code of f, or f is deletion-only.
func (f *Func) Deleting(b *cfg.Block) bool {
	if f == nil || b == nil || int(b.Index) >= len(f.deleting) {
		return false
	}
	return f.code.deletionOnly[f.Obj] || f.deleting[b.Index]
}

// TestsDeletion reports whether f takes part in a deletion: it tests
// whether an object is being deleted (some of its code runs only while
// deleting), or it is deletion-only.
func (f *Func) TestsDeletion() bool {
	if f == nil {
		return false
	}
	return f.code.deletionOnly[f.Obj] || slices.Contains(f.deleting, true)
}

// MayDelete reports whether block b of f may run while the object is being
// deleted: no deletion test on the way excluded it, and f is not
// normal-only.
func (f *Func) MayDelete(b *cfg.Block) bool {
	if f == nil || b == nil || int(b.Index) >= len(f.mayDelete) {
		return false
	}
	if f.code.normalOnly[f.Obj] {
		return false
	}
	return f.code.deletionOnly[f.Obj] || f.mayDelete[b.Index]
}

// Cond returns the boolean condition that ends b, whose true successor is
// b.Succs[0] and false successor b.Succs[1], or nil.
func (c *Code) Cond(b *cfg.Block) ast.Expr {
	e := c.branch(b)
	if e == nil {
		return nil
	}
	if _, isCase := c.caseValues[e]; isCase {
		return nil
	}
	if t := c.Info.TypeOf(e); t == nil || !isBoolean(t) {
		return nil
	}
	return e
}

// Case returns, when b ends in a case value of a tagged switch (switch
// tag { case value: }), the tag and the value: b's successor 0 is the
// clause's body, taken when tag == value, and successor 1 the next case.
func (c *Code) Case(b *cfg.Block) (tag, value ast.Expr) {
	e := c.branch(b)
	if e == nil {
		return nil, nil
	}
	if tag := c.caseValues[e]; tag != nil {
		return tag, e
	}
	return nil, nil
}

// branch returns the expression that ends b when b has two successors,
// or nil.
func (c *Code) branch(b *cfg.Block) ast.Expr {
	if c == nil || b == nil || len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	e, _ := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	return e
}

func isBoolean(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// Eval evaluates cond in three-valued logic: operands joined with &&, ||
// and ! are combined, and atom gives the value of every other operand when
// it is known. Control-flow graphs keep && and || inside one condition, so
// the rules ask about each operand through Eval.
func Eval(cond ast.Expr, atom func(ast.Expr) (value, known bool)) (value, known bool) {
	return eval(cond, atom, 0)
}

func eval(cond ast.Expr, atom func(ast.Expr) (value, known bool), depth int) (value, known bool) {
	if depth > 64 {
		return false, false
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			v, ok := eval(e.X, atom, depth+1)
			return !v, ok
		}
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			short := e.Op == token.LOR // the value that decides alone
			x, xok := eval(e.X, atom, depth+1)
			if xok && x == short {
				return short, true
			}
			y, yok := eval(e.Y, atom, depth+1)
			if yok && y == short {
				return short, true
			}
			if xok && yok {
				return !short, true
			}
			return false, false
		}
	}
	return atom(ast.Unparen(cond))
}

// Atoms calls f for each operand of cond that is not a &&, || or !.
func Atoms(cond ast.Expr, f func(ast.Expr)) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			Atoms(e.X, f)
			return
		}
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			Atoms(e.X, f)
			Atoms(e.Y, f)
			return
		}
	}
	f(ast.Unparen(cond))
}

// DeletingValue evaluates cond, in f, assuming the reconciled object is
// being deleted (deleting) or not, with every other operand unknown.
func (f *Func) DeletingValue(cond ast.Expr, deleting bool) (value, known bool) {
	return Eval(cond, func(a ast.Expr) (bool, bool) {
		if t, ok := f.SelfTest(a); ok {
			return t.WhenDeleting == deleting, true
		}
		return false, false
	})
}

// SelfTest reports whether cond, in f, tests whether the reconciled object
// is being deleted. Tests of objects that f reads by a lookup (its owner,
// a dependency) or finds in a list (a peer, a child) are not self tests.
func (f *Func) SelfTest(cond ast.Expr) (isdeleting.Test, bool) {
	if f == nil || cond == nil {
		return isdeleting.Test{}, false
	}
	t, ok := f.code.Checker.Test(cond)
	if !ok {
		return t, false
	}
	if v := RootVar(f.code.Info, t.Object); v != nil && f.depVars[v] {
		return t, false
	}
	if t.Object != nil && f.code.values != nil && f.code.values.IsElement(t.Object) {
		// A listed object's deletion (a peer, a child being skipped)
		// says nothing about the reconciled object.
		return t, false
	}
	return t, true
}

// dependencyVars collects the local variables that hold objects read by
// lookups: the results of owner helpers, and the local objects read by a Get
// whose key does not come from the reconcile request.
func (f *Func) dependencyVars() map[types.Object]bool {
	info := f.code.Info
	vars := make(map[types.Object]bool)
	body := f.Decl.Body
	local := func(v types.Object) bool {
		return v != nil && v.Pos() >= body.Pos() && v.Pos() < body.End()
	}
	for cur := range f.body.Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
				continue
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok {
				continue
			}
			if l, ok := recognize.AsLookup(info, call); ok && l.Object == nil && !recognize.IsSelfKey(info, body, l.Key) {
				if v := RootVar(info, n.Lhs[0]); local(v) {
					vars[v] = true
				}
			}
		case *ast.CallExpr:
			l, ok := recognize.AsLookup(info, n)
			if !ok || l.Object == nil || (l.Key != nil && recognize.IsRequestKey(info, l.Key)) {
				continue
			}
			if v := RootVar(info, l.Object); local(v) {
				vars[v] = true
			}
		}
	}
	return vars
}

// RootVar returns the variable at the root of e (x for x, &x, x.f, x.f.g,
// *x), or nil: recognize.HolderVar.
func RootVar(info *types.Info, e ast.Expr) types.Object {
	return recognize.HolderVar(info, e)
}

// WrittenBack returns the list variable that n, a finalizer removal,
// writes back whole (obj.SetFinalizers(kept), obj.Finalizers = kept), or
// nil. Code that builds
// such a list keeps a finalizer by appending it: a loop over the
// finalizers that keeps the ones whose cleanup failed.
func WrittenBack(info *types.Info, n ast.Node) types.Object {
	r, ok := recognize.AsFinalizerEdit(info, n)
	if !ok || r.List() == nil {
		return nil
	}
	return RootVar(info, r.List())
}

// Implementations returns the package's methods that implement the
// interface method m, sorted by key; nil when m is not one.
func (c *Code) Implementations(m *types.Func) []*types.Func {
	return c.methods.Implementing(m)
}

// mayReturn reports whether a call may return; calls of panic do not.
func mayReturn(info *types.Info) func(*ast.CallExpr) bool {
	return func(call *ast.CallExpr) bool { return recognize.Builtin(info, call) != "panic" }
}

func run(pass *analysis.Pass) (any, error) {
	checker, _ := pass.ResultOf[isdeleting.Analyzer].(*isdeleting.Checker)
	insp := inspection.Of(pass)
	var ins *inspector.Inspector
	var vals *values.Index
	if insp != nil {
		ins, vals = insp.Inspector, insp.Values
	}
	c := &Code{
		Info:         pass.TypesInfo,
		fset:         pass.Fset,
		Checker:      checker,
		Inspector:    ins,
		values:       vals,
		byObj:        make(map[*types.Func]*Func),
		block:        make(map[ast.Node]*cfg.Block),
		owner:        make(map[*cfg.Block]*Func),
		caseValues:   make(map[ast.Expr]ast.Expr),
		deletionOnly: make(map[*types.Func]bool),
		normalOnly:   make(map[*types.Func]bool),
		kinds:        groupkind.Of(pass),
	}
	if insp == nil {
		return c, nil
	}
	for cur := range insp.Root().Preorder((*ast.FuncDecl)(nil), (*ast.SwitchStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.SwitchStmt:
			if n.Tag != nil && n.Body != nil {
				for _, s := range n.Body.List {
					if cc, ok := s.(*ast.CaseClause); ok {
						for _, e := range cc.List {
							c.caseValues[e] = n.Tag
						}
					}
				}
			}
		case *ast.FuncDecl:
			fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func)
			if !ok || n.Body == nil {
				continue
			}
			f := &Func{Decl: n, Obj: fn, CFG: cfg.New(n.Body, mayReturn(pass.TypesInfo)), code: c, body: cur.ChildAt(edge.FuncDecl_Body, -1)}
			c.funcs = append(c.funcs, f)
			c.byObj[fn] = f
			for _, b := range f.CFG.Blocks {
				c.owner[b] = f
				for _, node := range b.Nodes {
					c.block[node] = b
				}
			}
		}
	}
	for _, f := range c.funcs {
		f.depVars = f.dependencyVars()
		f.classify()
	}
	c.propagate()
	c.referenced = referenced(pass.Fset, c.refs)
	c.elsewhereFacts = removersElsewhere(pass, ins)
	c.applied = appliedRemovals(pass, ins)
	objs := make([]*types.Func, len(c.funcs))
	for i, f := range c.funcs {
		objs[i] = f.Obj
	}
	c.methods = callees.NewMethods(objs)
	c.findFinalizing(pass) // the kinds findRemovals compares
	c.findRemovals(pass)
	c.findAdds()
	c.findUnstored()
	c.exportRemovals(pass)
	c.exportApplies(pass)
	c.reaching = c.reachingNodes()
	local := c.findEntries()
	c.localEntries = local
	if len(local) > 0 {
		pass.ExportPackageFact(&entriesFact{List: local})
	}
	c.collectEntryPoints(pass, local, settings.Of(pass))
	if len(c.entryPoints) > 0 {
		// A method a framework calls only while deleting is deletion code,
		// and so are the functions only it calls; one it calls on every
		// pass is neither deletion-only nor normal-only, whatever the
		// package's own references to it say.
		for fn, e := range c.entryPoints {
			delete(c.normalOnly, fn)
			if e.Role == RoleDeleting {
				c.deletionOnly[fn] = true
			}
		}
		c.propagate()
	}
	for fn := range c.entryPoints {
		f := c.byObj[fn]
		f.own = c.findOwnObjects(f)
	}
	return c, nil
}

// classify computes which blocks of f run only while deleting and which
// may run while deleting.
func (f *Func) classify() {
	n := len(f.CFG.Blocks)
	// onlyDeleting[b][i] says that successor i of b is taken only while
	// deleting; onlyNormal[b][i] only while not deleting.
	onlyDeleting := make([][2]bool, n)
	onlyNormal := make([][2]bool, n)
	for _, b := range f.CFG.Blocks {
		cond := f.code.Cond(b)
		if cond == nil {
			continue
		}
		if v, ok := f.DeletingValue(cond, false); ok {
			// Not deleting, the condition is v: the other edge needs deleting.
			onlyDeleting[b.Index][boolEdge(!v)] = true
		}
		if v, ok := f.DeletingValue(cond, true); ok {
			onlyNormal[b.Index][boolEdge(!v)] = true
		}
	}
	reach := func(skip func(b *cfg.Block, succ int) bool) []bool {
		seen := make([]bool, n)
		if n == 0 {
			return seen
		}
		stack := []*cfg.Block{f.CFG.Blocks[0]}
		seen[0] = true
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for i, s := range b.Succs {
				if s == nil || seen[s.Index] || skip(b, i) {
					continue
				}
				seen[s.Index] = true
				stack = append(stack, s)
			}
		}
		return seen
	}
	all := reach(func(*cfg.Block, int) bool { return false })
	notDeleting := reach(func(b *cfg.Block, i int) bool { return i < 2 && onlyDeleting[b.Index][i] })
	f.mayDelete = reach(func(b *cfg.Block, i int) bool { return i < 2 && onlyNormal[b.Index][i] })
	f.deleting = make([]bool, n)
	for i := range all {
		f.deleting[i] = all[i] && !notDeleting[i]
	}
}

// boolEdge returns the successor index taken when a condition has value v.
func boolEdge(v bool) int {
	if v {
		return 0
	}
	return 1
}

// referenced returns the functions of refs referred to outside test files.
func referenced(fset *token.FileSet, refs map[*types.Func][]funcRef) map[*types.Func]bool {
	out := make(map[*types.Func]bool)
	for fn, rs := range refs {
		for _, r := range rs {
			if !recognize.InTestFile(fset, r.pos) {
				out[fn] = true
				break
			}
		}
	}
	return out
}

// funcRef is a reference to a function of the package: the function and
// block that hold it (nil: outside any function's CFG, a package-level
// var).
type funcRef struct {
	f   *Func
	b   *cfg.Block
	pos token.Pos
	// call is the call that the reference names the function of, or nil
	// (the function taken as a value).
	call *ast.CallExpr
}

// callOf returns the call whose function the identifier at cur names
// (f(...), x.f(...), pkg.f(...)), or nil.
func callOf(cur inspector.Cursor) *ast.CallExpr {
	id := cur.Node()
	p := cur.Parent()
	if sel, ok := p.Node().(*ast.SelectorExpr); ok && sel.Sel == id {
		id, p = sel, p.Parent()
	}
	if call, ok := p.Node().(*ast.CallExpr); ok && ast.Unparen(call.Fun) == id {
		return call
	}
	return nil
}

// A Call is a call of a function of the package, in the function and
// block that hold it.
type Call struct {
	Call  *ast.CallExpr
	Func  *Func
	Block *cfg.Block
}

// Calls returns the calls of fn, a function of the package, in the
// package's non-test code; ok is false when fn is also referred to
// otherwise (taken as a value, or outside a function), so that callers
// cannot all be known.
func (c *Code) Calls(fn *types.Func) (calls []Call, ok bool) {
	if c == nil || fn == nil {
		return nil, false
	}
	for _, r := range c.refs[fn.Origin()] {
		if recognize.InTestFile(c.fset, r.pos) {
			continue
		}
		if r.call == nil || r.f == nil || r.b == nil {
			return nil, false
		}
		calls = append(calls, Call{r.call, r.f, r.b})
	}
	return calls, true
}

// propagate finds the deletion-only and normal-only functions: those whose
// every reference lies in deletion (normal) code or in a deletion-only
// (normal-only) function, to a fixed point.
func (c *Code) propagate() {
	if c.refs == nil {
		c.refs = make(map[*types.Func][]funcRef)
		for cur := range c.Inspector.Root().Preorder((*ast.Ident)(nil)) {
			id := cur.Node().(*ast.Ident)
			fn, ok := c.Info.Uses[id].(*types.Func)
			if !ok {
				continue
			}
			fn = fn.Origin()
			if c.byObj[fn] == nil {
				continue
			}
			f, b := c.Enclosing(cur)
			c.refs[fn] = append(c.refs[fn], funcRef{f, b, id.Pos(), callOf(cur)})
		}
	}
	refs := c.refs
	// only adds f to set when every reference to f is in a function of set
	// or in a block in says. References in test files do not count: a
	// unit test that calls a reconciler's deletion phase directly is not
	// a path the operator takes, and the package's test variant must see
	// the deletion code its plain variant sees.
	only := func(set map[*types.Func]bool, in func(f *Func, b *cfg.Block) bool) func(f *Func) bool {
		return func(f *Func) bool {
			if set[f.Obj] || c.entryPoints[f.Obj] != nil {
				return false
			}
			seen := false
			for _, r := range refs[f.Obj] {
				if recognize.InTestFile(c.fset, r.pos) {
					continue
				}
				if r.f == nil || r.f == f || !set[r.f.Obj] && !in(r.f, r.b) {
					return false
				}
				seen = true
			}
			if seen {
				set[f.Obj] = true
			}
			return seen
		}
	}
	fixpoint.Solve(c.funcs, only(c.deletionOnly, func(f *Func, b *cfg.Block) bool { return f.deleting[b.Index] }))
	fixpoint.Solve(c.funcs, only(c.normalOnly, func(f *Func, b *cfg.Block) bool { return !f.mayDelete[b.Index] }))
}

// DeletedType returns the type of the object whose deletion f's deletion
// code is for: the object of f's own test of deletion (an operand of its
// condition), else, when f has
// none (a reconcileDelete its Reconcile calls from the deletion branch),
// the object its callers' tests read, when every caller (up to three calls
// up) tests one of the same type; else nil. It names the released object
// of a removal that does not (a manager's UnsetFinalizer behind an
// interface) or names what holds it (a scope).
func (c *Code) DeletedType(f *Func) types.Type {
	return c.deletedType(f, 0)
}

func (c *Code) deletedType(f *Func, depth int) types.Type {
	if f.CFG != nil {
		for _, b := range f.CFG.Blocks {
			var found types.Type
			Atoms(c.Cond(b), func(a ast.Expr) {
				// The test may be one operand of several
				// (app.DeletionTimestamp != nil && app.Cascaded()).
				if t, ok := f.SelfTest(a); ok && t.Object != nil && found == nil {
					if typ := c.Info.TypeOf(t.Object); typ != nil && recognize.Named(recognize.Unpointer(typ)) != nil {
						found = typ
					}
				}
			})
			if found != nil {
				return found
			}
		}
	}
	if depth >= 3 {
		return nil
	}
	calls, ok := c.Calls(f.Obj)
	if !ok {
		return nil
	}
	var found types.Type
	for _, call := range calls {
		if call.Func == f {
			continue
		}
		t := c.deletedType(call.Func, depth+1)
		if t == nil || found != nil && !types.Identical(t, found) {
			return nil
		}
		found = t
	}
	return found
}

// ReleasedType returns the type of the object whose finalizer rem, the
// removal f's deletion code reaches, releases: the object it names, or,
// when it names none (a manager's UnsetFinalizer behind an interface) or
// names what holds it (a scope), the one f's code is for (DeletedType).
func (c *Code) ReleasedType(f *Func, rem *recognize.FinalizerRemoval) types.Type {
	if rem != nil && rem.Object != nil {
		if t := c.Info.TypeOf(rem.Object); HasFinalizers(t) {
			return t
		}
	}
	return c.DeletedType(f)
}
