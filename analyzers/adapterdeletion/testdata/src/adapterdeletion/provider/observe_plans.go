// Reproduces a Crossplane provider whose Observe plans through a helper that reads the ConfigMaps and Secrets its spec's entries name (the spec handed on by value) and returns that error, and only then tests deletion, for another error (the plan's): the test does not guard the read. Planning only when not deleting is not reported.
package provider

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/crossplane/crossplane-runtime/pkg/meta"
	"github.com/crossplane/crossplane-runtime/pkg/reconciler/managed"
	"github.com/crossplane/crossplane-runtime/pkg/resource"
)

type planningExternal struct {
	base
	kube client.Client
}

func (e *planningExternal) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return managed.ExternalObservation{}, errors.New("not an Object")
	}
	changed, err := e.plan(ctx, obj) // want `Observe resolves a dependency \(e.plan, which returns an error when the referenced object is not found\) before checking whether Object is being deleted: .*; if the deletion needs what the Secret holds \(credentials to clean up outside the cluster\), keep the Secret until then .*; otherwise check deletion first and do not resolve references while deleting`
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: !changed}, nil
}

// plan reads its inputs, then tolerates a failed plan while deleting: the
// deletion test comes after the read and is about the plan's error only.
func (e *planningExternal) plan(ctx context.Context, obj *Object) (bool, error) {
	in, err := e.inputs(ctx, obj.Spec)
	if err != nil {
		return false, err
	}
	changed, err := compare(in)
	if err != nil {
		if !meta.WasDeleted(obj) {
			return false, err
		}
		changed = false
	}
	return changed, nil
}

func (e *planningExternal) inputs(ctx context.Context, spec ObjectSpec) (map[string]string, error) {
	out := map[string]string{}
	for _, in := range spec.Inputs {
		switch in.Format {
		case "hcl":
			cm := &corev1.ConfigMap{}
			r := in.ConfigMapRef
			key := client.ObjectKey{Namespace: r.Namespace, Name: r.Name}
			if err := e.kube.Get(ctx, key, cm); err != nil {
				return nil, fmt.Errorf("cannot read inputs: %w", err)
			}
			out[r.Name] = cm.Data[r.Key]
		case "secret":
			secret := &corev1.Secret{}
			r := in.SecretRef
			if err := e.kube.Get(ctx, client.ObjectKey{Namespace: r.Namespace, Name: r.Name}, secret); err != nil {
				return nil, fmt.Errorf("cannot read inputs: %w", err)
			}
			out[r.Name] = string(secret.Data[r.Key])
		}
	}
	return out, nil
}

func compare(in map[string]string) (bool, error) { return len(in) > 0, nil }

type guardedPlanningExternal struct {
	planningExternal
}

func (e *guardedPlanningExternal) Observe(ctx context.Context, mg resource.Managed) (managed.ExternalObservation, error) {
	obj, ok := mg.(*Object)
	if !ok {
		return managed.ExternalObservation{}, errors.New("not an Object")
	}
	if meta.WasDeleted(obj) {
		return managed.ExternalObservation{ResourceExists: true}, nil
	}
	changed, err := e.plan(ctx, obj)
	if err != nil {
		return managed.ExternalObservation{}, err
	}
	return managed.ExternalObservation{ResourceExists: true, ResourceUpToDate: !changed}, nil
}
