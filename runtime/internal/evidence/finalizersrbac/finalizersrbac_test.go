// Package finalizersrbac_test records what a real kube-apiserver with the
// OwnerReferencesPermissionEnforcement admission plugin on (OpenShift
// enables it by default; envtest and kind do not) does with a controller
// owner reference that blocks owner deletion, as the evidence behind the
// finalizersrbac rule:
//
//   - a client that may not update the owner's finalizers subresource
//     (<plural>/finalizers in the owner's API group) cannot create or update
//     an object whose owner reference has blockOwnerDeletion: true; the
//     request is forbidden with "cannot set blockOwnerDeletion if an
//     ownerReference refers to a resource you can't set finalizers on";
//   - the same client may set the same reference without
//     blockOwnerDeletion, so it is the field that is refused, not the
//     reference;
//   - granting update on <plural>/finalizers, the rule that
//     // +kubebuilder:rbac:groups=<group>,resources=<plural>/finalizers,verbs=update
//     generates, is enough; get or patch on it, update on the owner itself or
//     update on <plural>/finalizers in another group is not.
//
// The client acts as a user bound to the ClusterRole controller-gen would
// generate from a typical controller's markers. The package runs its own
// control plane, with the plugin on, apart from runtime/internal/evidence.
package finalizersrbac_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
	"github.com/deletionlint/deletionlint/runtime/internal/testenv"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

var env *testenv.Env

func TestMain(m *testing.M) {
	os.Exit(testenv.Run(m, testenv.Options{AdmissionPlugins: []string{"OwnerReferencesPermissionEnforcement"}}, &env))
}

// refused is the reason the admission plugin gives for a blocking owner
// reference the client may not set.
const refused = "cannot set blockOwnerDeletion if an ownerReference refers to a resource you can't set finalizers on"

// rbacWait bounds how long an RBAC change takes to reach the API server's
// authorizer.
const rbacWait = 30 * time.Second

// widgetResource returns the Widget's API group and plural resource as the
// API server maps them.
func widgetResource(t *testing.T) schema.GroupResource {
	t.Helper()
	gvk, err := apiutil.GVKForObject(&testapi.Widget{}, env.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	mapping, err := env.Client.RESTMapper().RESTMapping(gvk.GroupKind(), gvk.Version)
	if err != nil {
		t.Fatalf("map %s: %v", gvk, err)
	}
	return mapping.Resource.GroupResource()
}

// controllerRules are what controller-gen makes of a typical Widget
// controller's markers, without widgets/finalizers:
//
//	// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;update;patch;delete
//	// +kubebuilder:rbac:groups=<group>,resources=widgets,verbs=get;list;watch;update;patch
//	// +kubebuilder:rbac:groups=<group>,resources=widgets/status,verbs=get;list;watch;update;patch
func controllerRules(widgets schema.GroupResource) []rbacv1.PolicyRule {
	return []rbacv1.PolicyRule{
		{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"get", "list", "watch", "create", "update", "patch", "delete"}},
		{APIGroups: []string{widgets.Group}, Resources: []string{widgets.Resource}, Verbs: []string{"get", "list", "watch", "update", "patch"}},
		{APIGroups: []string{widgets.Group}, Resources: []string{widgets.Resource + "/status"}, Verbs: []string{"get", "list", "watch", "update", "patch"}},
	}
}

// finalizersRule is what
// +kubebuilder:rbac:groups=<group>,resources=widgets/finalizers,verbs=update
// generates.
func finalizersRule(widgets schema.GroupResource) rbacv1.PolicyRule {
	return rbacv1.PolicyRule{APIGroups: []string{widgets.Group}, Resources: []string{widgets.Resource + "/finalizers"}, Verbs: []string{"update"}}
}

// actAs binds a ClusterRole with rules to a user named after controller and
// ns (so that tests and repeated runs do not share one), as a controller's
// deployment does, and returns the role (to change it) and a client acting
// as that user. The client is returned once the binding is in effect: once
// the user may create a ConfigMap in ns.
func actAs(t *testing.T, controller, ns string, rules []rbacv1.PolicyRule) (*rbacv1.ClusterRole, client.Client) {
	t.Helper()
	ctx := context.Background()
	user := controller + "-" + ns
	role := &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{Name: user}, Rules: rules}
	if err := env.Client.Create(ctx, role); err != nil {
		t.Fatal(err)
	}
	binding := &rbacv1.ClusterRoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: user},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: role.Name},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.UserKind, APIGroup: rbacv1.GroupName, Name: user}},
	}
	if err := env.Client.Create(ctx, binding); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, obj := range []client.Object{binding, role} {
			if err := client.IgnoreNotFound(env.Client.Delete(context.Background(), obj)); err != nil {
				t.Errorf("delete %T %s: %v", obj, obj.GetName(), err)
			}
		}
	})
	cfg, err := env.ConfigFor(user)
	if err != nil {
		t.Fatal(err)
	}
	c, err := client.New(cfg, client.Options{Scheme: env.Scheme})
	if err != nil {
		t.Fatal(err)
	}
	probe := 0
	testenv.Eventually(t, rbacWait, fmt.Sprintf("user %s may create configmaps", user), func() (bool, error) {
		probe++
		err := c.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: fmt.Sprintf("rbac-probe-%d", probe)}})
		return err == nil, err
	})
	return role, c
}

