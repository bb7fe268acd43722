package deletionpath

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/children"
	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// finalizesFact is the fact of a function that adds a finalizer to objects
// of some kinds, or removes one from them, itself or through what it calls:
// a helper of another package that protects the Secret a spec names with
// its caller's finalizer (getting the Secret, adding the finalizer,
// updating it), and its counterpart that releases it.
type finalizesFact struct {
	// Adds and Removes are the kinds (see children.Kind), sorted.
	Adds, Removes []string
}

// AFact implements analysis.Fact.
func (*finalizesFact) AFact() {}

// String returns the fact in the form analysistest expectations match.
func (f *finalizesFact) String() string {
	s := "finalizes"
	if len(f.Adds) > 0 {
		s += " adds " + strings.Join(f.Adds, ",")
	}
	if len(f.Removes) > 0 {
		s += " removes " + strings.Join(f.Removes, ",")
	}
	return s
}

// finalizing is what a function does to the finalizers of objects by kind:
// for each kind it adds a finalizer to (removes one from), the first call
// of the function that does, itself or through its callees.
type finalizing struct {
	adds, removes map[string]*ast.CallExpr
}

// Finalizes returns the calls of fn, a function of the package, that add a
// finalizer to an object of kind and that remove one from such an object,
// themselves or through the functions they call (of the package, of others
// by their facts, or the package's implementations of an interface method):
// both are set when fn's code protects objects of that kind with a
// finalizer of its own and releases them. kind is a children.Kind key.
func (c *Code) Finalizes(fn *types.Func, kind string) (add, remove *ast.CallExpr) {
	if c == nil || fn == nil || kind == "" {
		return nil, nil
	}
	s := c.finalizing[fn.Origin()]
	if s == nil {
		return nil, nil
	}
	return s.adds[kind], s.removes[kind]
}

// FinalizerCall follows call, one of fn's that Finalizes returned, down the
// package's functions to the call that adds (or removes) the finalizer
// itself, or to the call of another package's function that does: the call
// whose words name the protection.
func (c *Code) FinalizerCall(call *ast.CallExpr, kind string, add bool) *ast.CallExpr {
	seen := make(map[*types.Func]bool)
	for call != nil {
		fn := recognize.Callee(c.Info, call)
		if fn == nil || c.byObj[fn.Origin()] == nil || seen[fn.Origin()] {
			return call
		}
		seen[fn.Origin()] = true
		s := c.finalizing[fn.Origin()]
		if s == nil {
			return call
		}
		next := s.removes[kind]
		if add {
			next = s.adds[kind]
		}
		if next == nil {
			return call
		}
		call = next
	}
	return call
}

// findFinalizing computes what each function of the package adds and
// removes finalizers on, to a fixed point, and exports it as facts.
func (c *Code) findFinalizing(pass *analysis.Pass) {
	c.finalizing = make(map[*types.Func]*finalizing)
	type callSite struct {
		call *ast.CallExpr
		fns  []*types.Func // the package's functions the call may run
	}
	calls := make(map[*types.Func][]callSite)
	for _, f := range c.funcs {
		s := &finalizing{adds: map[string]*ast.CallExpr{}, removes: map[string]*ast.CallExpr{}}
		c.finalizing[f.Obj] = s
		for cur := range f.body.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if recognize.IsFinalizerAdd(c.Info, call) {
				if obj, _, _ := addOperands(c.Info, call); obj != nil {
					record(s.adds, children.Kind(c.Info.TypeOf(obj)), call)
				}
				continue
			}
			if r, ok := recognize.AsFinalizerRemoval(c.Info, call); ok {
				if r.Object != nil {
					record(s.removes, children.Kind(c.Info.TypeOf(r.Object)), call)
				}
				continue
			}
			fn := recognize.Callee(c.Info, call)
			if fn == nil {
				continue
			}
			fn = fn.Origin()
			switch {
			case c.byObj[fn] != nil:
				calls[f.Obj] = append(calls[f.Obj], callSite{call, []*types.Func{fn}})
			case fn.Pkg() != nil && fn.Pkg() != pass.Pkg:
				var fact finalizesFact
				if pass.ImportObjectFact(fn, &fact) {
					for _, k := range fact.Adds {
						record(s.adds, k, call)
					}
					for _, k := range fact.Removes {
						record(s.removes, k, call)
					}
				}
				if impls := c.Implementations(fn); len(impls) > 0 {
					calls[f.Obj] = append(calls[f.Obj], callSite{call, impls})
				}
			default:
				if impls := c.Implementations(fn); len(impls) > 0 {
					calls[f.Obj] = append(calls[f.Obj], callSite{call, impls})
				}
			}
		}
	}
	fixpoint.Solve(c.funcs, func(f *Func) bool {
		s := c.finalizing[f.Obj]
		changed := false
		for _, cs := range calls[f.Obj] {
			for _, g := range cs.fns {
				t := c.finalizing[g]
				if t == nil {
					continue
				}
				for k := range t.adds {
					changed = record(s.adds, k, cs.call) || changed
				}
				for k := range t.removes {
					changed = record(s.removes, k, cs.call) || changed
				}
			}
		}
		return changed
	})
	for _, f := range c.funcs {
		s := c.finalizing[f.Obj]
		if !f.Obj.Exported() || len(s.adds)+len(s.removes) == 0 {
			continue
		}
		pass.ExportObjectFact(f.Obj, &finalizesFact{
			Adds:    slices.Sorted(maps.Keys(s.adds)),
			Removes: slices.Sorted(maps.Keys(s.removes)),
		})
	}
}

// record notes call as the first to reach kind, and reports whether that is
// new.
func record(m map[string]*ast.CallExpr, kind string, call *ast.CallExpr) bool {
	if kind == "" || m[kind] != nil {
		return false
	}
	m[kind] = call
	return true
}
