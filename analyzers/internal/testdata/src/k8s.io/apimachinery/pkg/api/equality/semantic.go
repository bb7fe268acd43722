// Package equality is a stub of k8s.io/apimachinery/pkg/api/equality.
package equality

import "k8s.io/apimachinery/pkg/conversion"

// Semantic compares API objects semantically (quantities by value).
var Semantic = conversion.Equalities{}
