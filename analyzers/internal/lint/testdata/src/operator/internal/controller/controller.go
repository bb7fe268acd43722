// Package controller is the operator's own code, beside its test support:
// its findings are kept.
package controller

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Flag() {}

func reconcile() {
	Flag() // want `call of Flag`
}
