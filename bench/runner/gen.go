package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// generateTree writes a module of n controller packages to dir: each has a
// reconciler with a finalizer, a deletion branch, an owned child with a
// controller reference and a builder chain, written the way kubebuilder
// projects are. The module requires controller-runtime at the pinned
// version; go mod tidy completes its requirements.
func generateTree(dir string, n int) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	files := map[string]string{
		"go.mod":                  "module bench.example/gen\n\ngo 1.26\n\nrequire sigs.k8s.io/controller-runtime " + controllerRuntimeVersion + "\n",
		"internal/util/util.go":   utilSource,
		"cmd/manager/main.go":     managerSource(n),
		"internal/plain/plain.go": plainSource,
	}
	for i := range n {
		files[fmt.Sprintf("controllers/c%d/controller.go", i)] = strings.ReplaceAll(controllerSource, "NUM", fmt.Sprint(i))
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// managerSource is the main package of a generated tree: it runs its n
// controllers.
func managerSource(n int) string {
	var b strings.Builder
	b.WriteString("// Command manager runs every controller of the tree.\npackage main\n\nimport (\n\tctrl \"sigs.k8s.io/controller-runtime\"\n\n")
	for i := range n {
		fmt.Fprintf(&b, "\tc%d \"bench.example/gen/controllers/c%d\"\n", i, i)
	}
	b.WriteString(")\n\nfunc main() {\n\tmgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})\n\tif err != nil {\n\t\tpanic(err)\n\t}\n")
	for i := range n {
		fmt.Fprintf(&b, "\tif err := (&c%d.Reconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr); err != nil {\n\t\tpanic(err)\n\t}\n", i)
	}
	b.WriteString("\t_ = mgr.Start(ctrl.SetupSignalHandler())\n}\n")
	return b.String()
}

const utilSource = `// Package util holds helpers the controllers share.
package util

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// IsDeleting reports whether obj is being deleted.
func IsDeleting(obj metav1.Object) bool { return !obj.GetDeletionTimestamp().IsZero() }

// Labels returns the labels of the children of owner.
func Labels(owner metav1.Object) map[string]string {
	return map[string]string{"app.kubernetes.io/managed-by": owner.GetName()}
}
`

// plainSource is a package that imports nothing of Kubernetes: rules skip it.
const plainSource = `// Package plain has nothing to do with Kubernetes.
package plain

import (
	"sort"
	"strings"
)

// Normalize sorts and lowercases names.
func Normalize(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, strings.ToLower(strings.TrimSpace(n)))
	}
	sort.Strings(out)
	return out
}
`

const controllerSource = `// Package cNUM reconciles config maps into deployments.
package cNUM

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"bench.example/gen/internal/util"
)

const finalizerName = "example.com/cNUM"

// Reconciler reconciles a ConfigMap into a Deployment.
type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// Reconcile implements reconcile.Reconciler.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if util.IsDeleting(cm) {
		return r.reconcileDelete(ctx, cm)
	}
	if controllerutil.AddFinalizer(cm, finalizerName) {
		if err := r.Update(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: cm.Name, Namespace: cm.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		dep.Labels = util.Labels(cm)
		dep.Spec.Replicas = ptr.To(int32(len(cm.Data)))
		dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: util.Labels(cm)}
		dep.Spec.Template.Labels = util.Labels(cm)
		dep.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: cm.Data["image"]}}
		return controllerutil.SetControllerReference(cm, dep, r.Scheme)
	})
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("deployment %s: %w", dep.Name, err)
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) reconcileDelete(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name}, dep)
	switch {
	case apierrors.IsNotFound(err):
		controllerutil.RemoveFinalizer(cm, finalizerName)
		return ctrl.Result{}, r.Update(ctx, cm)
	case err != nil:
		return ctrl.Result{}, err
	}
	policy := metav1.DeletePropagationForeground
	if err := r.Delete(ctx, dep, &client.DeleteOptions{PropagationPolicy: &policy}); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{Requeue: true}, nil
}

// SetupWithManager registers the controller.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("cNUM").
		For(&corev1.ConfigMap{}).
		Owns(&appsv1.Deployment{}).
		Complete(r)
}
`
