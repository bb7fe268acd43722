// Package controllerruntime is a stub of sigs.k8s.io/controller-runtime
// v0.14 (imported as ctrl), vendored by github.com/example/crv014, an
// operator module on a controller-runtime from before its typed builder,
// handlers, predicates and sources (v0.18). Only the packages whose API
// differs from the current stubs are vendored; the others resolve to them.
package controllerruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Builder = builder.Builder
type Request = reconcile.Request
type Result = reconcile.Result
type Manager = manager.Manager

var (
	NewControllerManagedBy = builder.ControllerManagedBy
	SetControllerReference = controllerutil.SetControllerReference
	CreateOrUpdate         = controllerutil.CreateOrUpdate
)
