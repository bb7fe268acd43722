package builders

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
)

// A Primary is a kind a controller reconciles, as a call of its builder
// says.
type Primary struct {
	Kind string
	// At is the For call, or the Watches call of a builder without For.
	At *ast.CallExpr
	// Guessed reports that the builder has no For: every kind it
	// Watches may be the reconciled one.
	Guessed bool
}

// Primaries returns the kinds the chain's controller may reconcile: the
// kind of its For, or, for a builder without For (the reconciled object
// watched with Watches and a handler of its own), each kind it Watches.
func Primaries(info *types.Info, chain *Chain) []Primary {
	if chain.For != nil {
		if k := objkind.Of(ObjectArg(info, chain.For)); k != "" {
			return []Primary{{Kind: k, At: chain.For}}
		}
		return nil
	}
	var out []Primary
	seen := make(map[string]bool)
	for _, m := range [...]string{"Watches", "WatchesMetadata"} {
		for _, call := range chain.Method(info, m) {
			if k := objkind.Of(ObjectArg(info, call)); k != "" && !seen[k] {
				seen[k] = true
				out = append(out, Primary{Kind: k, At: call, Guessed: true})
			}
		}
	}
	return out
}

// Reconciler returns the type of the reconciler the chain is built for:
// the static type given to Complete or Build, or, when that is an
// interface (a setup function taking a reconcile.Reconciler, as
// operator-sdk's scaffolding of old writes), the package's only type with a
// Reconcile method; nil when that cannot be told.
func Reconciler(pkg *types.Package, chain *Chain) types.Type {
	if t := chain.Reconciler; t != nil && !types.IsInterface(t) {
		return t
	}
	var found types.Type
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		ptr := types.NewPointer(tn.Type())
		if obj, _, _ := types.LookupFieldOrMethod(ptr, true, pkg, "Reconcile"); obj == nil || types.IsInterface(tn.Type()) {
			continue
		} else if _, isFunc := obj.(*types.Func); !isFunc {
			continue
		}
		if found != nil {
			return nil // several reconcilers: no guess
		}
		found = ptr
	}
	return found
}
