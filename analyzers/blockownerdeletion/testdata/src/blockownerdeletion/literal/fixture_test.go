// A unit test's fixture object: a controller reference that never reaches an API server is not reported.
package literal

import (
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

func TestFixture(t *testing.T) {
	_ = metav1.OwnerReference{Name: "db", Controller: ptr.To(true)}
}
