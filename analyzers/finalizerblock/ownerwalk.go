package finalizerblock

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// ownerLookup reports whether call yields no owner when there is none: a
// LookupOwner of Cluster API, or one of the package's own helpers written
// like them (see recognize.OwnerWalker).
func (c *checker) ownerLookup(call *ast.CallExpr) (recognize.Lookup, bool) {
	if l, ok := recognize.AsLookup(c.info, call); ok {
		return l, l.Kind == recognize.LookupOwner
	}
	fn := recognize.Callee(c.info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return recognize.Lookup{}, false
	}
	if c.ownerWalkers == nil {
		c.ownerWalkers = make(map[*types.Func]bool)
		for _, f := range c.pass.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if _, walks := recognize.OwnerWalker(c.info, fd); walks {
						c.ownerWalkers[c.info.Defs[fd.Name].(*types.Func)] = true
					}
				}
			}
		}
	}
	if !c.ownerWalkers[fn.Origin()] {
		return recognize.Lookup{}, false
	}
	return recognize.Lookup{Call: call, Kind: recognize.LookupOwner, Type: fn.Type().(*types.Signature).Results().At(0).Type()}, true
}
