package recognize

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"
)

const typedMetaSrc = `package v1
type ObjectMeta struct{ Name, Namespace string }
type GetOptions struct{}
type DeleteOptions struct{ PropagationPolicy *string }
type ListOptions struct{}
`

const typedBatchSrc = `package v1
import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
type Job struct{ metav1.ObjectMeta }
`

const typedSrc = `package p

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A generated controller: the namespace first, options by pointer.
type JobController interface {
	Get(namespace, name string, options metav1.GetOptions) (*batchv1.Job, error)
	Delete(namespace, name string, options *metav1.DeleteOptions) error
}

// A cache: no GetOptions, so not a typed client by its shape.
type JobCache interface {
	Get(namespace, name string) (*batchv1.Job, error)
	Delete(namespace, name string) error
}

// A typed client with the context argument.
type JobInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*batchv1.Job, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
}

func calls(ctx context.Context, jc JobController, cache JobCache, ji JobInterface, opts metav1.DeleteOptions) {
	_ = jc.Delete("ns", "generated", &metav1.DeleteOptions{})
	_ = cache.Delete("ns", "cached")
	_ = ji.Delete(ctx, "typed", opts)
	_, _ = jc.Get("ns", "read", metav1.GetOptions{})
}
`

func TestAsTypedCall(t *testing.T) {
	fset := token.NewFileSet()
	imp := mapImporter{}
	imp[PkgMetaV1], _ = check(t, fset, PkgMetaV1, typedMetaSrc, imp, nil)
	imp[PkgBatchV1], _ = check(t, fset, PkgBatchV1, typedBatchSrc, imp, nil)
	info := &types.Info{
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
	}
	// The package's path holds no typed/: only the shape can tell.
	_, f := check(t, fset, "example.com/generated/controllers", typedSrc, imp, info)
	type want struct {
		method, name string
		options      bool
	}
	wants := map[string]*want{ // by the call's first string literal past the namespace
		"generated": {"Delete", `"generated"`, true},
		"cached":    nil,
		"typed":     {"Delete", `"typed"`, true},
		"read":      {"Get", `"read"`, false},
	}
	seen := 0
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		var key string
		for _, a := range call.Args {
			if lit, ok := a.(*ast.BasicLit); ok && lit.Value != `"ns"` {
				key = lit.Value[1 : len(lit.Value)-1]
				break
			}
		}
		w, listed := wants[key]
		if !listed {
			return true
		}
		seen++
		tc, ok := AsTypedCall(info, call)
		switch {
		case w == nil && ok:
			t.Errorf("%s: a typed call, want none", key)
		case w == nil:
		case !ok:
			t.Errorf("%s: not a typed call", key)
		default:
			name := ""
			if lit, ok := tc.Name.(*ast.BasicLit); ok {
				name = lit.Value
			}
			if tc.Method != w.method || name != w.name || (tc.Options != nil) != w.options {
				t.Errorf("%s: method %s, name %s, options %v; want %s, %s, %v", key, tc.Method, name, tc.Options != nil, w.method, w.name, w.options)
			}
		}
		return true
	})
	if seen != len(wants) {
		t.Errorf("saw %d of the %d calls", seen, len(wants))
	}
}
