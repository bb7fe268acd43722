// Package use reproduces an operator's reconcile helpers calling the resolvers of package facts from another package.
package use

import (
	"context"
	"errors"

	"depnotfound/facts"

	refs "github.com/GoogleCloudPlatform/k8s-config-connector/apis/refs/v1beta1"
	"github.com/GoogleCloudPlatform/k8s-config-connector/pkg/controller/lifecyclehandler"
	"github.com/deletionlint/deletionlint/runtime/deletion"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func calls(ctx context.Context, c client.Reader, obj client.Object, key types.NamespacedName, ref *refs.ComputeNetworkRef) {
	_ = facts.Wrapped(ctx, c, key) // want `produces deletion.NewDependencyNotFound`
	_ = facts.Literal(key)         // want `produces k8s.SecretNotFoundError`
	_ = facts.Plain(ctx, c, key)   // want `strict client.Reader.Get`
	_ = facts.Guarded(ctx, c, obj, key)
	_ = facts.WithCallback(ctx, c, key) // want `produces deletion.NewDependencyNotFound`
	_ = facts.WithHarmlessCallback(ctx)
	_ = refs.Normalize(ctx, c, ref, "")                       // want `produces k8s.NewReferenceNotFoundError`
	_, _ = ref.NormalizedExternal(ctx, c, "")                 // want `produces k8s.NewReferenceNotFoundError`
	_ = facts.Callback(ctx, func(ctx context.Context) error { // want `produces deletion.NewDependencyNotFound`
		return facts.Wrapped(ctx, c, key) // want `produces deletion.NewDependencyNotFound`
	})
}

// withRef holds a reference in a field; withoutRef holds none.
type withRef struct {
	Network *refs.ComputeNetworkRef
}

type withoutRef struct {
	Name string
}

// holders calls a function whose resolution depends on the value it is
// given holding a refs.Ref.
func holders(ctx context.Context, c client.Reader, v any) {
	_ = facts.AnyRef(ctx, c, &refs.ComputeNetworkRef{}) // want `produces k8s.NewReferenceNotFoundError`
	_ = facts.AnyRef(ctx, c, &withRef{})                // want `produces k8s.NewReferenceNotFoundError`
	_ = facts.AnyRef(ctx, c, v)                         // want `produces k8s.NewReferenceNotFoundError`
	_ = facts.AnyRef(ctx, c, &withoutRef{})             // want `strict client.Reader.Get`
}

func classify(err error) {
	_ = facts.IsMissingOrUnready(err)                     // want `classifier`
	_, _ = lifecyclehandler.CausedByUnresolvableDeps(err) // want `classifier`
	_ = deletion.IsDependencyNotFound(err)                // want `classifier`
	_ = facts.IsConflict(err)
}

// sources tests another package's error values: the one a not-found
// leaves as classifies, the other does not.
func sources(ctx context.Context, c client.Reader, key types.NamespacedName) bool {
	err := facts.Source(ctx, c, key)              // want `strict client.Reader.Get`
	return errors.Is(err, facts.ErrSourceGone) || // want `classifier`
		errors.Is(err, facts.ErrSourceBad)
}
