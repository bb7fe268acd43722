// Package waitshapes reproduces the waits of deletion code: a ConfigMap // want package:`waits ConfigMap->Pod LimitRange->Pod Node->ConfigMap PersistentVolumeClaim->Pod ReplicationController->Pod Secret->Service Service->ConfigMap Service->Pod ServiceAccount->Secret`
// whose deletion lists Pods and requeues while any is left, through a
// helper that lists them; a Secret whose deletion requeues while a
// looked-up Service is there; a ServiceAccount whose deletion releases its
// finalizer only once the Secrets its scope holds are none; and a
// Namespace whose deletion lists Pods only to log them, and an Endpoints
// whose removal waits for an empty list of names (no waits); a
// PersistentVolumeClaim whose deletion lists Pods through a typed clientset;
// a Node whose deletion lists ConfigMaps through a lister of all namespaces;
// a Service whose deletion releases its finalizer only once two collections
// of objects, filled by an earlier step, are both empty. A listing whose
// only test is its error waits for nothing (a ResourceQuota's helper, a
// PersistentVolume's typed List), unless the function called returns an
// error while objects are left (a LimitRange's helper).
package waitshapes

import (
	"context"
	"fmt"
	"log"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	listers "k8s.io/client-go/listers/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/wait"

type R struct {
	client.Client
	svc *corev1.Service
}

func (r *R) ConfigMap(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) { // want ConfigMap:"lists Pod"
	if cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if pods, err := r.pods(ctx, cm.Namespace); err != nil || len(pods) > 0 {
		return ctrl.Result{Requeue: true}, err
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

func (r *R) pods(ctx context.Context, ns string) ([]corev1.Pod, error) { // want pods:"lists Pod"
	list := &corev1.PodList{}
	err := r.List(ctx, list, client.InNamespace(ns))
	return list.Items, err
}

func (r *R) Secret(ctx context.Context, s *corev1.Secret) (ctrl.Result, error) {
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if r.svc != nil {
		return ctrl.Result{Requeue: true}, nil
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

func (r *R) Namespace(ctx context.Context, ns *corev1.Namespace) (ctrl.Result, error) { // want Namespace:"lists Pod"
	if ns.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	eps := &corev1.PodList{}
	if err := r.List(ctx, eps); err == nil {
		log.Printf("%d pods left", len(eps.Items))
	}
	controllerutil.RemoveFinalizer(ns, finalizer)
	return ctrl.Result{}, r.Update(ctx, ns)
}

// saScope holds what a pass read about a ServiceAccount: its token Secrets.
type saScope struct {
	sa      *corev1.ServiceAccount
	secrets []*corev1.Secret
}

func (r *R) ServiceAccount(ctx context.Context, s *saScope) (ctrl.Result, error) {
	if s.sa.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	secrets := s.secrets
	if len(secrets) == 0 {
		controllerutil.RemoveFinalizer(s.sa, finalizer)
		return ctrl.Result{}, r.Update(ctx, s.sa)
	}
	for _, sec := range secrets {
		if err := r.Delete(ctx, sec); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{Requeue: true}, nil
}

func (r *R) Endpoints(ctx context.Context, ep *corev1.Endpoints, names []string) (ctrl.Result, error) {
	if ep.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if len(names) == 0 {
		controllerutil.RemoveFinalizer(ep, finalizer)
		return ctrl.Result{}, r.Update(ctx, ep)
	}
	return ctrl.Result{Requeue: true}, nil
}

// Claim lists Pods through a typed clientset and requeues while any is
// left.
func (r *R) Claim(ctx context.Context, pvc *corev1.PersistentVolumeClaim, kube kubernetes.Interface) (ctrl.Result, error) { // want Claim:"lists Pod"
	if pvc.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pods, err := kube.CoreV1().Pods(pvc.Namespace).List(ctx, metav1.ListOptions{})
	if err != nil || len(pods.Items) > 0 {
		return ctrl.Result{Requeue: true}, err
	}
	controllerutil.RemoveFinalizer(pvc, finalizer)
	return ctrl.Result{}, r.Update(ctx, pvc)
}

// Drain lists ConfigMaps through a lister of all namespaces and requeues
// while any is left.
func (r *R) Drain(ctx context.Context, n *corev1.Node, cms listers.ConfigMapLister) (ctrl.Result, error) { // want Drain:"lists ConfigMap"
	if n.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	left, err := cms.List(labels.Everything())
	if err != nil || len(left) > 0 {
		return ctrl.Result{Requeue: true}, err
	}
	controllerutil.RemoveFinalizer(n, finalizer)
	return ctrl.Result{}, r.Update(ctx, n)
}

// svcState holds what an earlier step of a pass listed for a Service.
type svcState struct {
	svc        *corev1.Service
	pods       []corev1.Pod
	configMaps []corev1.ConfigMap
	notes      []string
}

func (r *R) Service(ctx context.Context, st *svcState) (ctrl.Result, error) {
	if st.svc.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if len(st.notes) == 0 && len(st.pods) == 0 && len(st.configMaps) == 0 {
		controllerutil.RemoveFinalizer(st.svc, finalizer)
		return ctrl.Result{}, r.Update(ctx, st.svc)
	}
	return ctrl.Result{Requeue: true}, nil
}

// ResourceQuota's deletion hands its Pods to a helper that lists them and
// relabels each, and tests only the helper's error: the helper fails when
// the API server does, not while Pods are left, so this is no wait.
func (r *R) ResourceQuota(ctx context.Context, q *corev1.ResourceQuota) (ctrl.Result, error) { // want ResourceQuota:"^lists Pod$"
	if q.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.relabelPods(ctx, q.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(q, finalizer)
	return ctrl.Result{}, r.Update(ctx, q)
}

func (r *R) relabelPods(ctx context.Context, ns string) error { // want relabelPods:"^lists Pod$"
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range pods.Items {
		delete(pods.Items[i].Labels, "quota")
		if err := r.Update(ctx, &pods.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// LimitRange's deletion tests only a helper's error too, but the helper
// returns one while Pods are left: a wait for them.
func (r *R) LimitRange(ctx context.Context, lr *corev1.LimitRange) (ctrl.Result, error) { // want LimitRange:"^lists Pod waits Pod$"
	if lr.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.drainPods(ctx, lr.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(lr, finalizer)
	return ctrl.Result{}, r.Update(ctx, lr)
}

func (r *R) drainPods(ctx context.Context, ns string) error { // want drainPods:"^lists Pod waits Pod$"
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods, client.InNamespace(ns)); err != nil {
		return err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); client.IgnoreNotFound(err) != nil {
			return err
		}
	}
	if left := len(pods.Items); left > 0 {
		return fmt.Errorf("waiting for %d pods", left)
	}
	return nil
}

// PersistentVolume's deletion lists Pods through a typed clientset and
// returns only when the listing fails: no wait.
func (r *R) PersistentVolume(ctx context.Context, pv *corev1.PersistentVolume, kube kubernetes.Interface) (ctrl.Result, error) { // want PersistentVolume:"^lists Pod$"
	if pv.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if _, err := kube.CoreV1().Pods("").List(ctx, metav1.ListOptions{}); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(pv, finalizer)
	return ctrl.Result{}, r.Update(ctx, pv)
}

// ReplicationController's deletion lists Pods in its condition's init and
// requeues while any is left: a wait.
func (r *R) ReplicationController(ctx context.Context, rc *corev1.ReplicationController) (ctrl.Result, error) { // want ReplicationController:"^lists Pod waits Pod$"
	if rc.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pods := &corev1.PodList{}
	if err := r.List(ctx, pods, client.InNamespace(rc.Namespace)); err != nil || len(pods.Items) > 0 {
		return ctrl.Result{Requeue: true}, err
	}
	controllerutil.RemoveFinalizer(rc, finalizer)
	return ctrl.Result{}, r.Update(ctx, rc)
}
