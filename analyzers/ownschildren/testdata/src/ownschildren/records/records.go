// Controllers that make a record of each run: an Export named after the
// slot of its schedule, or after the clock. Each run names a new object and
// no pass makes a past one again, so a deleted Export is history a watch
// would not restore: not reported. Children whose names stay the same for
// the owner's life are reported, even where a time is near: a name taken
// from the owner's creation timestamp, or a time kept only in an
// annotation.
package records

import (
	"context"
	"fmt"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"ownschildren/records/api"
)

// Clock tells the time, as a test can replace it.
type Clock interface{ Now() time.Time }

type ScheduleReconciler struct {
	client.Client
	clock Clock
}

func (r *ScheduleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.ExportSchedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.settings(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	slot := r.clock.Now().Truncate(time.Hour)
	if err := r.startExport(ctx, s, slot); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Until(slot.Add(time.Hour))}, nil
}

// startExport makes the Export of one slot: its name is the slot's.
func (r *ScheduleReconciler) startExport(ctx context.Context, s *api.ExportSchedule, slot time.Time) error {
	name := fmt.Sprintf("%s-%s", s.Name, slot.UTC().Format("20060102t1504"))
	export := s.NewExport(name)
	if err := ctrl.SetControllerReference(s, export, r.Scheme()); err != nil {
		return err
	}
	return r.Create(ctx, export)
}

// ImmediateReconciler makes an Export at once for a schedule that asks for
// one, named after the clock.
type ImmediateReconciler struct {
	client.Client
}

func (r *ImmediateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.ExportSchedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.Annotations["export-now"] != "true" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, exportNow(ctx, r.Client, s)
}

func (r *ImmediateReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.ExportSchedule{}).
		Complete(r)
}

// exportNow makes the Export, named after the clock through a variable of
// its own and an assignment to the name; its ObjectMeta is handed to the
// helper that sets the reference.
func exportNow(ctx context.Context, c client.Client, s *api.ExportSchedule) error {
	stamp := strconv.FormatInt(metav1.Now().Unix(), 10)
	export := &api.Export{}
	export.Name = s.Name + "-now-" + stamp
	export.Namespace = s.Namespace
	meta := &export.ObjectMeta
	if err := setOwner(meta, s); err != nil {
		return err
	}
	return c.Create(ctx, export)
}

// setOwner gives the object of meta a controller reference to s.
func setOwner(meta *metav1.ObjectMeta, s *api.ExportSchedule) error {
	meta.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(s, api.GroupVersion.WithKind("ExportSchedule"))}
	return nil
}

// settings keeps the schedule's settings in a ConfigMap whose name is the
// same at every pass, with the time of the pass in an annotation: desired
// state, reported.
func (r *ScheduleReconciler) settings(ctx context.Context, s *api.ExportSchedule) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.Name + "-settings", Namespace: s.Namespace}}
	cm.Annotations = map[string]string{"synced-at": time.Now().String()}
	if err := ctrl.SetControllerReference(s, cm, r.Scheme()); err != nil { // want `corev1.ConfigMap is created with a controller reference to api.ExportSchedule but its controller does not watch it`
		return err
	}
	return r.Create(ctx, cm)
}

func (r *ScheduleReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.ExportSchedule{}).
		Complete(r)
}

// MirrorReconciler keeps one Secret per ExportSchedule, named after the
// schedule's creation timestamp: the same name for the schedule's whole
// life, so a deleted Secret is one the next pass makes again. Reported.
type MirrorReconciler struct {
	client.Client
}

func (r *MirrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.ExportSchedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.ensureSecret(ctx, s, secretName(s))
}

func secretName(s *api.ExportSchedule) string {
	return fmt.Sprintf("%s-%d", s.Name, s.CreationTimestamp.Unix())
}

// ensureSecret makes the Secret named name: its callers choose it.
func (r *MirrorReconciler) ensureSecret(ctx context.Context, s *api.ExportSchedule, name string) error {
	sec := &corev1.Secret{}
	sec.SetName(name)
	sec.SetNamespace(s.Namespace)
	if err := ctrl.SetControllerReference(s, sec, r.Scheme()); err != nil { // want `corev1.Secret is created with a controller reference to api.ExportSchedule but its controller does not watch it`
		return err
	}
	return r.Create(ctx, sec)
}

func (r *MirrorReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.ExportSchedule{}).
		Complete(r)
}

// IndexReconciler keeps an index ConfigMap for each schedule, whose
// reference a helper sets through the ConfigMap's ObjectMeta held in a
// variable: the same name at every pass, reported.
type IndexReconciler struct {
	client.Client
}

func (r *IndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.ExportSchedule{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	cm.Name = s.Name + "-index"
	meta := &cm.ObjectMeta
	if err := setOwner(meta, s); err != nil { // want `corev1.ConfigMap is created with a controller reference to api.ExportSchedule but its controller does not watch it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, cm)
}

func (r *IndexReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.ExportSchedule{}).
		Complete(r)
}
