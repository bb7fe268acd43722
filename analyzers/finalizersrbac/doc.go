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
// with BlockOwnerDeletion set to true. A helper that gives an object a
// reference that surely blocks, to an owner it is handed with a type that
// does not name the owner's kind (client.Object, metav1.Object, a type
// parameter), is one of them too, in its package and in the packages that
// import it, as the operator model says (children.BlockingOwner): the owner
// is checked where the helper is called, with its argument's kind. That
// takes in helpers that call such helpers, builders of references (a
// function returning an OwnerReference literal, or NewControllerRef's
// result, that carries the name or UID of one of its parameters: Name:
// obj.GetName(), UID: meta.UID), references that block when a bool
// parameter says so (BlockOwnerDeletion: &block,
// WithBlockOwnerDeletion(block): its calls with a true argument, or with
// their own flag handed on), and constructors that keep their parameters in
// the fields of the struct they return, itself or as an interface, when a
// method of that struct makes one field's object the controller of
// another's (syncer.New(owner, obj), whose Sync calls
// SetControllerReference(s.Owner, s.Obj, ...)): the owner is the
// constructor's argument. Test files and
// test-support packages (a path element test, tests, testing, e2e, fake,
// testdata, test_*, testutil*, testhelper*, envtest) are skipped: their
// references never reach an API server under the controller's role. A
// package variable holding SetControllerReference is SetControllerReference.
// The calls of a function that then sets blockOwnerDeletion other than to
// true (ref.BlockOwnerDeletion = nil, or a call of a function whose name
// says so, such as disableBlockOwnerDeletion) are not reported: what is left
// is not known. A keyed literal that names neither the owner nor its
// UID is an expectation (a test framework's table of the references an
// object must hold), not a reference anyone sets, and is not reported; nor
// is a reference set on a local object built only to compute something (a
// status: compared, its fields read, never created, returned or handed
// on), which never reaches the API server, nor a reference that reaches no
// object at all, as blockownerdeletion follows it: discarded, only compared
// with the references an object has (its fields read, compared with ==,
// handed to a predicate, an assertion or a function of this or another
// package that only reads it): the reference expected, not one set.
//
// The owner: its kind is the owner argument's named type (that of the
// object whose ObjectMeta it is), else the Kind of a GroupVersionKind
// argument (pkg.GroupVersion.WithKind("Kind")) or of the literal (a
// constant, or the Kind of a package variable whose value is such a
// GroupVersionKind: Kind: issuerGVK.Kind), else the type of the object
// whose name the literal carries. An owner of interface
// type with nothing else to go by (a client.Object kept in a field, a
// value of a type parameter) has no grant the rule can name: it is
// reported only when no rule the analyzer reads grants update on any
// finalizers (no <resource>/finalizers, */finalizers or * resource), for
// then the API server rejects the reference whatever the owner is; when
// the owner is a parameter of the function around it (or drawn from one)
// it is checked where the function is called instead. A project's wrapper of
// its objects' metadata (a struct that embeds a pointer to
// metav1.ObjectMeta, or embeds it and is no API kind,
// such as Object{*metav1.TypeMeta; *metav1.ObjectMeta} made from each of
// the operator's custom resources) stands for the kinds whose metadata the
// composite literals of its package give it (its constructors); a
// reference to a wrapper is a reference to each, and to a wrapper of no
// known kind is not reported. Its group is that of the kind's API package:
// a package-level schema.GroupVersion literal (kubebuilder's GroupVersion,
// Operator SDK's SchemeGroupVersion: what the scheme registers the kind
// under), else its +groupName marker, else a GroupName constant
// (k8s.io/api's packages; "" is the core group); for a literal, its
// APIVersion. An owner whose group is not known is granted by a rule of any
// group, and the finding says what to grant rather than a marker. Its
// resource is the type's +kubebuilder:resource:path= marker, else the
// plural a CustomResourceDefinition manifest declares for the kind, else
// the name the roles (markers or manifests) give, in the kind's group, to
// that derived plural spelt with hyphens, dots or underscores (another
// project's kind whose CRD is not in the repository, such as
// network-attachment-definitions), else the plural controller-gen derives
// from the kind (the lower-cased kind, with -es after s, x, z, ch, sh and
// -ies after a consonant and y).
//
// The permissions the analyzer sees: the // +kubebuilder:rbac: markers in
// the files of the analysed package, in any spelling controller-gen accepts
// (groups=, resources=, verbs= with ;-separated lists, {a,b} lists, * and
// groups=core for the core group), and the RBAC manifests of the package's
// repository (the nearest directory at or above its module with a .git
// entry, else the module): the rules of every Role and ClusterRole document
// in its .yaml and .yml files, wherever they are (config/rbac/role.yaml,
// which controller-gen writes from the module's markers in kubebuilder and
// Operator SDK layouts, kustomize bases, a Helm chart beside a module in a
// subdirectory, hand-written install manifests), the rules of the Helm named
// templates a chart's role includes ({{ include "op.rules" . }} of a {{
// define "op.rules" }} in _helpers.tpl, transitively; a role that is
// itself in a named template, as in a library chart, counts where a chart
// includes it, not where it is defined), the rules of the roles in the
// chart files a role template prints ({{ range .Files.Lines
// "config/rbac/role.yaml" }}, .Files.Get, .Files.Glob: a copy of the
// generated role shipped with the chart), the built-in ClusterRole
// cluster-admin (every verb on every resource) where a ClusterRoleBinding
// binds it (a RoleBinding grants it in one namespace only and does not
// count), and the
// <resource>/finalizers named in the other files (other Helm templates,
// which are not YAML until rendered, and OLM bundles). Hidden directories,
// vendor, testdata, node_modules, third_party, test, tests, e2e, examples,
// docs, hack, other Go modules, files over 1 MiB, and directories named for
// a release older than a sibling's (install/v0.10.0 beside install/v0.11.0:
// a past release's manifests, kept for its users) are not read, nor are
// files named for a release (alpha-releases/v0.19.0-alpha.9.yml: what a
// release was published with) when other files hold roles; when none do,
// the newest such file of each directory is read. The roles
// setting replaces the repository by the files and directories it names
// (relative to the module root), for roles deployed from elsewhere. A rule
// grants the permission when its verbs hold update or *, its groups the
// owner's group or *, and its resources <plural>/finalizers, */finalizers or
// *. Each set of roles that may write the owner's resource (update, patch or
// *: the roles of a controller that manages it, not of a component that only
// reads it) must grant its finalizers: the package's markers, and the roles
// of each directory (each is one way the controller is deployed:
// config/rbac, a chart's templates, deploy/). The markers are a way the
// controller is deployed only when roles are written from them (or none are
// written yet): with roles all written by hand (a Helm chart), markers that
// lack the grant deploy nothing and are not reported. So are the markers
// of a package that the project's Makefile leaves out of controller-gen's
// rbac generation (paths="./api/..."): config/rbac is then not written
// from them either. The role
// controller-gen writes from the markers of every package of the module
// (config/rbac, or wherever the project has it written: a role that grants
// all the package's markers ask for) needs no more than a marker granting
// it, and its grant covers a package whose own markers name the resource
// without its finalizers (another package's marker asked for them). Roles
// kept in or below the directory of a main package (cmd/tool/deploy) are
// that program's: only its own packages need them. The roles one
// kustomization deploys (kustomization.yaml's resources, bases and
// components, transitively) are those of the components it installs
// together (the controller, a web UI, roles aggregated for users): one of
// them granting the finalizers is enough. So are the roles under one Helm
// chart's templates (a directory with a Chart.yaml), which installing the
// chart deploys together (the controller's role beside a webhook server's
// that edits the resource without its finalizers); a chart installed
// apart is a deployment of its own. A role kept beside a kustomization
// that does not name it (kubebuilder's editor and viewer roles, scaffolded
// for users and left out of config/rbac's kustomization) is not deployed
// from there: it grants nothing, and does not make its directory one whose
// roles must grant the finalizers. A ClusterRole's aggregationRule
// makes the rules of the roles it selects by label its own, wherever they
// are kept; a role labelled to be aggregated into a role the manifests do
// not hold (rbac.authorization.k8s.io/aggregate-to-edit, or a platform's
// aggregate-to-<platform>-admin) is for users and grants the controller
// nothing. When no role names the owner's resource, a grant anywhere will
// do. The API server checks the grant only where the admission plugin is
// on, which OpenShift turns on and other distributions leave off unless a
// cluster's administrator adds it: when the roles the repository keeps for
// OpenShift (a directory named for it, or okd or ocp) grant the
// finalizers, its roles for other platforms and its markers need not.
//
// When the package has no RBAC marker and none of the manifests read holds
// a role, the analyzer cannot see the roles the controller is deployed
// with: it says so once, at the package's first blocking reference, and
// reports nothing else (category "roles-not-seen"). A missing grant is
// reported once, at its first reference in the package, with the others
// as related positions (category "missing-finalizers-grant"); it names the
// marker line to add or, when a directory of hand-written roles lacks it,
// the rule to add there (to the directories of the roles when all are
// written by hand and none names the owner's resource, as for a
// controller that only reads its owners). When a file of one of those references holds RBAC
// markers and the owner's group is known, a suggested fix adds the marker
// after the file's last RBAC marker.
//
// How the drivers see an edit of the manifests: the deletionlint command
// reads them on every run. go vet caches a package's result by its Go
// inputs and the tool's -V=full line, into which deletionlint folds the
// names, sizes and modification times of the YAML files of the repository
// around the directory go vet runs in, so the next go vet after an edit
// runs the analysis again (files named by the roles setting outside the
// repository are not part of it: run go vet with -a after editing them).
// golangci-lint caches each package's findings by its Go files and its
// configuration: the plugin adds the same description of the manifests to
// its cache key (as the name of an analyzer that reports nothing). Bazel's
// nogo runs
// the analyzer in a sandbox that holds the package's sources only: it sees
// the package's markers, and without them says once that it cannot see the
// roles.
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
//
// # Categories
//
//   - missing-finalizers-grant: a blocking owner reference whose owner's
//     finalizers the roles of the controller do not grant update on.
//   - roles-not-seen: the package has no RBAC marker and no role is read, so
//     nothing is checked.
//
// # Settings
//
//   - roles (list of paths, default empty: the repository's manifests): the
//     files or directories, relative to the module root, that hold the RBAC
//     roles the controller is deployed with, when they are not in its
//     repository.
package finalizersrbac
