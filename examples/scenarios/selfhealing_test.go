package scenarios_test

import (
	"context"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/deletiontest"

	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
)

// bound is how long a deleted or edited child may take to be repaired:
// well below controller-runtime's default resync period (10 hours), after
// which even an operator that is not told about its children repairs them.
const bound = 10 * time.Second

// rollOut creates a Website and waits until the operator has created its
// Deployment, Service and Route, published the Route and recorded the
// rolled-out generation, in its cache too, and then has nothing left to do.
func rollOut(t *testing.T, op *operator, name string) *hostingv1alpha1.Website {
	t.Helper()
	site := &hostingv1alpha1.Website{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec:       hostingv1alpha1.WebsiteSpec{Image: "nginx:1.27", Replicas: 1, Hostname: name + ".example.com"},
	}
	op.create(t, site)
	op.settle(t, "Website "+name+" rolled out", func(ctx context.Context) (bool, error) {
		var cur hostingv1alpha1.Website
		if err := op.cached.Get(ctx, client.ObjectKeyFromObject(site), &cur); err != nil {
			return false, err
		}
		if cur.Generation != cur.Status.ObservedGeneration || !hasFinalizer(&cur, hostingv1alpha1.WebsiteFinalizer) {
			return false, nil
		}
		for _, child := range children(site) {
			if ok, err := exists(ctx, child); !ok {
				return false, err
			}
		}
		route := children(site)[2].(*hostingv1alpha1.Route)
		if err := env.Client.Get(ctx, client.ObjectKeyFromObject(route), route); err != nil {
			return false, err
		}
		return route.Status.RecordID != "", nil
	})
	return live(t, site)
}

// children returns the Website's Deployment, Service and Route (name and
// namespace only).
func children(site *hostingv1alpha1.Website) []client.Object {
	meta := func() metav1.ObjectMeta { return metav1.ObjectMeta{Name: site.Name, Namespace: site.Namespace} }
	return []client.Object{
		&appsv1.Deployment{ObjectMeta: meta()},
		&corev1.Service{ObjectMeta: meta()},
		&hostingv1alpha1.Route{ObjectMeta: meta()},
	}
}

// TestSelfHealingSiteConfigMap deletes the ConfigMap a SiteConfig publishes.
// ownschildren reports buggy/controller/siteconfig_controller.go: the
// SiteConfig gets a controller reference on its ConfigMap, but the
// controller has no Owns(&corev1.ConfigMap{}). So the buggy operator is never
// told (not one reconcile of the SiteConfig) and the ConfigMap stays gone;
// the fixed operator, which Owns ConfigMaps, recreates it.
func TestSelfHealingSiteConfigMap(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		// Created with the finalizer the controller would add, so that its
		// first reconcile, which creates the ConfigMap, is its only one: a
		// second reconcile still on its way would recreate the ConfigMap
		// whatever the watches.
		cfg := &hostingv1alpha1.SiteConfig{
			ObjectMeta: metav1.ObjectMeta{Name: "site", Finalizers: []string{hostingv1alpha1.SiteConfigFinalizer}},
			Spec:       hostingv1alpha1.SiteConfigSpec{Data: map[string]string{"greeting": "hello"}},
		}
		op.create(t, cfg)
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "site", Namespace: op.ns}}
		op.settle(t, "ConfigMap of the SiteConfig created", func(ctx context.Context) (bool, error) { return exists(ctx, cm) })
		cm = live(t, cm)

		before := op.rec.of("siteconfig", cfg)
		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.SelfHealing(tb, cm, bound) })
		if !op.buggy {
			passes(t, "SelfHealing of the SiteConfig's ConfigMap", msg)
			return
		}
		fails(t, "SelfHealing of the SiteConfig's ConfigMap", msg,
			"self-healing: ConfigMap "+op.ns+"/site was deleted and not restored within 10s", "it is gone")
		if n := op.rec.of("siteconfig", cfg) - before; n != 0 {
			t.Errorf("the SiteConfig was reconciled %d times after its ConfigMap was deleted; an operator that does not watch its ConfigMaps is not told", n)
		}
	})
}

