// Package steps holds the stages of the Memcached reconciler, one type a
// stage, each creating its own kind of child.
package steps

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

// Stage is one step of a Memcached's reconciliation.
type Stage interface {
	Run(ctx context.Context, m *cachev1.Memcached) error
}

// desiredService returns the Memcached's Service as the operator wants it,
// its controller reference set: for the stage that creates it and for the
// one that only reads it.
func desiredService(m *cachev1.Memcached, c client.Client) *corev1.Service {
	svc := &corev1.Service{}
	svc.Name, svc.Namespace = m.Name, m.Namespace
	_ = controllerutil.SetControllerReference(m, svc, c.Scheme())
	return svc
}

type endpointStage struct{ c client.Client }

// NewEndpointStage returns the stage that reads the Service's address into
// the Memcached's status: it creates nothing.
func NewEndpointStage(c client.Client) Stage { return &endpointStage{c: c} }

func (s *endpointStage) Run(ctx context.Context, m *cachev1.Memcached) error {
	svc := desiredService(m, s.c)
	return s.c.Get(ctx, client.ObjectKeyFromObject(svc), svc)
}

type serviceStage struct{ c client.Client }

// NewServiceStage returns the stage that keeps the Memcached's Service.
func NewServiceStage(c client.Client) Stage { return &serviceStage{c: c} }

func (s *serviceStage) Run(ctx context.Context, m *cachev1.Memcached) error {
	svc := desiredService(m, s.c)
	_, err := controllerutil.CreateOrUpdate(ctx, s.c, svc, func() error { return nil })
	return err
}

type secretStage struct{ c client.Client }

// NewSecretStage returns the stage that keeps the Memcached's Secret.
func NewSecretStage(c client.Client) Stage { return &secretStage{c: c} }

func (s *secretStage) Run(ctx context.Context, m *cachev1.Memcached) error {
	sec := &corev1.Secret{}
	sec.Name, sec.Namespace = m.Name+"-auth", m.Namespace
	if err := controllerutil.SetControllerReference(m, sec, s.c.Scheme()); err != nil {
		return err
	}
	return client.IgnoreAlreadyExists(s.c.Create(ctx, sec))
}

type deploymentStage struct{ c client.Client }

// NewDeploymentStage returns the stage that keeps the Memcached's
// Deployment, which the controller watches.
func NewDeploymentStage(c client.Client) Stage { return &deploymentStage{c: c} }

func (s *deploymentStage) Run(ctx context.Context, m *cachev1.Memcached) error {
	dep := &appsv1.Deployment{}
	dep.Name, dep.Namespace = m.Name, m.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, s.c, dep, func() error {
		return controllerutil.SetControllerReference(m, dep, s.c.Scheme())
	})
	return err
}
