package children

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

// Record reports whether the child is a record of one run: the object
// that gets the reference at kid.At is named from a point in time (the
// clock, or a time the code computes from it, such as a schedule's slot),
// so each run names a new object and no pass makes a deleted one again.
// There is nothing for a watch to repair. A time read from an object's
// metadata (its creation timestamp) names the same object for the owner's
// whole life and does not count, nor does a time kept elsewhere in the
// object (an annotation, a field of its spec).
//
// The name is followed through the function that sets the reference: the
// object's literal, the string arguments of the constructor that makes it,
// assignments to its Name and calls of SetName, the local variables these
// read, and, for a parameter, what every caller in the package passes.
func (r *Result) Record(kid Child) bool {
	if r == nil || r.state == nil || kid.At == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	a := r.state
	n := namer{a: a, kind: r.kinds.Key(kid.Kind), seen: make(map[*types.Var]bool)}
	found := false
	ast.Inspect(kid.At, func(node ast.Node) bool {
		switch e := node.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CompositeLit:
			if n.isChild(a.pass.TypesInfo.TypeOf(e)) && n.clockedLit(e) {
				found = true
			}
		case *ast.Ident:
			if v, ok := a.pass.TypesInfo.Uses[e].(*types.Var); ok && n.clockedObject(v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// A namer follows the name of objects of one kind (a groupkind key) to
// where it comes from; seen holds the variables already followed.
type namer struct {
	a    *state
	kind string
	seen map[*types.Var]bool
}

// isChild reports whether t is the child's type or a pointer to it.
func (n namer) isChild(t types.Type) bool {
	k := objkind.Of(t)
	return k != "" && n.a.res.kinds.Key(k) == n.kind
}

// clockedObject reports whether v holds the child and is named from the
// clock. A variable that holds the child's ObjectMeta (&obj.ObjectMeta) is
// followed to the object.
func (n namer) clockedObject(v *types.Var) bool {
	if v.IsField() || n.seen[v] {
		return false
	}
	n.seen[v] = true
	info := n.a.pass.TypesInfo
	object := func(e ast.Expr) bool {
		o := recognize.RootVar(info, e)
		return o != nil && n.clockedObject(o)
	}
	meta := recognize.IsNamedOrPointer(v.Type(), recognize.PkgMetaV1, "ObjectMeta")
	switch {
	case !meta && !n.isChild(v.Type()):
		return false
	case n.isParam(v):
		return n.fromCallers(v, object)
	case meta:
		return slices.ContainsFunc(n.a.values.Assignments(v), func(as values.Assignment) bool {
			e := as.Single()
			return e != nil && object(e)
		})
	}
	return n.clockedAssignments(v) || n.clockedNameSet(v)
}

// clockedAssignments reports whether a value assigned to v is named from
// the clock: an object literal, or what a constructor given the name
// returns.
func (n namer) clockedAssignments(v *types.Var) bool {
	info := n.a.pass.TypesInfo
	for _, as := range n.a.values.Assignments(v) {
		single := as.Single()
		if single == nil {
			continue
		}
		switch e := ast.Unparen(recognize.StripAddr(single)).(type) {
		case *ast.CompositeLit:
			if n.clockedLit(e) {
				return true
			}
		case *ast.CallExpr:
			for _, arg := range e.Args {
				if isString(info.TypeOf(arg)) && n.clocked(arg) {
					return true
				}
			}
		}
	}
	return false
}

// clockedNameSet reports whether the function that declares v names it
// from the clock: v.Name = ..., v.ObjectMeta.Name = ..., v.SetName(...).
func (n namer) clockedNameSet(v *types.Var) bool {
	decl := n.declOf(v)
	if decl == nil {
		return false
	}
	info := n.a.pass.TypesInfo
	found := false
	ast.Inspect(decl, func(node ast.Node) bool {
		switch s := node.(type) {
		case *ast.AssignStmt:
			for i, lhs := range s.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if ok && sel.Sel.Name == "Name" && len(s.Lhs) == len(s.Rhs) && recognize.RootVar(info, sel.X) == v && n.clocked(s.Rhs[i]) {
					found = true
				}
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(s.Fun).(*ast.SelectorExpr)
			if ok && sel.Sel.Name == "SetName" && len(s.Args) == 1 && recognize.RootVar(info, sel.X) == v && n.clocked(s.Args[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// clockedLit reports whether the object literal lit is named from the
// clock: the Name of its ObjectMeta.
func (n namer) clockedLit(lit *ast.CompositeLit) bool {
	found := false
	ast.Inspect(lit, func(node ast.Node) bool {
		inner, ok := node.(*ast.CompositeLit)
		if !ok || !recognize.IsNamedOrPointer(n.a.pass.TypesInfo.TypeOf(inner), recognize.PkgMetaV1, "ObjectMeta") {
			return !found
		}
		for _, el := range inner.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" && n.clocked(kv.Value) {
					found = true
				}
			}
		}
		return false
	})
	return found
}

// clocked reports whether the value of e is computed from a point in time:
// e reads a time.Time or metav1.Time (the clock's Now, a time parameter, a
// time a schedule computes), directly or through the package's local
// variables and the arguments callers pass for a parameter. Times read from
// an object's metadata (its creation or deletion timestamp) do not count.
func (n namer) clocked(e ast.Expr) bool {
	info := n.a.pass.TypesInfo
	found := false
	ast.Inspect(e, func(node ast.Node) bool {
		if found {
			return false
		}
		switch x := node.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			if metadataTime[x.Sel.Name] {
				return false
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && metadataTime[sel.Sel.Name] {
				return false
			}
		case *ast.Ident:
			v, ok := info.Uses[x].(*types.Var)
			if !ok || v.IsField() || n.seen[v] || !isString(v.Type()) {
				break
			}
			n.seen[v] = true
			if n.isParam(v) {
				found = n.fromCallers(v, n.clocked)
				return false
			}
			for _, as := range n.a.values.Assignments(v) {
				if s := as.Single(); s != nil && n.clocked(s) {
					found = true
				}
			}
			return false
		}
		if ex, ok := node.(ast.Expr); ok && isTime(info.TypeOf(ex)) {
			found = true
		}
		return !found
	})
	return found
}

// metadataTime are the time fields and getters of ObjectMeta: an object's
// own times, fixed for its life.
var metadataTime = map[string]bool{
	"CreationTimestamp": true, "DeletionTimestamp": true,
	"GetCreationTimestamp": true, "GetDeletionTimestamp": true,
}

// isParam reports whether v is a parameter of one of the package's
// functions.
func (n namer) isParam(v *types.Var) bool {
	fn := n.a.funcAt(v.Pos())
	if fn == nil {
		return false
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return true
		}
	}
	return false
}

// fromCallers reports whether every call of v's function in the package
// passes, for the parameter v, a value that holds: a parameter of a
// function called from elsewhere is not known.
func (n namer) fromCallers(v *types.Var, holds func(ast.Expr) bool) bool {
	args, ok := n.a.values.Arguments(v)
	if !ok || len(args) == 0 {
		return false
	}
	for _, arg := range args {
		if !holds(arg.Expr) {
			return false
		}
	}
	return true
}

// declOf returns the declaration of the package's function that declares
// the local variable v.
func (n namer) declOf(v *types.Var) *ast.FuncDecl {
	if fi := n.a.byFunc[n.a.funcAt(v.Pos())]; fi != nil {
		return fi.decl
	}
	return nil
}

// isTime reports whether t is time.Time, metav1.Time or a pointer to one.
func isTime(t types.Type) bool {
	return t != nil && (recognize.IsNamedOrPointer(t, "time", "Time") || recognize.IsNamedOrPointer(t, recognize.PkgMetaV1, "Time"))
}

// isString reports whether t's underlying type is string.
func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := types.Unalias(t).Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
