package clients_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/clients"
	"github.com/deletionlint/deletionlint/analyzers/internal/values"
)

const src = `package p

type Client interface{ Create(obj any) error }

type reconciler struct{ Client Client }

func dial(cfg string) (Client, error) { return nil, nil }

func (r *reconciler) run() {
	tenant, _ := dial("tenant")
	tenant.Create(nil)                 // remote: made here
	r.Client.Create(nil)               // own: a field
	own := r.Client
	own.Create(nil)                    // own: a copy of the field
	install(tenant)
	install(tenant)
	mixed(tenant)
	mixed(r.Client)
	deep(tenant)
}

func install(c Client) { c.Create(nil) } // remote: every caller passes one
func mixed(c Client)   { c.Create(nil) } // own: one caller passes the field
func deep(c Client)    { deeper(c) }
func deeper(c Client)  { c.Create(nil) } // remote: through two callers

// Exported may be called from other packages, with any client.
func Exported(c Client) { c.Create(nil) }
`

func TestRemote(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Defs: make(map[*ast.Ident]types.Object), Uses: make(map[*ast.Ident]types.Object),
		Types: make(map[ast.Expr]types.TypeAndValue), Selections: make(map[*ast.SelectorExpr]*types.Selection),
	}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	vals := values.New(info, inspector.New([]*ast.File{f}))
	// The receiver of each c.Create(nil) call, by line, and whether it is
	// another cluster's client.
	want := map[int]bool{11: true, 12: false, 14: false, 22: true, 23: false, 25: true, 28: false}
	got := make(map[int]bool)
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Create" {
			got[fset.Position(call.Pos()).Line] = clients.Remote(info, vals, sel.X)
		}
		return true
	})
	for line, remote := range want {
		if g, ok := got[line]; !ok || g != remote {
			t.Errorf("line %d: Remote = %t (found %t), want %t", line, g, ok, remote)
		}
	}
}
