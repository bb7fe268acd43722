// The report builder of unknownowner in an operator whose roles grant update on the finalizers of the kinds it scans: the rule cannot tell whether the owner's is among them, and says nothing.
package granted

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// +kubebuilder:rbac:groups=apps.example.com,resources=reports,verbs=get;list;watch;create;update;patch
// +kubebuilder:rbac:groups=apps,resources=deployments/finalizers;replicasets/finalizers,verbs=update

type Report struct{ metav1.ObjectMeta }

type Builder struct {
	scheme *runtime.Scheme
	owner  client.Object
}

func (b *Builder) Get() (Report, error) {
	r := Report{ObjectMeta: metav1.ObjectMeta{Name: b.owner.GetName()}}
	if err := controllerutil.SetControllerReference(b.owner, &r, b.scheme); err != nil {
		return Report{}, err
	}
	return r, nil
}
