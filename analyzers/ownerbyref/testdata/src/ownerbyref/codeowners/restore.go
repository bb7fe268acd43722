// A Restore made a controlled child of its Database with metav1.NewControllerRef, whose controller then finds the Database by a name derived from its own.
package codeowners

import (
	"context"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Restore struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Restore) DeepCopyObject() runtime.Object   { return in }
func (in *Restore) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

var databaseKind = schema.GroupVersionKind{Group: "db.example.com", Version: "v1", Kind: "Database"}

func newRestore(db *Database) *Restore { // want newRestore:"owners\\(ownerbyref/codeowners.Database>ownerbyref/codeowners.Restore\\)"
	r := &Restore{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name + "-restore"}}
	r.OwnerReferences = append(r.OwnerReferences, *metav1.NewControllerRef(db, databaseKind))
	return r
}

type RestoreReconciler struct{ client.Client }

func (r *RestoreReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	restore := &Restore{}
	if err := r.Get(ctx, req.NamespacedName, restore); err != nil {
		return reconcile.Result{}, err
	}
	dbName := strings.TrimSuffix(req.Name, "-restore")
	db := &Database{}
	err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: dbName}, db) // want `Get of the owning Database by a name taken from the object's own name`
	return reconcile.Result{}, err
}
