// Package generatedhook has generated code that calls hooks written by
// hand: a finding about the generated call moves to the hook.
package generatedhook

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Hook() {} // want `call of Hook`

func Flag() {}
