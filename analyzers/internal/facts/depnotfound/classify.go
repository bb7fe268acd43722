package depnotfound

import (
	"go/ast"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/golang/fixpoint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// classifies reports whether call classifies an error as a
// dependency-not-found error.
func (r *solver) classifies(call *ast.CallExpr) bool {
	info := r.pass.TypesInfo
	fn := recognize.Callee(info, call)
	if fn == nil {
		return false
	}
	if recognize.IsFunc(fn, "errors", "As") && len(call.Args) == 2 {
		if t := info.TypeOf(call.Args[1]); t != nil {
			if p, ok := t.Underlying().(*types.Pointer); ok {
				_, ok := r.seedType(p.Elem())
				return ok
			}
		}
		return false
	}
	if r.classifiers[fn] {
		return true
	}
	if fn.Pkg() == r.pass.Pkg {
		return false
	}
	return r.pass.ImportObjectFact(fn, new(classifierFact))
}

// solveClassifiers finds the package's classifiers: functions with an
// error parameter that return a bool and, outside function literals, call
// errors.As with a seed target or another classifier.
func (r *solver) solveClassifiers(decls []decl) {
	var cands []decl
	for _, d := range decls {
		if takesError(d.fn) && returnsBool(d.fn) {
			cands = append(cands, d)
		}
	}
	fixpoint.Solve(cands, func(d decl) bool {
		if r.classifiers[d.fn] {
			return false
		}
		found := false
		ast.Inspect(d.fd.Body, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if r.classifies(n) {
					found = true
				}
			}
			return true
		})
		if found {
			r.classifiers[d.fn] = true
		}
		return found
	})
	for _, d := range cands {
		if r.classifiers[d.fn] && recognize.Exportable(d.fn) {
			r.pass.ExportObjectFact(d.fn, new(classifierFact))
		}
	}
}

func takesError(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Params().Len() {
		if recognize.IsError(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

func returnsBool(fn *types.Func) bool {
	for _, t := range recognize.ResultTypes(fn) {
		if recognize.IsBool(t) {
			return true
		}
	}
	return false
}
