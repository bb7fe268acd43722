// Package callees says which functions a call of an interface method may
// run: the methods in scope whose receiver types implement the interface.
// In scope means the package's own methods, and those of other packages
// that the asking analysis knows something about (a fact of its own), for a
// method of another package with no fact does nothing the analysis can
// see.
//
// children, deletionpath and depnotfound find implementations here, by one
// index of methods by name, built once per analysis and package, instead of
// scanning every fact at every call. (builders still scans its watch and
// source facts at the rare interface call that hands a builder on.)
package callees

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// Methods indexes methods by name, each name's sorted by
// recognize.FuncKey.
type Methods struct {
	byName map[string][]*types.Func
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
	ms := &Methods{byName: make(map[string][]*types.Func)}
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
		if recognize.Implementation(fn, m) {
			out = append(out, fn)
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
