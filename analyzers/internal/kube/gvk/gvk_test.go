package gvk_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/gvk"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

// reader reports, at each call of kinds(e), what Of reads of e, and at
// each call of kindsFromCallers(e), what it reads with Callers, and at
// each call of objects(x), what Objects reads of x's variable in the
// function around it: "apiVersion Kind key" for each kind ("?" for an
// apiVersion not known, "group G" for a group without its version, "-" for
// no key), or "none".
var reader = &analysis.Analyzer{
	Name: "gvkreader",
	Doc:  "test: report what gvk.Reader reads",
	Run: func(pass *analysis.Pass) (any, error) {
		ins := inspector.New(pass.Files)
		r := gvk.Reader{Info: pass.TypesInfo, Values: values.New(pass.TypesInfo, ins)}
		for c := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
			fd := c.Node().(*ast.FuncDecl)
			objs := r.Objects(fd.Body)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if !ok {
					return true
				}
				switch id.Name {
				case "kinds":
					pass.Reportf(call.Pos(), "%s", describe(r.Of(call.Args[0])))
				case "kindsFromCallers":
					callers := r
					callers.Callers = true
					pass.Reportf(call.Pos(), "%s", describe(callers.Of(call.Args[0])))
				case "objects":
					v, _ := pass.TypesInfo.Uses[recognize.NameOf(recognize.StripAddr(call.Args[0]))].(*types.Var)
					pass.Reportf(call.Pos(), "%s", describe(objs[v]))
				}
				return true
			})
		}
		return nil, nil
	},
}

func describe(named []gvk.Named) string {
	if len(named) == 0 {
		return "none"
	}
	var out []string
	for _, n := range named {
		gv := n.APIVersion()
		switch {
		case gv == "" && n.GroupKnown:
			gv = "group " + n.Group
		case gv == "":
			gv = "?"
		}
		key := n.Key()
		if key == "" {
			key = "-"
		}
		out = append(out, gv+" "+n.Kind+" "+key)
	}
	return strings.Join(out, "; ")
}

// TestReader: each way code names a kind with values, and the values that
// name no kind (read from data, a parameter, one unknown among several).
func TestReader(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), reader, "gvks")
}
