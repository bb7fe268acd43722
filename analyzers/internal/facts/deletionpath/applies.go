package deletionpath

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// appliesFact is the fact of a function that calls the function it is
// given for one parameter on the object (or a copy of it) given for
// another: ManageFinalizer(ctx, c, obj, op) calling op(copy, name) and
// writing the copy back. Called with a function that removes the
// finalizer of its argument (ManageFinalizer(ctx, c, obj, UnsetFinalizer)),
// it releases obj's finalizer; called with another, it does not.
type appliesFact struct {
	// FuncParam, ObjectParam: the indexes of the function's parameters;
	// Arg: the position of the object among the applied function's
	// arguments.
	FuncParam, ObjectParam, Arg int
}

// AFact implements analysis.Fact.
func (*appliesFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *appliesFact) String() string {
	return fmt.Sprintf("applies param %d to param %d (argument %d)", f.FuncParam, f.ObjectParam, f.Arg)
}

// exportApplies gives each exportable function of the package that applies
// a function parameter to an object parameter its appliesFact.
func (c *Code) exportApplies(pass *analysis.Pass) {
	for _, f := range c.funcs {
		if a, ok := c.applies(f); ok && recognize.Exportable(f.Obj) {
			pass.ExportObjectFact(f.Obj, a)
		}
	}
}

// applies reports whether f calls one of its function-typed parameters
// with one of its other parameters, or a local variable whose every value
// derives from it (copy := obj.DeepCopyObject().(T)), as an argument.
func (c *Code) applies(f *Func) (*appliesFact, bool) {
	params := recognize.ParamIndexes(c.Info, f.Decl.Type)
	// from maps a variable to the parameter it holds or is made from.
	from := func(v types.Object) (int, bool) {
		if i, ok := params[v]; ok {
			return i, true
		}
		tv, ok := v.(*types.Var)
		if !ok {
			return 0, false
		}
		found := -1
		for _, a := range c.values.Assignments(tv) {
			x := a.Single()
			if x == nil {
				return 0, false
			}
			root := RootVar(c.Info, copied(x))
			i, ok := params[root]
			if !ok || found >= 0 && found != i {
				return 0, false
			}
			found = i
		}
		return found, found >= 0
	}
	for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			continue
		}
		fp, ok := params[c.Info.Uses[id]]
		if !ok {
			continue
		}
		if _, isFunc := c.Info.TypeOf(id).Underlying().(*types.Signature); !isFunc {
			continue
		}
		for j, arg := range call.Args {
			v := RootVar(c.Info, recognize.StripAddr(arg))
			if v == nil {
				continue
			}
			if op, ok := from(v); ok && op != fp && HasFinalizers(v.Type()) {
				return &appliesFact{FuncParam: fp, ObjectParam: op, Arg: j}, true
			}
		}
	}
	return nil, false
}

// copied returns the expression e copies (obj for
// obj.DeepCopyObject().(client.Object), obj.DeepCopy()), or e.
func copied(e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.TypeAssertExpr:
			e = x.X
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || len(x.Args) != 0 || !strings.HasPrefix(sel.Sel.Name, "DeepCopy") {
				return e
			}
			e = sel.X
		default:
			return e
		}
	}
}

// appliedRemovals finds the package's calls of functions of other packages
// with an appliesFact that are given a function of another package that
// removes the finalizer of the argument the object is applied as: such a
// call releases the object's finalizer, as a call of a remover would.
func appliedRemovals(pass *analysis.Pass, ins *inspector.Inspector) map[*ast.CallExpr]*removesFinalizerFact {
	var out map[*ast.CallExpr]*removesFinalizerFact
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := recognize.Callee(pass.TypesInfo, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || call.Ellipsis.IsValid() {
			continue
		}
		var a appliesFact
		if !pass.ImportObjectFact(fn.Origin(), &a) || a.FuncParam >= len(call.Args) || a.ObjectParam >= len(call.Args) {
			continue
		}
		op, _ := pass.TypesInfo.Uses[recognize.NameOf(call.Args[a.FuncParam])].(*types.Func)
		var r removesFinalizerFact
		if op == nil || op.Pkg() == pass.Pkg || !pass.ImportObjectFact(op.Origin(), &r) || r.ObjectParam-1 != a.Arg {
			continue
		}
		if out == nil {
			out = make(map[*ast.CallExpr]*removesFinalizerFact)
		}
		out[call] = &removesFinalizerFact{ObjectParam: a.ObjectParam + 1}
	}
	return out
}

// elsewhereFact returns what is known of the removal a call of fn, a
// function of another package or an interface method, makes: its fact, or
// the removal the call makes by applying a remover (see appliedRemovals);
// nil when it makes none.
func (c *Code) elsewhereFact(call *ast.CallExpr, fn *types.Func) *removesFinalizerFact {
	if f := c.elsewhereFacts[fn]; f != nil {
		return f
	}
	return c.applied[call]
}
