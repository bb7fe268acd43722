// Package generated tells the generated Go files whose code deletionlint
// analyses from those it leaves out.
//
// Most generated files of an operator hold nothing the rules learn from:
// deep copies, conversions, defaults, clientsets, listers and informers.
// Some hold controller code: the external clients and resource managers
// that code generators write for each kind of a cloud provider, whose
// Observe or Delete calls the hooks the operator's authors wrote by hand.
// A deletion bug in such a hook is reached only through the generated
// code, so that code is analysed like the rest; findings are still not
// reported in it (see analyzers/internal/lint).
package generated

import (
	"go/ast"
	"strconv"
	"strings"
)

// frameworks are the import path prefixes of the controller frameworks
// whose users' generated code is controller code.
var frameworks = []string{
	"sigs.k8s.io/controller-runtime/pkg/",
	"github.com/crossplane/crossplane-runtime/pkg/reconciler/",
	"github.com/crossplane/crossplane-runtime/v2/pkg/reconciler/",
	"github.com/aws-controllers-k8s/runtime/pkg/",
}

// mocking are the import path prefixes of mocking libraries: a generated
// file that imports one is a mock of an interface (MockGen's, mockery's),
// test support whatever else it imports.
var mocking = []string{
	"github.com/golang/mock/",
	"go.uber.org/mock/",
	"github.com/stretchr/testify/mock",
}

// LeftOut reports whether analyses that do not include generated files
// leave f out: f is generated (ast.IsGenerated) and imports no controller
// framework (controller-runtime, crossplane-runtime's reconcilers, the
// ACK runtime), or is a generated mock.
func LeftOut(f *ast.File) bool {
	return ast.IsGenerated(f) && (!imports(f, frameworks) || imports(f, mocking))
}

// imports reports whether f imports a package whose path begins with one
// of prefixes.
func imports(f *ast.File, prefixes []string) bool {
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		for _, p := range prefixes {
			if strings.HasPrefix(path, p) {
				return true
			}
		}
	}
	return false
}
