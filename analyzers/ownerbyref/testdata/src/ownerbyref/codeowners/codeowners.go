// An operator whose Database controller makes each Backup a controlled child, and whose Backup controller then finds its Database by spec.databaseName or a label instead of the controller reference. // want package:`byName\(; 2 pairs\)`
package codeowners

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Database struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Database) DeepCopyObject() runtime.Object   { return in }
func (in *Database) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type Backup struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec BackupSpec
}

type BackupSpec struct {
	DatabaseName string
}

func (in *Backup) DeepCopyObject() runtime.Object   { return in }
func (in *Backup) GetObjectKind() schema.ObjectKind { return &in.TypeMeta }

type DatabaseReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *DatabaseReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want Reconcile:"owners\\(ownerbyref/codeowners.Database>ownerbyref/codeowners.Backup\\)"
	db := &Database{}
	if err := r.Get(ctx, req.NamespacedName, db); err != nil {
		return reconcile.Result{}, err
	}
	backup := &Backup{}
	// Its own child, by the name it gives it.
	if err := r.Get(ctx, client.ObjectKey{Namespace: db.Namespace, Name: db.Name + "-backup"}, backup); err != nil {
		backup = &Backup{ObjectMeta: metav1.ObjectMeta{Namespace: db.Namespace, Name: db.Name + "-backup"}, Spec: BackupSpec{DatabaseName: db.Name}}
		if err := controllerutil.SetControllerReference(db, backup, r.Scheme); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, r.Create(ctx, backup)
	}
	return reconcile.Result{}, nil
}

type BackupReconciler struct{ client.Client }

func (r *BackupReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	backup := &Backup{}
	if err := r.Get(ctx, req.NamespacedName, backup); err != nil {
		return reconcile.Result{}, err
	}
	db := &Database{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: backup.Namespace, Name: backup.Spec.DatabaseName}, db); err != nil { // want `Get of the owning Database by a name taken from the object's spec: .*metav1.GetControllerOf or ownership.GetOwner`
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.backup(ctx, backup)
}

func (r *BackupReconciler) backup(ctx context.Context, backup *Backup) error {
	name, ok := backup.GetLabels()["db.example.com/database"]
	if !ok {
		return nil
	}
	return r.Get(ctx, client.ObjectKey{Namespace: backup.Namespace, Name: name}, &Database{}) // want `Get of the owning Database by a name taken from a label of the object`
}
