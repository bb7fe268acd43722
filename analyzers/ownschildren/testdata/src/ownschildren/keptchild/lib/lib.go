// Package lib is a synchronisation library an operator depends on: its
// constructors keep the objects they are given (client.Object values) in
// the fields of a struct they return as an interface, and the struct's Sync
// method does the work later, wherever it is called from.
package lib

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Syncer brings one object to its desired state.
type Syncer interface {
	Sync(ctx context.Context) error
}

type childSyncer struct {
	Parent client.Object
	Child  client.Object
	c      client.Client
	scheme *runtime.Scheme
}

// NewChildSyncer returns a Syncer that creates or updates child, controlled
// by parent.
func NewChildSyncer(parent, child client.Object, c client.Client, scheme *runtime.Scheme) Syncer { // want NewChildSyncer:`children\(keeps param 1 in field Child keeps param 0 in field Parent owns param 1 kept for param 0 blocking creates param 1\)`
	return &childSyncer{Parent: parent, Child: child, c: c, scheme: scheme}
}

func (s *childSyncer) Sync(ctx context.Context) error { // want Sync:`children\(creates objects of unknown kind\)`
	_, err := controllerutil.CreateOrUpdate(ctx, s.c, s.Child, func() error {
		return controllerutil.SetControllerReference(s.Parent, s.Child, s.scheme)
	})
	return err
}

type labelCopier struct {
	From, To client.Object
	c        client.Client
}

// NewLabelCopier returns a Syncer that copies from's labels to to, an
// object that exists: no owner reference, nothing created.
func NewLabelCopier(from, to client.Object, c client.Client) Syncer { // want NewLabelCopier:`children\(keeps param 0 in field From keeps param 1 in field To\)`
	return &labelCopier{From: from, To: to, c: c}
}

func (l *labelCopier) Sync(ctx context.Context) error {
	l.To.SetLabels(l.From.GetLabels())
	return l.c.Update(ctx, l.To)
}

// SyncAll runs syncers in order and stops at the first error.
func SyncAll(ctx context.Context, syncers ...Syncer) error { // want SyncAll:`children\(creates objects of unknown kind\)`
	for _, s := range syncers {
		if err := s.Sync(ctx); err != nil {
			return err
		}
	}
	return nil
}
