// Package use exercises every spelling of a deletion test that controllers use.
package use

import (
	"isdeleting/ops"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func spellings(op *ops.Op, obj client.Object, d *appsv1.Deployment) {
	if op.IsDeleting() { // want "deleting=true"
	}
	if !op.IsDeleting() { // want "deleting=false"
	}
	if op.IsLive() { // want "deleting=false"
	}
	if obj.GetDeletionTimestamp() != nil { // want "deleting=true"
	}
	if nil == obj.GetDeletionTimestamp() { // want "deleting=false"
	}
	if obj.GetDeletionTimestamp().IsZero() { // want "deleting=false"
	}
	if !d.DeletionTimestamp.IsZero() { // want "deleting=true"
	}
	if d.ObjectMeta.DeletionTimestamp == nil { // want "deleting=false"
	}
	if ops.Deleting(d) == false { // want "deleting=false"
	}
	deleting := !obj.GetDeletionTimestamp().IsZero()
	if deleting { // want "deleting=true"
	}
	ts := d.GetDeletionTimestamp()
	if ts != nil { // want "deleting=true"
	}
	if ops.NotAWrapper(obj, true) {
	}
	changed := obj.GetDeletionTimestamp() != nil
	changed = false
	if changed {
	}
	if d.Generation == 0 {
	}
}
