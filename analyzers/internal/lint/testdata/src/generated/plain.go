// Package generated has a generated file, whose findings are dropped by
// default, beside a hand-written one.
package generated

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Flag() {}

func handWritten() {
	Flag() // want `call of Flag`
}
