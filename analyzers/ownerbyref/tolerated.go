package ownerbyref

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// tolerated reports whether the function whose body holds the lookup call
// goes on whatever its error: the if statement that tests the error acts
// only on success (if err == nil { ... } with no else), or its failure
// branch neither returns nor leaves a loop (if err != nil { log }). A
// best-effort lookup that finds no owner changes nothing the object's
// deletion waits on, so an owner it misses is not one whose deletion goes
// unseen.
func tolerated(info *types.Info, body *ast.BlockStmt, call *ast.CallExpr) bool {
	_, as, ifs := recognize.ErrorHandling(body, call)
	if as == nil || ifs == nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(as.Lhs) == 0 {
		return false
	}
	id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok {
		return false
	}
	v := info.ObjectOf(id)
	if v == nil || !recognize.IsError(v.Type()) {
		return false
	}
	x, whenNil, ok := recognize.NilTest(info, ifs.Cond)
	if xid, isIdent := x.(*ast.Ident); !ok || !isIdent || info.Uses[xid] != v {
		return false
	}
	if whenNil {
		return ifs.Else == nil // if err == nil { act on the owner }
	}
	return !leaves(ifs.Body) // if err != nil { log the failure }
}

// leaves reports whether block has a return, break, continue or goto
// outside function literals.
func leaves(block *ast.BlockStmt) bool {
	found := false
	ast.Inspect(block, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		}
		return !found
	})
	return found
}
