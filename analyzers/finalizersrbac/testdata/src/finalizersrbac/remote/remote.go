// Reproduces an operator that runs control planes for tenant clusters and
// installs add-ons into each: a helper creates or updates a Deployment
// through the client it is given, and sets a controller reference to a
// Gadget on it in the mutate function. Where the caller passes the tenant
// cluster's client (made with client.New from the tenant's kubeconfig),
// the tenant's API server checks the reference, not this operator's RBAC:
// nothing to grant here. Where the caller passes the operator's own client,
// the operator needs update on gadgets/finalizers.
package remote

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Gadget is an add-on's owner in the tenant cluster.
type Gadget struct{ metav1.ObjectMeta }

// Tool is an add-on's owner in the operator's own cluster.
type Tool struct{ metav1.ObjectMeta }

// +kubebuilder:rbac:groups=addons.example.com,resources=gadgets;tools,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update

type AddonReconciler struct {
	client.Client
}

func (r *AddonReconciler) installTenant(ctx context.Context, cfg *rest.Config, g *Gadget) error {
	tenant, err := client.New(cfg, client.Options{})
	if err != nil {
		return err
	}
	return installAgent(ctx, tenant, g)
}

// installAgent writes the agent through c: every caller passes a tenant
// cluster's client.
func installAgent(ctx context.Context, c client.Client, g *Gadget) error {
	d := &appsv1.Deployment{}
	d.Namespace, d.Name = g.Namespace, g.Name+"-agent"
	_, err := controllerutil.CreateOrUpdate(ctx, c, d, func() error {
		d.Labels = map[string]string{"app": g.Name}
		return controllerutil.SetControllerReference(g, d, c.Scheme())
	})
	return err
}

func (r *AddonReconciler) installLocal(ctx context.Context, t *Tool) error {
	return installTool(ctx, r.Client, t)
}

// installTool writes the tool's Deployment through c: its caller passes
// the operator's own client.
func installTool(ctx context.Context, c client.Client, t *Tool) error {
	d := &appsv1.Deployment{}
	d.Namespace, d.Name = t.Namespace, t.Name+"-tool"
	_, err := controllerutil.CreateOrUpdate(ctx, c, d, func() error {
		return controllerutil.SetControllerReference(t, d, c.Scheme()) // want `SetControllerReference sets blockOwnerDeletion on a reference to a Tool.*resources=tools/finalizers,verbs=update`
	})
	return err
}

// installTenantDirect creates the agent with the tenant's client itself.
func (r *AddonReconciler) installTenantDirect(ctx context.Context, cfg *rest.Config, g *Gadget) error {
	tenant, err := client.New(cfg, client.Options{})
	if err != nil {
		return err
	}
	d := &appsv1.Deployment{}
	d.Namespace, d.Name = g.Namespace, g.Name+"-direct"
	if err := controllerutil.SetControllerReference(g, d, tenant.Scheme()); err != nil {
		return err
	}
	return tenant.Create(ctx, d)
}

// installBoth writes the same object through the tenant's client and the
// operator's own: the operator's write needs the grant.
func (r *AddonReconciler) installBoth(ctx context.Context, cfg *rest.Config, g *Gadget) error {
	tenant, err := client.New(cfg, client.Options{})
	if err != nil {
		return err
	}
	d := &appsv1.Deployment{}
	d.Namespace, d.Name = g.Namespace, g.Name+"-both"
	if err := controllerutil.SetControllerReference(g, d, tenant.Scheme()); err != nil { // want `SetControllerReference sets blockOwnerDeletion on a reference to a Gadget.*resources=gadgets/finalizers,verbs=update`
		return err
	}
	if err := tenant.Create(ctx, d); err != nil {
		return err
	}
	return r.Create(ctx, d)
}
