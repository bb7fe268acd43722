package ownerwaits

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"blockownerdeletion/ownerwaits/api"
)

// crewScope holds what a pass read: the Crew and its Sailors.
type crewScope struct {
	crew    *api.Crew
	sailors []*api.Sailor
}

// CrewReconciler releases a Crew's finalizer only once none of its
// Sailors is left (deleting them meanwhile), and moves Sailors between
// Crews: a Crew cannot be gone before its Sailors.
type CrewReconciler struct {
	client.Client
}

func (r *CrewReconciler) reconcileDelete(ctx context.Context, s *crewScope) (ctrl.Result, error) {
	sailors := s.sailors
	if len(sailors) == 0 {
		controllerutil.RemoveFinalizer(s.crew, finalizer)
		return ctrl.Result{}, nil
	}
	for _, sl := range sailors {
		if err := r.Delete(ctx, sl); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *CrewReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &crewScope{crew: &api.Crew{}}
	if err := r.Get(ctx, req.NamespacedName, s.crew); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !s.crew.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, s)
	}
	return ctrl.Result{}, nil
}

func (r *CrewReconciler) transfer(ctx context.Context, sl *api.Sailor, from, to *api.Crew) error {
	sl.OwnerReferences = replaceOwner(sl.OwnerReferences, from, metav1.OwnerReference{
		APIVersion: "example.com/v1",
		Kind:       "Crew",
		Name:       to.Name,
		UID:        to.UID,
		Controller: ptr.To(true),
	})
	return r.Update(ctx, sl)
}
