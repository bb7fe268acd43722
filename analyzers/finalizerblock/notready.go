package finalizerblock

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// categoryNotReady: a wait for an owner's or dependency's readiness ends
// the deletion.
const categoryNotReady = "notready"

// readyTest reports whether the operand a of the condition ending block b
// of f tests the readiness of an owner or dependency that f looked up
// (parent.Status.Ready, meta.IsStatusConditionTrue(parent.Status.Conditions,
// ...), conditions.IsTrue(parent, ...), parent.IsReady()). A dependency
// that never becomes ready (its provisioning failed) or stops being ready
// (it is being deleted) holds the branch taken when it is not ready for
// good, as a missing one holds a not-found branch. The origin's ready is a;
// which way the condition goes is found by origins (see eval).
func (c *checker) readyTest(f *deletionpath.Func, b *cfg.Block, idx int, a ast.Expr) (origin, bool) {
	x := c.readinessOf(a, 0)
	v := deletionpath.RootVar(c.info, x)
	if v == nil {
		return origin{}, false
	}
	l, ok := c.lookupOf(f, b, idx, v)
	if !ok || c.isSelf(f, l) || c.keyedByListed(l) {
		return origin{}, false
	}
	return origin{category: categoryNotReady, lookup: l, call: l.Call, objVar: v, ready: a}, true
}

// readinessOf returns the object whose readiness a tests, or nil: x of a
// bool field under x's status (x.Status.Ready,
// x.Status.Initialization.Provisioned), of a method of x whose name says
// ready (x.IsReady()), of a function given something under x's status
// (meta.IsStatusConditionTrue(x.Status.Conditions, "Ready"),
// ptr.Deref(x.Status.Provisioned, false)), or of a function whose name
// starts with Is given x (conditions.IsTrue(x, ReadyCondition)); not of one
// whose name says it is true when not ready (conditions.IsFalse). Fields
// and conditions count only when their names say ready (see readyWord):
// x.Status.Failed is no readiness. A function of the package whose body
// returns such a test of one of its parameters (func clusterReady(c
// *Cluster) bool { return c.Status.Ready && ... }) tests the readiness of
// the argument given for it.
func (c *checker) readinessOf(a ast.Expr, depth int) ast.Expr {
	info := c.info
	a = ast.Unparen(a)
	if t := info.TypeOf(a); t == nil || !types.Identical(t.Underlying(), types.Typ[types.Bool]) {
		return nil
	}
	switch a := a.(type) {
	case *ast.SelectorExpr:
		if x := throughStatus(a); x != nil && readyWord(a.Sel.Name) {
			return x
		}
	case *ast.CallExpr:
		fn := recognize.Callee(info, a)
		if fn == nil {
			return nil
		}
		if x := c.readyHelper(a, fn, depth); x != nil {
			return x
		}
		if recognize.Receiver(fn) != nil {
			sel, ok := ast.Unparen(a.Fun).(*ast.SelectorExpr)
			if ok && len(a.Args) == 0 && readyWord(fn.Name()) && hasObjectMeta(info.TypeOf(sel.X)) {
				return sel.X
			}
			return nil
		}
		if len(a.Args) == 0 || strings.Contains(fn.Name(), "False") || strings.Contains(fn.Name(), "Not") {
			return nil // true when not ready
		}
		arg := ast.Unparen(a.Args[0])
		if sel, ok := arg.(*ast.SelectorExpr); ok && readyWord(sel.Sel.Name) {
			return throughStatus(sel) // ptr.Deref(x.Status.Provisioned, false)
		}
		if len(a.Args) < 2 || !readyCondition(info, a.Args[1]) {
			return nil
		}
		if sel, ok := arg.(*ast.SelectorExpr); ok {
			return throughStatus(sel) // meta.IsStatusConditionTrue(x.Status.Conditions, "Ready")
		}
		if strings.HasPrefix(fn.Name(), "Is") && hasObjectMeta(info.TypeOf(arg)) {
			return arg // conditions.IsTrue(x, ReadyCondition)
		}
	}
	return nil
}

