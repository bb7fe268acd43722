// Package directive holds a malformed suppression directive, which whatever
// rule runs first reports (once).
package directive

import "k8s.io/apimachinery/pkg/types"

// UID is used so that the import is needed.
var UID types.UID

func f() {
	//deletionlint:ignore
	_ = UID
}
