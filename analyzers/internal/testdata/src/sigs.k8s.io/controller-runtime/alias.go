// Package controllerruntime is a stub of sigs.k8s.io/controller-runtime (imported as ctrl).
package controllerruntime

import (
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
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
	LoggerFrom             = log.FromContext
)
