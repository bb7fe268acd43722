package recognize

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
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

const emptySrc = `package p

func f(xs []int, m map[string]int, s string) {
	_ = len(xs) == 0
	_ = len(xs) < 1
	_ = 0 == len(m)
	_ = len(xs) <= 0
	_ = len(xs) > 0
	_ = len(m) != 0
	_ = len(xs) >= 1
	_ = 0 < len(xs)
	_ = 1 <= len(s)
	_ = len(xs) < 2
	_ = len(xs) == 1
	_ = len(xs) > 1
	_ = len(xs) != len(m)
	_ = cap(xs) == 0
	_ = len(xs) + 1 == 1
}
`

func TestEmptyTest(t *testing.T) {
	fset := token.NewFileSet()
	info := &types.Info{Uses: make(map[*ast.Ident]types.Object), Types: make(map[ast.Expr]types.TypeAndValue)}
	_, f := check(t, fset, "p", emptySrc, mapImporter{}, info)
	var got []string
	ast.Inspect(f, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		x, whenEmpty, ok := EmptyTest(info, as.Rhs[0])
		switch {
		case !ok:
			got = append(got, "-")
		case whenEmpty:
			got = append(got, types.ExprString(x)+" empty")
		default:
			got = append(got, types.ExprString(x)+" not empty")
		}
		return true
	})
	want := []string{
		"xs empty", "xs empty", "m empty", "xs empty",
		"xs not empty", "m not empty", "xs not empty", "xs not empty", "s not empty",
		"-", "-", "-", "-", "-", "-",
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("EmptyTest over the assignments:\n got %q\nwant %q", got, want)
	}
}
