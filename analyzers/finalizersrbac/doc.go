// Package finalizersrbac defines an Analyzer that reports owner references
// blocking owner deletion when the controller's RBAC (its markers and
// manifests) does not grant update on the owner's finalizers subresource.
//
// # Analyzer finalizersrbac
//
// finalizersrbac: blockOwnerDeletion needs update on <owner>/finalizers
//
// Where the OwnerReferencesPermissionEnforcement admission plugin is on
// (OpenShift enables it by default), the API server accepts an owner
// reference with blockOwnerDeletion: true only from a client that may update
// the owner's finalizers subresource; otherwise the create or update fails
// with "cannot set blockOwnerDeletion if an ownerReference refers to a
// resource you can't set finalizers on". envtest and kind do not enable the
// plugin, so the failure is only seen in production.
//
// The references the analyzer looks at:
// controllerutil.SetControllerReference (which sets blockOwnerDeletion
// unless given WithBlockOwnerDeletion(false)),
// controllerutil.SetOwnerReference with WithBlockOwnerDeletion(true),
// metav1.NewControllerRef, the runtime module's ownership.NewControllerRef,
// SetControllerReference and EnsureChild, and metav1.OwnerReference literals
// with BlockOwnerDeletion set to true. A helper that hands one of its
// parameters to any of these as the owner, with a type that does not name
// the owner's kind (client.Object, metav1.Object, a type parameter), is one
// of them too, in its package and (through a fact) in the packages that
// import it: the owner is checked where the helper is called. Test files and
// test-support packages (a path element test, tests, testing, e2e, fake,
// testdata, test_*, testutil*, testhelper*, envtest) are skipped: their
// references never reach an API server under the controller's role. A
// package variable holding SetControllerReference is SetControllerReference.
// The calls of a function that then sets blockOwnerDeletion other than to
// true (ref.BlockOwnerDeletion = nil, or a call of a function whose name
// says so, such as disableBlockOwnerDeletion) are not reported: what is left
// is not known.
//
// The owner: its kind is the owner argument's named type, else the Kind of a
// GroupVersionKind argument (pkg.GroupVersion.WithKind("Kind")) or of the
// literal; an owner of interface type with nothing else to go by is not
// reported. Its group is that of the kind's API package: a package-level
// schema.GroupVersion literal (kubebuilder's GroupVersion, Operator SDK's
// SchemeGroupVersion: what the scheme registers the kind under), else its
// +groupName marker, else a GroupName constant (k8s.io/api's packages; "" is
// the core group); for a literal, its APIVersion. An owner whose group is
// not known is granted by a rule of any group. Its resource is the type's
// +kubebuilder:resource:path= marker, else the plural controller-gen derives
// from the kind (the lower-cased kind, with -es after s, x, z, ch, sh and
// -ies after a consonant and y).
//
// The permissions the analyzer sees: the // +kubebuilder:rbac: markers in
// the files of the analysed package, in any spelling controller-gen accepts
// (groups=, resources=, verbs= with ;-separated lists, {a,b} lists, * and
// groups=core for the core group), and the RBAC manifests of the package's
// module (the nearest directory above it with a go.mod): the rules of every
// Role and ClusterRole document in its .yaml and .yml files, wherever they
// are (config/rbac/role.yaml, which controller-gen writes from the module's
// markers in kubebuilder and Operator SDK layouts, kustomize bases,
// hand-written install manifests), and the <resource>/finalizers named in
// the other files (Helm templates, which are not YAML until rendered, and
// OLM bundles). Hidden directories, vendor, testdata, node_modules,
// third_party, test, tests, e2e, examples, docs, hack, nested modules and
// files over 1 MiB are not read. A rule grants the permission when its verbs
// hold update or *, its groups the owner's group or *, and its resources
// <plural>/finalizers, */finalizers or *. When the package has no RBAC
// marker and the module no RBAC manifest, nothing is reported: the
// permissions are declared where the analyzer cannot see them, and it does
// not guess.
//
// The finding names the marker line to add. When the file of the owner
// reference holds RBAC markers and the owner's group is known, a suggested
// fix adds that line after the file's last RBAC marker.
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
