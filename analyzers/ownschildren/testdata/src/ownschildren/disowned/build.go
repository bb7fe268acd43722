package disowned

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	cachev1 "ownschildren/api/v1"
)

// buildConfig makes a ConfigMap controlled by m, as most callers want it.
func buildConfig(m *cachev1.Memcached, s *runtime.Scheme) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: m.Name, Namespace: m.Namespace}}
	if err := controllerutil.SetControllerReference(m, cm, s); err != nil {
		return nil, err
	}
	return cm, nil
}

// buildSharedConfig makes the ConfigMap that every Memcached of a
// namespace shares: none of them is its controller.
func buildSharedConfig(m *cachev1.Memcached, s *runtime.Scheme) (*corev1.ConfigMap, error) {
	cm, err := buildConfig(m, s)
	if err != nil {
		return nil, err
	}
	if err := controllerutil.RemoveControllerReference(m, cm, s); err != nil {
		return nil, err
	}
	return cm, nil
}

// buildSecret makes a Secret controlled by m.
func buildSecret(m *cachev1.Memcached, s *runtime.Scheme) (*corev1.Secret, error) {
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: m.Name, Namespace: m.Namespace}}
	return sec, controllerutil.SetControllerReference(m, sec, s)
}

// buildAccount makes a ServiceAccount controlled by m.
func buildAccount(m *cachev1.Memcached, s *runtime.Scheme) (*corev1.ServiceAccount, error) {
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: m.Name, Namespace: m.Namespace}}
	return sa, controllerutil.SetControllerReference(m, sa, s)
}
