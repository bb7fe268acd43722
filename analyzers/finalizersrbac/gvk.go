package finalizersrbac

import (
	"go/ast"
	"go/constant"
	"go/types"
)

// groupField returns the constant Group of a schema.GroupVersion or
// schema.GroupVersionKind composite literal.
func groupField(info *types.Info, e ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	for i, elt := range lit.Elts {
		value := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "Group" {
				continue
			}
			value = kv.Value
		} else if i != 0 {
			continue
		}
		return stringConst(info, value)
	}
	return "", true // Group omitted: the core group
}

// stringConst returns the value of a constant string expression.
func stringConst(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
