// Package factcache imports the facts of objects of other packages once
// each: an analysis asks for the same callee's fact at every call.
package factcache

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Cache holds the facts of type *F that a pass imported, nil where an
// object has none.
type Cache[F any, P interface {
	*F
	analysis.Fact
}] struct {
	pass  *analysis.Pass
	facts map[types.Object]P
}

// New returns an empty cache of pass's facts of type *F.
func New[F any, P interface {
	*F
	analysis.Fact
}](pass *analysis.Pass) *Cache[F, P] {
	return &Cache[F, P]{pass: pass, facts: make(map[types.Object]P)}
}

// Of returns the fact of obj, an object of another package, or nil: nil
// too for an object of the pass's own package, whose facts the pass is
// computing, and for an object of no package.
func (c *Cache[F, P]) Of(obj types.Object) P {
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
		return nil
	}
	if f, ok := c.facts[obj]; ok {
		return f
	}
	f := P(new(F))
	if !c.pass.ImportObjectFact(obj, f) {
		f = nil
	}
	c.facts[obj] = f
	return f
}
