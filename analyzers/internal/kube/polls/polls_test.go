package polls_test

import (
	"go/types"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers/internal/gopathtest"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/polls"
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
