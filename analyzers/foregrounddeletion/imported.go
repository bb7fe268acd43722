package foregrounddeletion

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/posn"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// A deletesFact marks a function that deletes dependents without reading
// them back (what deleterOf says of a package's own helpers), so that a
// call of it from another package is judged as the Delete itself: a
// reconciler that calls a helper package's DeleteGadget and then removes
// its finalizer is reported as one that calls the client's Delete is.
type deletesFact struct {
	// Path and Name are the deleted objects' type (its package's import
	// path and its name), empty when Param says which objects.
	Path, Name string
	// Param is the index of the parameter whose object, or whose
	// elements, the function deletes, judged at each call by its
	// argument; -1 when the type is fixed.
	Param int
	// Collection is set for a DeleteAllOf or DeleteCollection of what
	// options select.
	Collection bool
	// Returned is set when the function's error result carries the
	// Delete's error.
	Returned bool
	// At is where the Delete is (file:line:col).
	At string
}

func (*deletesFact) AFact() {}

func (f *deletesFact) String() string {
	what := f.Path + "." + f.Name
	if f.Param >= 0 {
		what = fmt.Sprintf("param %d", f.Param)
	}
	return fmt.Sprintf("deletes %s at %s (collection %t, error returned %t)", what, filepath.Base(f.At), f.Collection, f.Returned)
}

// exportDeleters marks each exported function of the package that deletes
// a dependent without reading it back with a deletesFact. The summaries
// are made for no reconciled type (nothing is excluded as the deleting
// object's own), apart from the ones the package's checks use.
func (c *checker) exportDeleters() {
	saved := c.deleter
	c.deleter = nil
	defer func() { c.deleter = saved }()
	for _, f := range c.code.Funcs() {
		// A function that removes a finalizer itself is a deletion
		// handler, judged in its own package, not a helper that deletes;
		// so is a framework's entry point.
		if !f.Obj.Exported() || c.code.Removal(f.Obj) != nil || c.code.EntryPoint(f.Obj) != nil {
			continue
		}
		del := c.deleterOf(f.Obj, nil, 0)
		if del == nil {
			continue
		}
		at := c.deleter[f.Obj].via
		if at == nil {
			at = del
		}
		fact := &deletesFact{Param: -1, Collection: c.deletesCollection(del), At: posn.String(c.pass.Fset, del.Pos())}
		if imp := c.importedDeleter(del); imp != nil {
			fact.At = imp.At
		}
		t := c.deletedType(del)
		if k := objkind.Of(t); k != "" {
			n := recognize.Named(recognize.Unpointer(t))
			fact.Path, fact.Name = n.Obj().Pkg().Path(), n.Obj().Name()
		} else if at != del {
			continue // an object of no fixed type, handed down further
		} else if obj := c.deletedObject(del); obj == nil {
			continue
		} else if i, ok := c.paramHeld(recognize.ParamIndexes(c.info, f.Decl.Type), obj, 0); ok {
			fact.Param = i
		} else {
			continue
		}
		fact.Returned = c.errorHandedOn(f, at, del)
		c.pass.ExportObjectFact(f.Obj, fact)
	}
}

// errorHandedOn reports whether f's error result carries the error of the
// Delete del that its call at makes (at is del when f makes it itself):
// f hands on at's error, and each function between at and del hands on
// del's (an imported helper's, by its fact).
func (c *checker) errorHandedOn(f *deletionpath.Func, at, del *ast.CallExpr) bool {
	if imp := c.importedDeleter(del); imp != nil && !imp.Returned {
		return false
	}
	if !deletionpath.HandsOnError(c.info, f.Obj, f.Decl.Body, at) {
		return false
	}
	if at == del {
		return true
	}
	h, _ := c.code.Around(del)
	return h != nil && deletionpath.HandsOnError(c.info, h.Obj, h.Decl.Body, del)
}

// importedDeleter returns the deletesFact of the function of another
// package that call calls, or nil.
func (c *checker) importedDeleter(call *ast.CallExpr) *deletesFact {
	fn := recognize.Callee(c.info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	fn = fn.Origin()
	if f, ok := c.imported[fn]; ok {
		return f
	}
	if c.imported == nil {
		c.imported = make(map[*types.Func]*deletesFact)
	}
	f := new(deletesFact)
	if !c.pass.ImportObjectFact(fn, f) {
		f = nil
	}
	c.imported[fn] = f
	return f
}

// importedType returns the type of the objects the call of an imported
// deleter deletes: its fact's type, or the type of the argument (of its
// elements, for a slice or map) it passes for the parameter the fact
// names; nil when not known.
func (c *checker) importedType(call *ast.CallExpr, f *deletesFact) types.Type {
	if f.Param < 0 {
		pkg := recognize.FindPackage(c.pass.Pkg, f.Path)
		if pkg == nil {
			return nil
		}
		tn, ok := pkg.Scope().Lookup(f.Name).(*types.TypeName)
		if !ok {
			return nil
		}
		return types.NewPointer(tn.Type())
	}
	arg := c.deletedObject(call)
	if arg == nil {
		return nil
	}
	t := c.info.TypeOf(arg)
	switch u := t.(type) {
	case nil:
		return nil
	case *types.Slice:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return t
}

// deletedObject returns the expression of the object (or collection of
// objects) the Delete call deletes: a client Delete's object, or the
// argument an imported deleter deletes; nil when the call names none.
func (c *checker) deletedObject(call *ast.CallExpr) ast.Expr {
	if cc, ok := recognize.AsClientCall(c.info, call); ok {
		return cc.Object
	}
	if f := c.importedDeleter(call); f != nil && f.Param >= 0 && f.Param < len(call.Args) && !call.Ellipsis.IsValid() {
		return call.Args[f.Param]
	}
	return nil
}
