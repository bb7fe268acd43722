// Package recognizers reproduces the spellings of finalizer removal, owner
// and dependency lookups and not-found tests that controllers use.
package recognizers

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	clusterv1 "sigs.k8s.io/cluster-api/api/v1beta1"
	"sigs.k8s.io/cluster-api/util"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/deletionlint/deletionlint/runtime/deletion"
	"github.com/deletionlint/deletionlint/runtime/finalizer"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

func removals(ctx context.Context, c client.Client, obj *corev1.ConfigMap, fins []string) {
	controllerutil.RemoveFinalizer(obj, "a")                          // want `removal object=obj name="a"`
	_ = finalizer.Remove(ctx, c, obj, "b")                            // want `removal object=obj name="b" helper`
	_, _ = finalizer.Runner{Client: c, Name: "c"}.Reconcile(ctx, obj) // want `removal object=obj name="c" helper`
	obj.SetFinalizers(nil)                                            // want `removal object=obj`
	obj.SetFinalizers(append(obj.GetFinalizers(), "d"))               // want `add`
	controllerutil.AddFinalizer(obj, "e")                             // want `add`
	_ = finalizer.Add(ctx, c, obj, "f")                               // want `add`
}

func lookups(ctx context.Context, c client.Client, req ctrl.Request, obj *corev1.ConfigMap) {
	_ = c.Get(ctx, req.NamespacedName, obj)                            // want `lookup get request-key`
	_ = c.Get(ctx, client.ObjectKey{Name: obj.Name}, &corev1.Secret{}) // want `lookup get`
	_, _ = util.GetOwnerCluster(ctx, c, obj.ObjectMeta)                // want `lookup owner Cluster`
	_, _ = util.GetClusterByName(ctx, c, "ns", "name")                 // want `lookup get Cluster`
	_ = ownership.GetOwner(ctx, c, obj, &clusterv1.Cluster{})          // want `lookup owner-error`
}

// errNotHolder is another error a caller may go on from.
var errNotHolder = errors.New("not the holder")

func tests(err error, x *clusterv1.Cluster) {
	_ = apierrors.IsNotFound(err)                                    // want `not-found when=true exact`
	_ = !apierrors.IsNotFound(err)                                   // want `not-found when=false exact`
	_ = deletion.IsDependencyNotFound(err)                           // want `not-found when=true exact`
	_ = errors.Is(err, ownership.ErrOwnerGone)                       // want `not-found when=true exact`
	_ = client.IgnoreNotFound(err) != nil                            // want `not-found when=false`
	_ = client.IgnoreNotFound(err) == nil                            // want `not-found when=true`
	_ = apierrors.IsNotFound(err) == false                           // want `not-found when=false exact`
	_ = apierrors.IsNotFound(err) || errors.Is(err, errNotHolder)    // want `not-found when=true`
	_ = errors.Is(err, errNotHolder) || apierrors.IsNotFound(err)    // want `not-found when=true`
	_ = !(apierrors.IsNotFound(err) || errors.Is(err, errNotHolder)) // want `not-found when=false`
	_ = !apierrors.IsNotFound(err) || errors.Is(err, errNotHolder)
	_ = x == nil // want `nil when=true`
	_ = nil != x // want `nil when=false`
}
