// Reproduces a deletion that waits for its workers through a helper whose
// "done" is true only once the List of worker Pods comes back empty; on
// that last pass the helper also deletes the workers' shared Secret before
// it says done. A Secret carries no finalizer that can hold it, so "done"
// after its Delete leaves nothing behind; the Pods are waited for.
// A second helper chains the same wait with one that only deletes Secrets
// and hands on its "done".
package observed

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type Crew struct {
	client.Client
}

func (r *Crew) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	done, err := r.dismiss(ctx, obj)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !done {
		return ctrl.Result{}, nil // the Pods' deletion events come back
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// Squad is Crew with both waits chained in one helper.
type Squad struct {
	Crew
}

func (r *Squad) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if done, err := r.dismissAll(ctx, obj); err != nil || !done {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(obj, finalizerName)
	return ctrl.Result{}, r.Update(ctx, obj)
}

// dismiss deletes the crew's Pods and reports done only when none is left,
// deleting the shared Secret on that last pass.
func (r *Crew) dismiss(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods, client.InNamespace(obj.Namespace), client.MatchingLabels{"crew": obj.Name}); err != nil {
		return false, err
	}
	if len(pods.Items) == 0 {
		if err := r.dropSecret(ctx, obj); err != nil {
			return false, err
		}
		return true, nil
	}
	var errs []error
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); client.IgnoreNotFound(err) != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return false, errs[0]
	}
	return false, nil
}

func (r *Crew) dropSecret(ctx context.Context, obj *corev1.ConfigMap) error {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: obj.Namespace, Name: obj.Name + "-shared"}}
	return client.IgnoreNotFound(r.Delete(ctx, s))
}

// dismissAll waits for the Pods again, then for the Secrets, handing on
// the Secrets' helper's "done".
func (r *Crew) dismissAll(ctx context.Context, obj *corev1.ConfigMap) (done bool, err error) {
	done, err = r.dismiss(ctx, obj)
	if err != nil || !done {
		return false, err
	}
	done, err = r.dropSecrets(ctx, obj)
	if err != nil {
		return false, err
	}
	return done, nil
}

// dropSecrets deletes the crew's Secrets and reports done only when none is
// left.
func (r *Crew) dropSecrets(ctx context.Context, obj *corev1.ConfigMap) (bool, error) {
	secrets := &corev1.SecretList{}
	if err := r.List(ctx, secrets, client.InNamespace(obj.Namespace), client.MatchingLabels{"crew": obj.Name}); err != nil {
		return false, err
	}
	if len(secrets.Items) == 0 {
		return true, nil
	}
	for i := range secrets.Items {
		if err := r.Delete(ctx, &secrets.Items[i]); client.IgnoreNotFound(err) != nil {
			return false, err
		}
	}
	return false, nil
}
