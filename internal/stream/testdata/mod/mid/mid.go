// Package mid imports low.
package mid

import "example.com/m/low"

// Mid returns a low.T.
func Mid() low.T { low.Exported(); return low.T{F: low.V + low.C} }

func hidden() {}

var _ = hidden
