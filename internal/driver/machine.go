package driver

import (
	"encoding/json"
	"os"
	"path/filepath"
)

// withSeverity adds to each diagnostic of a go/analysis JSON tree (package
// ID, analyzer, diagnostics or an error) its rule's severity, "error" or
// "warning", as the text output marks warnings and SARIF sets levels.
func withSeverity(tree []byte, warning func(rule, category string) bool) ([]byte, error) {
	var pkgs map[string]map[string]json.RawMessage
	if err := json.Unmarshal(tree, &pkgs); err != nil {
		return nil, err
	}
	for _, rules := range pkgs {
		for rule, raw := range rules {
			var diags []map[string]json.RawMessage
			if json.Unmarshal(raw, &diags) != nil {
				continue // {"error": ...}: the analysis failed
			}
			for _, d := range diags {
				var category string
				_ = json.Unmarshal(d["category"], &category) // absent: ""
				d["severity"] = json.RawMessage(`"error"`)
				if warning(rule, category) {
					d["severity"] = json.RawMessage(`"warning"`)
				}
			}
			data, err := json.Marshal(diags)
			if err != nil {
				return nil, err
			}
			rules[rule] = data
		}
	}
	data, err := json.MarshalIndent(pkgs, "", "\t")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// checkoutRoot returns the root of the version control checkout around dir
// (the nearest directory above it with a .git, .hg or .svn entry), where
// code scanning resolves a SARIF log's relative paths, or dir itself when
// it is in none.
func checkoutRoot(dir string) string {
	for d := dir; ; {
		for _, vcs := range []string{".git", ".hg", ".svn"} {
			if _, err := os.Lstat(filepath.Join(d, vcs)); err == nil {
				return d
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}
