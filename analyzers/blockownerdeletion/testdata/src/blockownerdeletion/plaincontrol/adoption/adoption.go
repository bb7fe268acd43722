// Package adoption hands the Reservations a Store creates over to whichever
// object claims them later: it makes the object it is given (of any kind)
// their controller.
package adoption

import (
	"blockownerdeletion/plaincontrol/api"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Adopt makes claimer the controller of rs.
func Adopt(claimer client.Object, rs *api.Reservation, s *runtime.Scheme) error {
	return controllerutil.SetControllerReference(claimer, rs, s)
}

// Claimed reports whether something has adopted rs.
func Claimed(rs *api.Reservation) bool {
	return len(rs.OwnerReferences) > 1
}