// newWidget creates the owner as the administrator.
func newWidget(t *testing.T, ns string) *testapi.Widget {
	t.Helper()
	w := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "owner"}}
	if err := env.Client.Create(context.Background(), w); err != nil {
		t.Fatal(err)
	}
	return w
}

// child returns a ConfigMap in the owner's namespace whose controller
// reference to owner is set by controllerutil.SetControllerReference with
// opts.
func child(t *testing.T, owner *testapi.Widget, name string, opts ...controllerutil.OwnerReferenceOption) *corev1.ConfigMap {
	t.Helper()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: name}}
	if err := controllerutil.SetControllerReference(owner, cm, env.Scheme, opts...); err != nil {
		t.Fatal(err)
	}
	return cm
}

// wantRefused fails the test unless err is the admission plugin's refusal
// of a blocking owner reference.
func wantRefused(t *testing.T, what string, err error) {
	t.Helper()
	switch {
	case err == nil:
		t.Errorf("%s: accepted, want forbidden: %s", what, refused)
	case !isRefused(err):
		t.Errorf("%s: %v, want forbidden: %s", what, err, refused)
	}
}

func isRefused(err error) bool {
	return apierrors.IsForbidden(err) && strings.Contains(err.Error(), refused)
}

// TestBlockOwnerDeletionNeedsFinalizersUpdate: a controller whose role lacks
// update on widgets/finalizers may create a Widget's child with a plain
// controller reference but not with blockOwnerDeletion, by any helper that
// sets it, on create or update; once the role grants update on
// widgets/finalizers it may.
func TestBlockOwnerDeletionNeedsFinalizersUpdate(t *testing.T) {
	ctx := context.Background()
	widgets := widgetResource(t)
	ns := env.Namespace(t)
	owner := newWidget(t, ns)
	role, c := actAs(t, "controller", ns, controllerRules(widgets))

	// The control case: the same reference without blockOwnerDeletion.
	plain := child(t, owner, "plain", controllerutil.WithBlockOwnerDeletion(false))
	if err := c.Create(ctx, plain); err != nil {
		t.Fatalf("create child with blockOwnerDeletion false: %v", err)
	}
	unset := child(t, owner, "unset")
	unset.OwnerReferences[0].BlockOwnerDeletion = nil
	if err := c.Create(ctx, unset); err != nil {
		t.Fatalf("create child without blockOwnerDeletion: %v", err)
	}

	// Every way of setting blockOwnerDeletion: true is refused.
	err := c.Create(ctx, child(t, owner, "setcontrollerreference"))
	wantRefused(t, "create child with controllerutil.SetControllerReference", err)
	if err != nil {
		t.Logf("API server: %v", err)
	}
	ref, err := ownership.NewControllerRef(owner, env.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	viaRef := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "newcontrollerref", OwnerReferences: []metav1.OwnerReference{ref}}}
	wantRefused(t, "create child with ownership.NewControllerRef", c.Create(ctx, viaRef))
	gvk := testapi.GroupVersion.WithKind("Widget")
	viaMeta := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "metav1", OwnerReferences: []metav1.OwnerReference{*metav1.NewControllerRef(owner, gvk)}}}
	wantRefused(t, "create child with metav1.NewControllerRef", c.Create(ctx, viaMeta))
	ensured := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "ensured"}}
	_, err = ownership.EnsureChild(ctx, c, owner, ensured, nil)
	wantRefused(t, "ownership.EnsureChild creating the child", err)
	plain.OwnerReferences[0].BlockOwnerDeletion = ptr.To(true)
	wantRefused(t, "update child to blockOwnerDeletion true", c.Update(ctx, plain))
	for _, name := range []string{"setcontrollerreference", "newcontrollerref", "metav1", "ensured"} {
		err := env.Client.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, &corev1.ConfigMap{})
		if !apierrors.IsNotFound(err) {
			t.Errorf("refused child %s: get = %v, want not found", name, err)
		}
	}

	// What +kubebuilder:rbac:groups=<group>,resources=widgets/finalizers,verbs=update adds.
	role.Rules = append(role.Rules, finalizersRule(widgets))
	if err := env.Client.Update(ctx, role); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	testenv.Eventually(t, rbacWait, "create child with blockOwnerDeletion once widgets/finalizers update is granted", func() (bool, error) {
		err := c.Create(ctx, child(t, owner, "setcontrollerreference"))
		if err != nil && !isRefused(err) {
			t.Fatalf("create child with blockOwnerDeletion: %v, want success or %q until the grant is in effect", err, refused)
		}
		return err == nil, err
	})
	t.Logf("grant in effect after %s", time.Since(start).Round(time.Millisecond))
	if err := c.Create(ctx, viaRef); err != nil {
		t.Errorf("create child with ownership.NewControllerRef after the grant: %v", err)
	}
	if err := c.Create(ctx, viaMeta); err != nil {
		t.Errorf("create child with metav1.NewControllerRef after the grant: %v", err)
	}
	if _, err := ownership.EnsureChild(ctx, c, owner, ensured, nil); err != nil {
		t.Errorf("ownership.EnsureChild after the grant: %v", err)
	}
	if err := c.Update(ctx, plain); err != nil {
		t.Errorf("update child to blockOwnerDeletion true after the grant: %v", err)
	}
}

