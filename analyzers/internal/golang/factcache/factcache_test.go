package factcache_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/factcache"
)

type fact struct{ N int }

func (*fact) AFact() {}

// TestOf: a fact of another package's object is imported once; the
// pass's own objects and objects without a fact have none.
func TestOf(t *testing.T) {
	own, other := types.NewPackage("own", "own"), types.NewPackage("other", "other")
	withFact := types.NewVar(0, other, "withFact", types.Typ[types.Int])
	without := types.NewVar(0, other, "without", types.Typ[types.Int])
	mine := types.NewVar(0, own, "mine", types.Typ[types.Int])
	imports := 0
	pass := &analysis.Pass{
		Pkg: own,
		ImportObjectFact: func(obj types.Object, f analysis.Fact) bool {
			imports++
			if obj == withFact {
				f.(*fact).N = 7
				return true
			}
			return false
		},
	}
	c := factcache.New[fact](pass)
	for range 2 {
		if f := c.Of(withFact); f == nil || f.N != 7 {
			t.Errorf("Of(withFact) = %v, want N 7", f)
		}
		if f := c.Of(without); f != nil {
			t.Errorf("Of(without) = %v, want nil", f)
		}
		if f := c.Of(mine); f != nil {
			t.Errorf("Of(mine) = %v, want nil", f)
		}
	}
	if imports != 2 {
		t.Errorf("%d imports, want 2 (one per object of another package)", imports)
	}
}
