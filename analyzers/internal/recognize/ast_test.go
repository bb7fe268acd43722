package recognize

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"
)

const builtinSrc = `package p

func f(xs []int) {
	_ = append(xs, 1)
	_ = (len)(xs)
	_ = new(int)
	_ = g(xs)
	_ = xs
	{
		len := func([]int) int { return 0 }
		_ = len(xs)
	}
}

func g(xs []int) int { return 0 }
`

func TestBuiltin(t *testing.T) {
	fset := token.NewFileSet()
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object), Types: make(map[ast.Expr]types.TypeAndValue)}
	_, f := check(t, fset, "p", builtinSrc, mapImporter{}, info)
	var got []string
	var lenArgs int
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			got = append(got, Builtin(info, as.Rhs[0]))
			if LenArg(info, as.Rhs[0]) != nil {
				lenArgs++
			}
		}
		return true
	})
	// The shadowing len is a local function, not the built-in.
	want := []string{"append", "len", "new", "", "", "", ""}
	if len(got) != len(want) {
		t.Fatalf("Builtin over the assignments = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Builtin of assignment %d = %q, want %q", i, got[i], want[i])
		}
	}
	if lenArgs != 1 {
		t.Errorf("LenArg found %d calls of the built-in len, want 1", lenArgs)
	}
}
