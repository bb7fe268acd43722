package stream

import (
	"fmt"
	"go/types"
	"log"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// factView is what one action sees of its analyzer's facts: those it
// exports, and those the checker's action would inherit from the actions
// on the package's dependencies. The checker copies the facts of each
// dependency into every action that imports it, keeping on the way those
// about objects still visible from the importing package (its
// exportedFrom); here they stay with the package that exported them and
// the same rule is applied when they are read:
//
//   - a fact about an object of a direct import is seen when
//     exportedFrom(object, import) holds: exported functions, methods,
//     variables, fields, types and constants;
//   - a fact about an object of an indirect dependency is seen when it
//     holds at every step of the way: methods, fields, types and
//     constants;
//   - a fact about a package is seen in every package that depends on it.
//
// Once the analyzer's Run has returned, the pass is complete and its facts
// may no longer be read or written (see analysis.Pass): every method then
// panics, so that a result that still reads facts, from inside the rules
// that share it, fails in every run rather than in the drivers that enforce
// it.
type factView struct {
	run  *Run
	k    *pkg
	a    *analysis.Analyzer
	own  *facts
	pass *analysis.Pass
	done bool // Run has returned
}

// check panics when Run has returned.
func (v *factView) check(method string) {
	if v.done {
		log.Panicf("%s: Pass.%s called after Run", v.a, method)
	}
}

// logMu serialises the fact log of parallel actions.
var logMu sync.Mutex

// lookup returns the package of types p among the dependencies of v's
// package that have actions, nil if there is none.
func (v *factView) lookup(p *types.Package) *pkg {
	v.run.byTypesMu.Lock()
	d := v.run.byTypes[p]
	v.run.byTypesMu.Unlock()
	if d == nil || !v.k.deps.has(d.index) {
		return nil
	}
	return d
}

// visible reports whether a fact about obj, exported by the analysis of
// package d, is seen from v's package.
func (v *factView) visible(obj types.Object, d *pkg) bool {
	if v.k.direct.has(d.index) {
		return exportedFrom(obj, d.p.Types)
	}
	return deep(obj)
}

func (v *factView) importObjectFact(obj types.Object, ptr analysis.Fact) bool {
	v.check("ImportObjectFact")
	if obj == nil {
		panic("nil object")
	}
	key := objectFactKey{obj, factType(ptr)}
	var f analysis.Fact
	if obj.Pkg() == v.pass.Pkg {
		f = v.own.objects[key]
	} else if d := v.lookup(obj.Pkg()); d != nil && d.facts[v.a] != nil && v.visible(obj, d) {
		f = d.facts[v.a].objects[key]
	}
	if f == nil {
		return false
	}
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
	return true
}

func (v *factView) exportObjectFact(obj types.Object, f analysis.Fact) {
	v.check("ExportObjectFact")
	if obj.Pkg() != v.pass.Pkg {
		log.Panicf("internal error: in analysis %s of package %s: Fact.Set(%s, %T): can't set facts on objects belonging another package",
			v.a, v.pass.Pkg.Path(), obj, f)
	}
	if v.own.objects == nil {
		v.own.objects = make(map[objectFactKey]analysis.Fact)
	}
	v.own.objects[objectFactKey{obj, factType(f)}] = f
	if w := v.run.opts.FactLog; w != nil {
		logMu.Lock()
		fmt.Fprintf(w, "%s: object %s has fact %s\n", v.pass.Fset.Position(obj.Pos()), types.ObjectString(obj, (*types.Package).Name), f)
		logMu.Unlock()
	}
}

func (v *factView) importPackageFact(p *types.Package, ptr analysis.Fact) bool {
	v.check("ImportPackageFact")
	if p == nil {
		panic("nil package")
	}
	var f analysis.Fact
	if p == v.pass.Pkg {
		f = v.own.packages[factType(ptr)]
	} else if d := v.lookup(p); d != nil && d.facts[v.a] != nil {
		f = d.facts[v.a].packages[factType(ptr)]
	}
	if f == nil {
		return false
	}
	reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
	return true
}

func (v *factView) exportPackageFact(f analysis.Fact) {
	v.check("ExportPackageFact")
	if v.own.packages == nil {
		v.own.packages = make(map[reflect.Type]analysis.Fact)
	}
	v.own.packages[factType(f)] = f
	if w := v.run.opts.FactLog; w != nil {
		logMu.Lock()
		fmt.Fprintf(w, "%s: package %s has fact %s\n", v.pass.Fset.Position(v.pass.Files[0].Pos()), v.pass.Pkg.Path(), f)
		logMu.Unlock()
	}
}

// deps calls f for each dependency of v's package that has actions, and
// the facts v's analyzer exported on it.
func (v *factView) deps(f func(d *pkg, fs *facts)) {
	for _, d := range v.run.order {
		if v.k.deps.has(d.index) {
			if fs := d.facts[v.a]; fs != nil {
				f(d, fs)
			}
		}
	}
}

func (v *factView) allObjectFacts() []analysis.ObjectFact {
	v.check("AllObjectFacts")
	var out []analysis.ObjectFact
	for key, f := range v.own.objects {
		out = append(out, analysis.ObjectFact{Object: key.obj, Fact: f})
	}
	v.deps(func(d *pkg, fs *facts) {
		for key, f := range fs.objects {
			if v.visible(key.obj, d) {
				out = append(out, analysis.ObjectFact{Object: key.obj, Fact: f})
			}
		}
	})
	return out
}

func (v *factView) allPackageFacts() []analysis.PackageFact {
	v.check("AllPackageFacts")
	var out []analysis.PackageFact
	for _, f := range v.own.packages {
		out = append(out, analysis.PackageFact{Package: v.pass.Pkg, Fact: f})
	}
	v.deps(func(d *pkg, fs *facts) {
		for _, f := range fs.packages {
			out = append(out, analysis.PackageFact{Package: d.p.Types, Fact: f})
		}
	})
	return out
}

// exportedFrom reports whether obj may be visible to a package that imports
// pkg; it is the checker's rule, an over-approximation of what export data
// holds.
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// deep reports whether exportedFrom(obj, p) holds for every package p on
// the way from obj's package to an indirect importer: whatever p is.
func deep(obj types.Object) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField()
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

func factType(f analysis.Fact) reflect.Type {
	t := reflect.TypeOf(f)
	if t.Kind() != reflect.Pointer {
		log.Fatalf("invalid Fact type: got %T, want pointer", f)
	}
	return t
}

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) union(o bitset) {
	for i := range o {
		b[i] |= o[i]
	}
}