// TestSelfHealingWebsiteRoute deletes a Website's Route. ownschildren reports
// buggy/controller/website_controller.go: the Website controls its Route but
// its controller has no Owns(&hostingv1alpha1.Route{}). The buggy operator is
// not told (not one reconcile of the Website), so the Route, released by the
// Route controller, stays gone; the fixed operator recreates it.
func TestSelfHealingWebsiteRoute(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		site := rollOut(t, op, "site")
		route := live(t, children(site)[2].(*hostingv1alpha1.Route))

		before := op.rec.of("website", site)
		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.SelfHealing(tb, route, bound) })
		if !op.buggy {
			passes(t, "SelfHealing of the Website's Route", msg)
			return
		}
		fails(t, "SelfHealing of the Website's Route", msg,
			"self-healing: Route "+op.ns+"/site was deleted and not restored within 10s", "it is gone")
		if n := op.rec.of("website", site) - before; n != 0 {
			t.Errorf("the Website was reconciled %d times after its Route was deleted; an operator that does not watch its Routes is not told", n)
		}
	})
}

// TestSelfHealingWebsiteDeploymentDeleted deletes a Website's Deployment.
// The buggy operator is told (it Owns Deployments, and its event filter lets
// deletions through) and reconciles the Website, but driftgate reports
// buggy/controller/website_controller.go's early return when generation ==
// status.observedGeneration, before the children: the Deployment stays gone.
// The fixed operator checks its children with drift.MissingChildren before
// returning early and recreates it.
func TestSelfHealingWebsiteDeploymentDeleted(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		site := rollOut(t, op, "site")
		deploy := live(t, children(site)[0].(*appsv1.Deployment))

		before := op.rec.of("website", site)
		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.SelfHealing(tb, deploy, bound) })
		if !op.buggy {
			passes(t, "SelfHealing of the Website's Deployment", msg)
			return
		}
		fails(t, "SelfHealing of the Website's Deployment", msg,
			"self-healing: Deployment "+op.ns+"/site was deleted and not restored within 10s", "it is gone")
		if n := op.rec.of("website", site) - before; n == 0 {
			t.Errorf("the Website was not reconciled after its Deployment was deleted; the deletion event should get through, to be dropped by the generation check")
		}
	})
}

// TestSelfHealingWebsiteDeploymentEdited changes the label of a Website's
// Deployment. driftgate reports buggy/controller/website_controller.go's
// WithEventFilter(predicate.GenerationChangedPredicate{}): it applies to the
// owned Deployments too, and a label edit keeps their generation, so the
// buggy operator never hears of it (not one reconcile of the Website; had it
// reconciled, the generation check would have returned early as well). The
// fixed operator filters only the Websites' own events and repairs the
// label.
func TestSelfHealingWebsiteDeploymentEdited(t *testing.T) {
	forEachTwin(t, func(t *testing.T, op *operator) {
		site := rollOut(t, op, "site")
		deploy := live(t, children(site)[0].(*appsv1.Deployment))

		edit := func(o client.Object) {
			labels := o.GetLabels()
			labels[hostingv1alpha1.WebsiteLabel] = "edited-by-hand"
			o.SetLabels(labels)
		}
		restored := func(o client.Object) bool { return o.GetLabels()[hostingv1alpha1.WebsiteLabel] == site.Name }
		before := op.rec.of("website", site)
		msg := deletiontest.Catch(func(tb deletiontest.TB) { env.SelfHealingEdit(tb, deploy, edit, restored, bound) })
		if !op.buggy {
			passes(t, "SelfHealingEdit of the Website's Deployment", msg)
			return
		}
		fails(t, "SelfHealingEdit of the Website's Deployment", msg,
			"self-healing: Deployment "+op.ns+"/site was edited and not restored within 10s",
			"Deployment "+op.ns+"/site still exists, not being deleted",
			"owner Website site (uid "+string(site.UID)+", blockOwnerDeletion true)")
		if n := op.rec.of("website", site) - before; n != 0 {
			t.Errorf("the Website was reconciled %d times after its Deployment's label was edited; the event filter should drop that update", n)
		}
	})
}
