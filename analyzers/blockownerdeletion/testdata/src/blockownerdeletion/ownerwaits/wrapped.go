package ownerwaits

import (
	"context"
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/ownerwaits/api"
	"blockownerdeletion/ownerwaits/refs"
)

// A Convoy's reconcile runs phases that are closures made by wrappers
// around method values (each wrapper adds context to the phase's error):
// a listing phase gathers the Convoy's Trucks into a scope, and the
// deletion phase releases the finalizer only once none is left. A Truck
// moved to another Convoy gets its controller reference through a helper
// that edits the list in place; the Convoy waits for its Trucks, so the
// reference needs no blockOwnerDeletion.

type convoyScope struct {
	convoy *api.Convoy
	trucks []*api.Truck
}

type convoyStep func(ctx context.Context, s *convoyScope) (ctrl.Result, bool, error)

type convoyFunc func(ctx context.Context, s *convoyScope) (ctrl.Result, error)

func wrapStep(f convoyStep, msg string) convoyStep {
	return func(ctx context.Context, s *convoyScope) (ctrl.Result, bool, error) {
		res, stop, err := f(ctx, s)
		if err != nil {
			err = fmt.Errorf("%s: %w", msg, err)
		}
		return res, stop, err
	}
}

func wrapFunc(f convoyFunc, msg string) convoyStep {
	return func(ctx context.Context, s *convoyScope) (ctrl.Result, bool, error) {
		res, err := f(ctx, s)
		if err != nil {
			err = fmt.Errorf("%s: %w", msg, err)
		}
		return res, false, err
	}
}

type ConvoyReconciler struct {
	client.Client
}

func (r *ConvoyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &api.Convoy{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &convoyScope{convoy: c}
	always := []convoyStep{wrapStep(r.listTrucks, "listing trucks")}
	if !c.DeletionTimestamp.IsZero() {
		return runSteps(ctx, s, append(always, wrapFunc(r.deleteConvoy, "deleting")))
	}
	return runSteps(ctx, s, append(always, wrapFunc(r.normalConvoy, "reconciling")))
}

func runSteps(ctx context.Context, s *convoyScope, steps []convoyStep) (ctrl.Result, error) {
	var errs []error
	for _, step := range steps {
		res, stop, err := step(ctx, s)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if stop || !res.IsZero() {
			return res, errors.Join(errs...)
		}
	}
	return ctrl.Result{}, errors.Join(errs...)
}

func (r *ConvoyReconciler) listTrucks(ctx context.Context, s *convoyScope) (ctrl.Result, bool, error) {
	list := &api.TruckList{}
	if err := r.List(ctx, list, client.InNamespace(s.convoy.Namespace), client.MatchingLabels{"convoy": s.convoy.Name}); err != nil {
		return ctrl.Result{}, true, err
	}
	found := make([]*api.Truck, 0, len(list.Items))
	for i := range list.Items {
		found = append(found, &list.Items[i])
	}
	s.trucks = found
	return ctrl.Result{}, false, nil
}

func (r *ConvoyReconciler) deleteConvoy(ctx context.Context, s *convoyScope) (ctrl.Result, error) {
	trucks := s.trucks
	if len(trucks) == 0 {
		controllerutil.RemoveFinalizer(s.convoy, finalizer)
		return ctrl.Result{}, nil
	}
	for _, t := range trucks {
		if err := r.Delete(ctx, t); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil // the Trucks' deletions bring the Convoy back
}

func (r *ConvoyReconciler) normalConvoy(ctx context.Context, s *convoyScope) (ctrl.Result, error) {
	for _, t := range s.trucks {
		if t.Labels["move-to"] != "" {
			if err := r.moveTruck(ctx, t, s.convoy, t.Labels["move-to"]); err != nil {
				return ctrl.Result{}, err
			}
		}
	}
	controllerutil.AddFinalizer(s.convoy, finalizer)
	return ctrl.Result{}, nil
}

// moveTruck hands a Truck over to another Convoy.
func (r *ConvoyReconciler) moveTruck(ctx context.Context, t *api.Truck, from *api.Convoy, name string) error {
	to := &api.Convoy{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: from.Namespace, Name: name}, to); err != nil {
		return err
	}
	orig := t.DeepCopy()
	t.OwnerReferences = refs.Swap(t.OwnerReferences, from, metav1.OwnerReference{
		APIVersion: "example.com/v1",
		Kind:       "Convoy",
		Name:       to.Name,
		UID:        to.UID,
		Controller: ptr.To(true),
	})
	return r.Patch(ctx, t, client.MergeFrom(orig))
}
