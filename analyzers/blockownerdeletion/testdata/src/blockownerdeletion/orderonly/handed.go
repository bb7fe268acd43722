package orderonly

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// Store's references are handed to generators that build the objects, as
// a parameter: the kinds those generators put them in say what a
// foreground deletion leaves behind.
type Store struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func storeRef(s *Store) metav1.OwnerReference { // want storeRef:`returnsControllerRefWithoutBlock`
	return metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Store", Name: s.Name, UID: s.UID, Controller: ptr.To(true)} // want `^controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for the objects it is set on \(DaemonSet\); the garbage collector still deletes them, after the owner, so only the order changes unless a finalizer is added to them; set BlockOwnerDeletion to true`
}

func generateDaemonSet(name string, owner metav1.OwnerReference) *appsv1.DaemonSet {
	ds := &appsv1.DaemonSet{ObjectMeta: metav1.ObjectMeta{Name: name}}
	addOwner(ds, owner)
	return ds
}

func addOwner(obj metav1.Object, owner metav1.OwnerReference) {
	obj.SetOwnerReferences(append(obj.GetOwnerReferences(), owner))
}

func daemonSetOf(s *Store) *appsv1.DaemonSet {
	return generateDaemonSet(s.Name, storeRef(s))
}

// vaultRef's reference goes, through a generator, on a claim, whose only
// finalizer is the API server's protection, released once no Pod mounts
// it: a claim's deletion is never held for good, so only the order
// changes, as for a DaemonSet.
type Vault struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func vaultRef(v *Vault) metav1.OwnerReference { // want vaultRef:`returnsControllerRefWithoutBlock`
	return metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Vault", Name: v.Name, UID: v.UID, Controller: ptr.To(true)} // want `^controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for the objects it is set on \(PersistentVolumeClaim\); the garbage collector still deletes them, after the owner, so only the order changes`
}

func generateClaim(name string, owner metav1.OwnerReference) *corev1.PersistentVolumeClaim {
	return &corev1.PersistentVolumeClaim{ObjectMeta: metav1.ObjectMeta{Name: name, OwnerReferences: []metav1.OwnerReference{owner}}}
}

func claimOf(v *Vault) *corev1.PersistentVolumeClaim {
	return generateClaim(v.Name, vaultRef(v))
}

// Shelf's reference is handed, with the object it goes on, to a helper
// that appends it to any object: the object passed says the kind.
type Shelf struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func shelfRef(s *Shelf) metav1.OwnerReference { // want shelfRef:`returnsControllerRefWithoutBlock`
	return metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Shelf", Name: s.Name, UID: s.UID, Controller: ptr.To(true)} // want `^controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for the objects it is set on \(Deployment\)`
}

func deploymentOfShelf(s *Shelf) *appsv1.Deployment {
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: s.Name}}
	addOwner(d, shelfRef(s))
	return d
}

// A Cabinet's reference is built into a slice kept in a variable, which
// is handed to helpers that create Secrets with it: only the order of
// deletion changes. A Drawer's is handed to one that creates Secrets and
// to one that creates Trays, a kind of the project's that may carry
// finalizers: the general message.
type Cabinet struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

type Drawer struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func secretFor(name string, refs []metav1.OwnerReference, data map[string][]byte) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name, OwnerReferences: refs}, Data: data}
}

// Tray is a kind of the project's, which its controller may give
// finalizers.
type Tray struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

func trayFor(name string, refs []metav1.OwnerReference) *Tray {
	return &Tray{ObjectMeta: metav1.ObjectMeta{Name: name, OwnerReferences: refs}}
}

func cabinetSecrets(c *Cabinet) []*corev1.Secret {
	refs := []metav1.OwnerReference{
		{APIVersion: "example.com/v1", Kind: "Cabinet", Name: c.Name, UID: c.UID, Controller: ptr.To(true)}, // want `^controller owner reference without blockOwnerDeletion: a foreground deletion of the owner does not wait for this Secret; the garbage collector still deletes it, after the owner, so only the order changes`
	}
	return []*corev1.Secret{secretFor(c.Name+"-meta", refs, nil), secretFor(c.Name+"-net", refs, nil)}
}

func drawerObjects(d *Drawer) (*corev1.Secret, *Tray) {
	refs := []metav1.OwnerReference{
		{APIVersion: "example.com/v1", Kind: "Drawer", Name: d.Name, UID: d.UID, Controller: ptr.To(true)}, // want `^controller owner reference without blockOwnerDeletion: a foreground deletion of the owner waits only for dependents that block it`
	}
	return secretFor(d.Name, refs, nil), trayFor(d.Name, refs)
}
