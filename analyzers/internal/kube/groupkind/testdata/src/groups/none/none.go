// Package none declares no group: a GroupVersion of another type, a
// GroupName that is not a constant. Its kinds stay keyed by Go type.
package none

type gv struct{ Group, Version string }

var GroupVersion = gv{Group: "not.a.scheme"}

var GroupName = "not.a.constant"
