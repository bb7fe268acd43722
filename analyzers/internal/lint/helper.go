package lint

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// RuntimeHelper returns text, advice that names a helper of deletionlint's
// runtime module, when the analysed code can use that module, and "" when
// it cannot: findings must not send a user to a function their tree does
// not have (they still state the pattern in plain words, and the rule's
// documentation names the helper as one way to do it). The code can use it
// when its module's go.mod requires (or replaces) the runtime module, or is
// deletionlint itself; without a go.mod (GOPATH mode), when the package
// imports the runtime module. Every driver reads the same go.mod, so every
// driver gives the same message.
func RuntimeHelper(pass *analysis.Pass, text string) string {
	if usesRuntime(pass) {
		return text
	}
	return ""
}

func usesRuntime(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].FileStart).Name())
	if gomod := GoMod(dir); gomod != "" {
		return requiresRuntime(gomod)
	}
	for _, imp := range pass.Pkg.Imports() {
		if imp.Path() == recognize.PkgRuntimeModule || strings.HasPrefix(imp.Path(), recognize.PkgRuntimeModule+"/") {
			return true
		}
	}
	return false
}

// goMods caches findGoMod and requiresRuntime, keyed by directory and by
// go.mod file.
var goMods sync.Map

// GoMod returns the go.mod file of the module that holds dir, or "".
func GoMod(dir string) string {
	key := "dir:" + dir
	if v, ok := goMods.Load(key); ok {
		return v.(string)
	}
	found := ""
	for d := dir; ; {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			found = filepath.Join(d, "go.mod")
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	goMods.Store(key, found)
	return found
}

// requiresRuntime reports whether the go.mod file names the runtime module
// in a require or replace directive, or declares a module of deletionlint.
func requiresRuntime(gomod string) bool {
	key := "mod:" + gomod
	if v, ok := goMods.Load(key); ok {
		return v.(bool)
	}
	found := false
	if f, err := os.Open(gomod); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() && !found {
			line, _, _ := strings.Cut(sc.Text(), "//")
			fields := strings.Fields(line)
			for i, w := range fields {
				if w == recognize.PkgRuntimeModule || i == 1 && fields[0] == "module" && strings.HasPrefix(w, "github.com/deletionlint/deletionlint") {
					found = true
				}
			}
		}
		_ = f.Close() // read only
	}
	goMods.Store(key, found)
	return found
}
