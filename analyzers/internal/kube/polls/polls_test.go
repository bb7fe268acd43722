package polls_test

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/polls"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// TestShapes asks, for each method of pollshapes.R, whether it polls and at
// which interval, as its name says; the facts of pollshapes/requeue's
// helpers, which it calls, are checked by their want comments.
func TestShapes(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), polls.Analyzer, "pollshapes", "pollshapes/requeue")
	var shapes *analysistest.Result
	for _, r := range results {
		if r.Pass.Pkg.Path() == "pollshapes" {
			shapes = r
		}
	}
	res, _ := shapes.Result.(*polls.Result)
	obj := shapes.Pass.Pkg.Scope().Lookup("R")
	mset := types.NewMethodSet(types.NewPointer(obj.Type()))
	for i := range mset.Len() {
		fn := mset.At(i).Obj().(*types.Func)
		poll, ok := res.Of(fn)
		name := fn.Name()
		wantOK := strings.HasPrefix(name, "polls_")
		want := name[strings.LastIndex(name, "_")+1:] // seconds, or "configured"
		if want == "configured" {
			want = "any"
		}
		got := "any"
		if poll.Seconds > 0 {
			got = strconv.FormatFloat(poll.Seconds, 'f', -1, 64)
		}
		if ok != wantOK || ok && got != want {
			t.Errorf("%s: polls %v (%s), want %v (%s)", name, ok, got, wantOK, want)
		}
	}
	if mset.Len() < 9 {
		t.Errorf("%d methods, want the 9 shapes", mset.Len())
	}
}

// TestFrom asks ReconcilerFrom, for each call of made in pollsfrom, whether
// the passes of its reconciler that reach it poll, as the reconciler's
// name says: Polls_N at most every N seconds, NoPoll not at all.
func TestFrom(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), polls.Analyzer, "pollsfrom")
	res, _ := results[0].Result.(*polls.Result)
	info := results[0].Pass.TypesInfo
	asked := 0
	for _, file := range results[0].Pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			recv := info.TypeOf(fd.Recv.List[0].Type)
			name := types.TypeString(recv.(*types.Pointer).Elem(), func(*types.Package) string { return "" })
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || types.ExprString(call.Fun) != "made" {
					return true
				}
				asked++
				poll, ok := res.ReconcilerFrom(recv, call)
				wantOK := strings.HasPrefix(name, "Polls_")
				want := strings.TrimPrefix(name, "Polls_")
				got := strconv.FormatFloat(poll.Seconds, 'f', -1, 64)
				if ok != wantOK || ok && got != want {
					t.Errorf("%s: polls %v (every %ss), want %v (%s)", name, ok, got, wantOK, want)
				}
				return true
			})
		}
	}
	if asked != 5 {
		t.Errorf("%d calls of made, want 5", asked)
	}
}
