// Package dbapi reproduces the operator's API package, whose custom resource has a method that makes it the controller of the metadata it is given, through the utility package.
package dbapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"ownschildren/metaowner/meta"
)

type Database struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func (in *Database) DeepCopyObject() runtime.Object { return in }

// SetOwnership makes the database the controller of controlled.
func (in *Database) SetOwnership(controlled *metav1.ObjectMeta) {
	meta.SetAsOwnedBy(controlled, in.ObjectMeta, metav1.TypeMeta{APIVersion: "db.example.com/v1", Kind: "Database"})
}

// Schedule makes databases' backups on a schedule.
type Schedule struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Database string
}

func (in *Schedule) DeepCopyObject() runtime.Object { return in }
