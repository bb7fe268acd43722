// Package blockownerdeletion defines an Analyzer that reports controller
// owner references that do not block the deletion of their owner.
//
// # Analyzer blockownerdeletion
//
// blockownerdeletion: controller owner references must set blockOwnerDeletion
//
// A foreground cascading deletion (kubectl delete --cascade=foreground, or a
// Delete with PropagationPolicy Foreground) keeps the owner, with the
// foregroundDeletion finalizer, until its dependents are gone, but it waits
// only for the dependents whose owner reference has blockOwnerDeletion set
// to true. A controller reference without it lets the owner disappear first:
// a child whose deletion fails or hangs on its own finalizer is no longer
// visible from the owner, and whoever deleted the owner believes the whole
// tree is gone.
//
// The analyzer reports metav1.OwnerReference values whose Controller field
// is true (ptr.To(true), pointer.Bool(true), &trueVar, a local helper
// returning *bool) and whose BlockOwnerDeletion field is never set:
//
//   - composite literals (category "literal"), with a suggested fix that adds
//     BlockOwnerDeletion spelled like the Controller field;
//   - references made controllers by assigning the Controller field
//     (category "assign"), with a suggested fix that assigns
//     BlockOwnerDeletion after it;
//   - calls of functions, in this or any other package or module, that return
//     such a reference (category "call"), for example an xxxAsOwner helper
//     or an older crossplane-runtime meta.AsController. Such functions are
//     marked with a fact, so the call sites are found across packages. A
//     builder whose flags are its bool parameters (ref(t, o, controller,
//     block bool) returning Controller: &controller, BlockOwnerDeletion:
//     &block) is judged at each call by the flags it passes. A call of a
//     builder of the same package whose own literal is reported is not
//     reported again: the literal's finding, where the fix goes, names the
//     calls as related positions and says "only the order changes" when
//     every object they set the reference on has no finalizer of its own
//     (category "order-only").
//
// Setting the field needs permission to update the owner's finalizers
// subresource (a kubebuilder marker with resources=<owners>/finalizers,
// verbs=update), which controllers that use SetControllerReference already
// have; without it the API server rejects the dependent.
//
// A reference is reported only when it can reach an object's owner
// references: put in an OwnerReferences field (a literal inside an object,
// an assignment, append), passed to SetOwnerReferences, or passed to a
// function that does, in this or another package (marked with a fact),
// directly or through variables and slices. A reference returned, kept in
// a field of another type or passed to a function whose body is not
// analysed may reach one and counts too. A reference only compared with
// the references an object has (with ==, by a function whose only result
// is a bool such as Cluster API's util.HasExactOwnerRef, or by an
// assertion function that returns an error) never reaches an object and is
// not reported, nor is one whose BlockOwnerDeletion field is assigned
// afterwards, or that is handed by pointer to a function that may set it,
// nor an explicit BlockOwnerDeletion: ptr.To(false), which is a deliberate
// choice, nor a literal that names neither the owner nor its UID and is not
// kept in a variable: the API server accepts no such owner reference on an
// object, so it is an expectation (a test framework's, passed in a slice or
// variadic arguments to an assertion). Nor is a reference put in a local
// object that never reaches the API server: built in the function and only
// read there (compared with equality.Semantic.DeepEqual to compute a
// status, its fields read), never created, returned, copied or handed to a
// function that takes an object. Nor is a reference written into a
// cluster-scoped object (a Namespace, a ClusterRoleBinding, a kind marked
// +kubebuilder:resource:scope=Cluster) to a namespaced owner: the garbage
// collector cannot resolve it for a cluster-scoped dependent, so it never
// deletes the object through it and blockOwnerDeletion changes nothing.
// Nor is a reference written into a StatefulSet's volume claim template
// (in the VolumeClaimTemplates field's literal, through the field, or in a
// copy of one of its elements, also of a parameter every caller passes the
// field): the StatefulSet controller copies it into each claim it creates,
// under its own service account, so setting blockOwnerDeletion there
// makes those creates need update on the owner's finalizers for that
// account, which clusters that enforce it (OpenShift) refuse.
// metav1.NewControllerRef, controllerutil.SetControllerReference and
// the runtime's ownership.NewControllerRef and
// ownership.SetControllerReference set the field and are the fix.
//
// # Plain references that are control
//
// A plain owner reference (controllerutil.SetOwnerReference, a literal
// without Controller) is reported without all-owner-references when it is,
// in all but name, a controller reference without blockOwnerDeletion: the
// only owner reference of a child that the reconciler of its owner's kind
// creates for it (through helpers and generators too, as ownschildren
// follows them), with no controller reference and no other owner (category
// "plain-control"). The finding is where the reference is set, or at the
// call of the helper that sets it (named as a related position, with the
// function at the end of its chain of calls that sets it, and where), and says
// to use controllerutil.SetControllerReference: the owner's foreground
// deletion does not wait for such a child, and when the builder watches
// its kind with Owns and with no Watches (whose handler may map the child
// to its owner by a name), Owns does not match it (its changes never reach
// the controller). When no Owns watches them and every child the reference is
// set on is a built-in kind without finalizers of its own to which the
// package adds none (a Deployment, a Job, a PodDisruptionBudget), the
// finding says that only the order of deletion changes, with category
// "order-only". A
// plain reference that sets blockOwnerDeletion, an object given references
// in several places (several owners), an object of a kind that code in
// scope gives an owner of unknown kind (a helper, in the package or a
// dependency, that makes whatever object it is given the controller: the
// object may be adopted later), an object a Cluster API provider creates
// and returns a reference to in a package that creates Machines (a
// Machine's bootstrap config or infrastructure machine, which Cluster
// API's Machine controller adopts as its controller), one the controller
// only updates, a kind
// its builder watches with Owns(..., builder.MatchEveryOwner) (plain
// ownership by design: that Owns matches the plain reference), and
// Secrets and ConfigMaps (deleted by the garbage collector either way, and
// often shared, such as a kubeconfig Secret a control plane adopts later)
// are left alone.
//
// # Children that cannot hold deletion up
//
// What the garbage collector does was measured on a real
// kube-controller-manager (runtime/internal/evidence): a foreground deletion
// of the owner deletes every dependent, with or without the flag, and
// waits only for those with blockOwnerDeletion. A non-blocking child held
// by a finalizer of its own outlives its owner (the bug above); a child
// without finalizers is deleted either way, only after the owner rather
// than before. So:
//
//   - a controller reference literal whose owner (the object whose UID or
//     name it copies) waits in its own deletion code for every kind the
//     function around it gives such references to (it lists them and
//     returns before releasing its finalizer while any is left, in this
//     package or one it imports) is left alone: the owner cannot be gone
//     before them;
//   - a reference visibly written into a built-in kind that carries no
//     finalizer that can hold its deletion for good (a Secret, ConfigMap,
//     Deployment, StatefulSet, Job, ServiceAccount, Role, ...; a
//     PersistentVolumeClaim too, whose only finalizer is the API server's
//     protection, released once the Pods that mount it, which leave with
//     their owners, are gone; not a Pod, Service or Ingress) to which the
//     package adds none (a literal of it,
//     its SetOwnerReferences or OwnerReferences field, or a function of the
//     package that is handed the reference as an argument and puts it in
//     objects of that one kind, through its own helpers too, also when the
//     reference is kept in a variable, refs := []metav1.OwnerReference{...},
//     that is only handed to such functions) stays a
//     finding, with
//     a message saying what is true: only the order changes unless a
//     finalizer is added to it; its category is "order-only", so that a
//     project can lower its severity (category-severity);
//   - a usage marker whose deletion must not wait for, or hold up, its
//     owner (Crossplane's ProviderConfigUsage) is left alone when it says
//     so: such markers carry a plain owner reference (meta.AsOwner, not a
//     controller reference, reported only with all-owner-references) or an
//     explicit BlockOwnerDeletion: ptr.To(false). A controller reference
//     without the field on any other child is reported: nothing in the
//     code tells a marker from a child that has finalizers.
//
// At run time: the example operator's TestForegroundCascadeWebsite
// (examples/scenarios) shows this bug failing deletiontest.ForegroundCascade:
// the Website goes, or loses its foregroundDeletion finalizer, while its
// Service is still being deleted.
//
// Bad:
//
//	ref := metav1.OwnerReference{
//		APIVersion: db.APIVersion,
//		Kind:       db.Kind,
//		Name:       db.Name,
//		UID:        db.UID,
//		Controller: ptr.To(true),
//	}
//
// Good:
//
//	ref, err := ownership.NewControllerRef(db, r.Scheme)
//
// or add BlockOwnerDeletion: ptr.To(true) to the literal.
//
// # Categories
//
//   - literal: a composite literal of a controller reference without
//     BlockOwnerDeletion.
//   - assign: a reference made a controller by assigning its Controller
//     field.
//   - call: a call of a function that returns such a reference.
//   - plain-control: a plain owner reference that is, in all but name, a
//     controller reference without blockOwnerDeletion.
//   - order-only: a literal, call or plain reference that is control
//     whose reference goes on built-in children without finalizers of
//     their own (and, for a plain reference, that no Owns watches): only
//     the order of deletion changes.
//
// # Settings
//
//   - all-owner-references (bool, default false): report every owner
//     reference that does not set BlockOwnerDeletion, not only controller
//     references.
package blockownerdeletion
