// The tool whose roles are in deploy/: its own controller references to
// Sprockets need sprockets/finalizers there.
package main

import (
	appsv1 "finalizersrbac/apis/apps/v1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func adopt(sp *appsv1.Sprocket, child *corev1.ConfigMap, s *runtime.Scheme) {
	_ = controllerutil.SetControllerReference(sp, child, s) // want `reference to a Sprocket.*the roles under cmd/importer/deploy grant sprockets but not sprockets/finalizers`
}

func main() {}
