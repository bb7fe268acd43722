// want package:"group\\(routes.example.com/v1\\)"

package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// legacyGroupVersion is an older registration of the package's kinds in
// the core group, kept for old clients; the file sorts before the one
// that declares the group the package's kinds are served under.
var legacyGroupVersion = schema.GroupVersion{Group: "", Version: "v1"}

var _ = legacyGroupVersion