// maxReadyDepth bounds the helpers followed into for a readiness test.
const maxReadyDepth = 2

// readyHelper returns the argument of call whose readiness fn, a function
// of the package, tests: its body ends in return e, where e (or an operand
// of e's &&) tests the readiness of a parameter (see readinessOf); or nil.
func (c *checker) readyHelper(call *ast.CallExpr, fn *types.Func, depth int) ast.Expr {
	hf := c.code.Func(fn)
	if hf == nil || depth >= maxReadyDepth || len(hf.Decl.Body.List) == 0 {
		return nil
	}
	ret, ok := hf.Decl.Body.List[len(hf.Decl.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	params := recognize.ParamIndexes(c.info, hf.Decl.Type)
	var arg ast.Expr
	conjuncts(ret.Results[0], func(e ast.Expr) {
		if arg != nil {
			return
		}
		id, ok := ast.Unparen(c.readinessOf(e, depth+1)).(*ast.Ident)
		if !ok {
			return
		}
		if i, ok := params[c.info.Uses[id]]; ok && i < len(call.Args) {
			arg = call.Args[i]
		}
	})
	return arg
}

// conjuncts calls fn with each operand of e's && chain (e itself when it
// is no &&).
func conjuncts(e ast.Expr, fn func(ast.Expr)) {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		conjuncts(b.X, fn)
		conjuncts(b.Y, fn)
		return
	}
	fn(e)
}

// throughStatus returns x of a selector chain x.Status.f...g, or nil.
func throughStatus(sel *ast.SelectorExpr) ast.Expr {
	for e := ast.Expr(sel); ; {
		s, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if s.Sel.Name == "Status" {
			return s.X
		}
		e = s.X
	}
}

// hasObjectMeta reports whether t (or what it points to) is a Kubernetes
// object struct.
func hasObjectMeta(t types.Type) bool {
	return t != nil && recognize.IsObjectStruct(recognize.Unpointer(t))
}

// lookupOf returns the lookup that gives the object in v at node idx of
// block b: the call whose result v is (a typed clientset's Get, Cluster
// API's GetClusterFromMetadata), or, when v holds an object made in f
// (parent := &Gadget{}, var parent Gadget), the one Get of f that reads
// into it (none when f reads into it twice: which one the test sees is not
// known).
func (c *checker) lookupOf(f *deletionpath.Func, b *cfg.Block, idx int, v types.Object) (recognize.Lookup, bool) {
	defs, complete := f.Definitions(b, idx, v)
	if !complete || len(defs) != 1 {
		return recognize.Lookup{}, false
	}
	def := ast.Unparen(defs[0])
	if call, ok := def.(*ast.CallExpr); ok {
		if l, ok := recognize.AsLookup(c.info, call); ok && l.Object == nil {
			return l, true
		}
		return recognize.Lookup{}, false
	}
	if _, ok := compositeOf(def); !ok && def != nil && recognize.Builtin(c.info, def) != "new" {
		// Not a literal, new(T) or the zero value (var shelf T).
		return recognize.Lookup{}, false
	}
	var found recognize.Lookup
	n := 0
	ast.Inspect(f.Decl.Body, func(n0 ast.Node) bool {
		switch n0 := n0.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if l, ok := recognize.AsLookup(c.info, n0); ok && l.Object != nil && deletionpath.RootVar(c.info, l.Object) == v {
				found = l
				n++
			}
		}
		return true
	})
	if n != 1 {
		return recognize.Lookup{}, false // read twice, or never
	}
	return found, true
}

// readyWords are the words of names of status fields and conditions that
// say an object is ready for use.
var readyWords = []string{"Ready", "Provisioned", "Available", "Initialized", "Healthy"}

// readyWord reports whether name says ready (InfrastructureReady,
// Provisioned, IsAvailable); not Failed, Degraded, Paused.
func readyWord(name string) bool {
	for _, w := range readyWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// readyCondition reports whether e is a constant condition type that says
// ready ("Ready", clusterv1.InfrastructureReadyCondition).
func readyCondition(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	return readyWord(constant.StringVal(tv.Value))
}
