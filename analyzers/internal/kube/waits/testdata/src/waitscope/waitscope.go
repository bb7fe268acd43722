// Package waitscope reproduces a deletion that waits for the objects a // want package:`waits ConfigMap->PersistentVolumeClaim ConfigMap->Pod ServiceAccount~>Pod`
// scope of another package lists: a ConfigMap keeps its finalizer while
// the Pods or claims of its namespace are left; a ServiceAccount while
// the Pods the scope keeps of them are (a partial wait); a Secret's deletion
// only logs the scope's name (no wait).
package waitscope

import (
	"context"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"waitscope/scope"
)

const finalizer = "example.com/wait"

type R struct {
	client.Client
}

func (r *R) ConfigMap(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) { // want ConfigMap:"lists PersistentVolumeClaim Pod"
	if cm.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pods, claims, err := scope.New(r.Client, cm.Namespace).Members(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if len(pods) > 0 || len(claims) > 0 {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

func (r *R) Secret(ctx context.Context, s *corev1.Secret) (ctrl.Result, error) {
	if s.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if name := scope.New(r.Client, s.Namespace).Name(); name == "" {
		log.Print("no scope")
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(s, finalizer)
	return ctrl.Result{}, r.Update(ctx, s)
}

func (r *R) ServiceAccount(ctx context.Context, sa *corev1.ServiceAccount) (ctrl.Result, error) { // want ServiceAccount:"lists partly Pod"
	if sa.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	pods, err := scope.New(r.Client, sa.Namespace).Labelled(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	if len(pods) > 0 {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(sa, finalizer)
	return ctrl.Result{}, r.Update(ctx, sa)
}
