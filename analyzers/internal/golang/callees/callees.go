// Package callees says which functions a call of an interface method may
// run: the methods in scope whose receiver types implement the interface,
// or are embedded in a type that does and whose method set selects them (a
// manager whose SetFinalizer is promoted from a struct it embeds).
// In scope means the package's own methods, and those of other packages
// that the asking analysis knows something about (a fact of its own), for a
// method of another package with no fact does nothing the analysis can
// see.
//
// children, deletionpath, depnotfound, waits and builders find
// implementations here, by one index of methods by name, built once per
// analysis and package, instead of scanning every fact at every call.
package callees

import (
	"go/types"
	"maps"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Methods indexes methods by name, each name's sorted by
// recognize.FuncKey.
type Methods struct {
	byName map[string][]*types.Func
	// pkgs are the packages of the indexed methods, whose named types
	// may embed the types that declare them (see embedders).
	pkgs map[*types.Package]bool
	// embedding maps a named type to the named types of pkgs whose
	// method sets hold its methods by embedding; built on first use,
	// once: an index is read by the rules that share an analysis's
	// result, concurrently.
	embedding     map[*types.Named][]*types.Named
	embeddingOnce sync.Once
}

// NewMethods indexes the methods among fns; functions without a receiver
// are left out.
func NewMethods(fns []*types.Func) *Methods {
	ms := &Methods{byName: make(map[string][]*types.Func)}
	for _, fn := range fns {
		ms.add(fn)
	}
	ms.sort()
	return ms
}

// Imported indexes the methods of other packages than pass's that have a
// fact of pass's analyzer for which keep reports true.
func Imported(pass *analysis.Pass, keep func(analysis.Fact) bool) *Methods {
	// The package's own types may embed the types of the methods.
	ms := &Methods{byName: make(map[string][]*types.Func), pkgs: map[*types.Package]bool{pass.Pkg: true}}
	for _, of := range pass.AllObjectFacts() {
		if fn, ok := of.Object.(*types.Func); ok && fn.Pkg() != pass.Pkg && keep(of.Fact) {
			ms.add(fn)
		}
	}
	ms.sort()
	return ms
}

func (ms *Methods) add(fn *types.Func) {
	if recognize.Receiver(fn) != nil && !slices.Contains(ms.byName[fn.Name()], fn) {
		ms.byName[fn.Name()] = append(ms.byName[fn.Name()], fn)
		if ms.pkgs == nil {
			ms.pkgs = make(map[*types.Package]bool)
		}
		ms.pkgs[fn.Pkg()] = true
	}
}

func (ms *Methods) sort() {
	for _, fns := range ms.byName {
		if len(fns) < 2 {
			continue
		}
		keys := make(map[*types.Func]string, len(fns))
		for _, fn := range fns {
			keys[fn] = recognize.FuncKey(fn)
		}
		slices.SortFunc(fns, func(a, b *types.Func) int { return strings.Compare(keys[a], keys[b]) })
	}
}

// Named returns the indexed methods named name, sorted by key. The slice
// is the index's own: callers must not change it.
func (ms *Methods) Named(name string) []*types.Func {
	if ms == nil {
		return nil
	}
	return ms.byName[name]
}

// Implementing returns the indexed methods that implement the interface
// method m (recognize.Implementation), sorted by key; nil when m is not
// an interface method.
func (ms *Methods) Implementing(m *types.Func) []*types.Func {
	if ms == nil || !recognize.IsInterfaceMethod(m) {
		return nil
	}
	var out []*types.Func
	for _, fn := range ms.byName[m.Name()] {
		if recognize.Implementation(fn, m) || ms.promoted(fn, m) {
			out = append(out, fn)
		}
	}
	return out
}

// promoted reports whether fn implements the interface method m as the
// method of a type that embeds fn's receiver type (a manager whose
// SetFinalizer comes from a struct it embeds): a type of the indexed
// methods' packages whose method set selects fn for m's name.
func (ms *Methods) promoted(fn, m *types.Func) bool {
	recv := recognize.Named(recognize.Unpointer(recognize.Receiver(fn)))
	if recv == nil || types.IsInterface(recv) {
		return false // an interface's method implements nothing
	}
	iface, _ := recognize.Receiver(m).Underlying().(*types.Interface)
	if iface == nil {
		return false
	}
	for _, t := range ms.embedders()[recv.Origin()] {
		if !recognize.Implements(t, iface) {
			continue
		}
		// The method set of *T holds T's: fn is the one selected when
		// no shallower field or method of that name hides it.
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), false, fn.Pkg(), fn.Name())
		if sel, ok := obj.(*types.Func); ok && sel.Origin() == fn.Origin() {
			return true
		}
	}
	return false
}

// embedders returns, for each named type, the named types declared at
// package level in ms.pkgs that embed it, directly or through other
// embedded fields.
func (ms *Methods) embedders() map[*types.Named][]*types.Named {
	ms.embeddingOnce.Do(ms.findEmbedders)
	return ms.embedding
}

func (ms *Methods) findEmbedders() {
	ms.embedding = make(map[*types.Named][]*types.Named)
	pkgs := slices.SortedFunc(maps.Keys(ms.pkgs), func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	for _, pkg := range pkgs {
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			t, ok := tn.Type().(*types.Named)
			if !ok || t.TypeParams().Len() > 0 {
				continue // a generic type implements nothing until instantiated
			}
			for _, e := range embedded(t, make(map[*types.Named]bool)) {
				ms.embedding[e] = append(ms.embedding[e], t)
			}
		}
	}
}

// embedded returns the named types t's struct embeds, directly or
// through the fields of those it embeds.
func embedded(t *types.Named, seen map[*types.Named]bool) []*types.Named {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || seen[t] {
		return nil
	}
	seen[t] = true
	var out []*types.Named
	for f := range st.Fields() {
		if !f.Embedded() {
			continue
		}
		if e := recognize.Named(recognize.Unpointer(f.Type())); e != nil && !seen[e.Origin()] {
			out = append(out, e.Origin())
			out = append(out, embedded(e.Origin(), seen)...)
		}
	}
	return out
}

// Implementations returns the methods of every index that implement the
// interface method m, sorted by key.
func Implementations(m *types.Func, indexes ...*Methods) []*types.Func {
	var out []*types.Func
	for _, ms := range indexes {
		out = append(out, ms.Implementing(m)...)
	}
	if len(indexes) > 1 {
		slices.SortFunc(out, func(a, b *types.Func) int { return strings.Compare(recognize.FuncKey(a), recognize.FuncKey(b)) })
		out = slices.Compact(out)
	}
	return out
}