// TestFinalizersGrants: which rule, added to the controller's role, lets it
// set blockOwnerDeletion on a Widget's child. Only update on
// widgets/finalizers in the Widget's group (or a wildcard covering it) does;
// the role already grants update and patch on widgets itself.
func TestFinalizersGrants(t *testing.T) {
	widgets := widgetResource(t)
	finalizers := widgets.Resource + "/finalizers"
	for _, tc := range []struct {
		name  string
		rule  rbacv1.PolicyRule
		allow bool
	}{
		{"update", finalizersRule(widgets), true},
		{"get", rbacv1.PolicyRule{APIGroups: []string{widgets.Group}, Resources: []string{finalizers}, Verbs: []string{"get"}}, false},
		{"patch", rbacv1.PolicyRule{APIGroups: []string{widgets.Group}, Resources: []string{finalizers}, Verbs: []string{"patch"}}, false},
		{"update in another group", rbacv1.PolicyRule{APIGroups: []string{"apps"}, Resources: []string{finalizers}, Verbs: []string{"update"}}, false},
		{"update on */finalizers", rbacv1.PolicyRule{APIGroups: []string{widgets.Group}, Resources: []string{"*/finalizers"}, Verbs: []string{"update"}}, true},
		{"* on widgets/finalizers", rbacv1.PolicyRule{APIGroups: []string{widgets.Group}, Resources: []string{finalizers}, Verbs: []string{"*"}}, true},
		{"update on the owner by name", rbacv1.PolicyRule{APIGroups: []string{widgets.Group}, Resources: []string{finalizers}, ResourceNames: []string{"owner"}, Verbs: []string{"update"}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ns := env.Namespace(t)
			owner := newWidget(t, ns)
			// The rule is part of the role the probe in actAs waits for, so
			// it is in effect when the child is created.
			_, c := actAs(t, "controller", ns, append(controllerRules(widgets), tc.rule))
			err := c.Create(context.Background(), child(t, owner, "child"))
			if tc.allow {
				if err != nil {
					t.Errorf("create child with blockOwnerDeletion: %v, want accepted", err)
				}
				return
			}
			wantRefused(t, "create child with blockOwnerDeletion", err)
		})
	}
}

// TestOwnerReferenceNeedsDelete: the plugin also refuses a client that may
// not delete an object (here: a role without delete on configmaps) adding
// any owner reference to it, blocking or not, by an update; a create is
// exempt.
func TestOwnerReferenceNeedsDelete(t *testing.T) {
	ctx := context.Background()
	widgets := widgetResource(t)
	ns := env.Namespace(t)
	owner := newWidget(t, ns)
	rules := controllerRules(widgets)
	rules[0].Verbs = []string{"get", "list", "watch", "create", "update", "patch"}
	_, c := actAs(t, "controller-nodelete", ns, append(rules, finalizersRule(widgets)))
	if err := c.Create(ctx, child(t, owner, "created")); err != nil {
		t.Errorf("create child with a controller reference without delete on configmaps: %v, want accepted", err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "updated"}}
	if err := c.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	if err := controllerutil.SetControllerReference(owner, cm, env.Scheme, controllerutil.WithBlockOwnerDeletion(false)); err != nil {
		t.Fatal(err)
	}
	err := c.Update(ctx, cm)
	const want = "cannot set an ownerRef on a resource you can't delete"
	if !apierrors.IsForbidden(err) || !strings.Contains(fmt.Sprint(err), want) {
		t.Errorf("update child to a non-blocking controller reference without delete on configmaps: %v, want forbidden: %s", err, want)
	}
	if err != nil {
		t.Logf("API server: %v", err)
	}
}
