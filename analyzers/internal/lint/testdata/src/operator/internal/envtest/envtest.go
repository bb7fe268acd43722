// Package envtest is test support of an operator: a fake controller that a
// test suite starts in envtest. Its findings are dropped.
package envtest

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Flag() {}

func fakeController() {
	Flag()
}
