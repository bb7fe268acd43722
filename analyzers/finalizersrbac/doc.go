// Package finalizersrbac defines an Analyzer that reports controller owner
// references blocking owner deletion when the controller's RBAC markers do
// not grant update on the owner's finalizers subresource.
//
// # Analyzer finalizersrbac
//
// finalizersrbac: blockOwnerDeletion needs update on <owner>/finalizers
//
// Where the OwnerReferencesPermissionEnforcement admission plugin is on
// (OpenShift enables it by default), the API server accepts an owner
// reference with blockOwnerDeletion: true only from a client that may
// update the owner's finalizers subresource; otherwise the create or update
// fails with "cannot set blockOwnerDeletion if an ownerReference refers to a
// resource you can't set finalizers on". envtest and kind do not enable the
// plugin, so the failure is only seen in production.
//
// The analyzer looks at controllerutil.SetControllerReference calls (which
// set blockOwnerDeletion unless given WithBlockOwnerDeletion(false)) and
// metav1.NewControllerRef calls whose owner argument has a named type. The
// owner's resource is the plural controller-gen derives from the type name
// (the lower-cased kind, with -es after s, x, z, ch, sh and -ies after a
// consonant and y), or the +kubebuilder:resource:path= marker of the type
// when the type is declared in the analysed package.
//
// What the analyzer sees: the // +kubebuilder:rbac: markers in the files of
// the analysed package only, in any spelling controller-gen accepts
// (groups=, resources=, verbs= with ;-separated lists and *). A marker
// grants the permission when its verbs hold update or * and its resources
// hold <plural>/finalizers, */finalizers or *. The group is not compared
// yet. A package without any rbac marker is not reported: its permissions
// are declared elsewhere (another package, config/rbac/role.yaml), which
// the analyzer does not read, and it does not guess.
//
// The finding names the marker line to add. When the file of the owner
// reference holds RBAC markers and the owner's group is known from them, a
// suggested fix adds that line after the file's last RBAC marker.
//
// Bad:
//
//	// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get;list;watch;update
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		...
//		controllerutil.SetControllerReference(widget, cm, r.Scheme) // reported
//	}
//
// Good:
//
//	// +kubebuilder:rbac:groups=apps.example.com,resources=widgets,verbs=get;list;watch;update
//	// +kubebuilder:rbac:groups=apps.example.com,resources=widgets/finalizers,verbs=update
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		...
//		controllerutil.SetControllerReference(widget, cm, r.Scheme)
//	}
package finalizersrbac
