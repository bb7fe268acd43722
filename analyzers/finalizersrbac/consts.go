package finalizersrbac

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// stringConst returns the value of a constant string expression.
func stringConst(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
