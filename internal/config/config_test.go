package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// write creates the files of a directory tree, by slash path.
func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFindAndRead(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"go.mod":       "module example.com/m\n",
		"pkg/a/a.go":   "package a\n",
		FileName:       "disable: [driftgate]\nownschildren:\n  severity: warning\n",
		"other/go.mod": "module example.com/other\n",
	})
	got, ok := ModuleRoot(filepath.Join(root, "pkg", "a"))
	if !ok || got != root {
		t.Fatalf("ModuleRoot(pkg/a) = %q, %v; want %q", got, ok, root)
	}
	if got, _ := ModuleRoot(filepath.Join(root, "other")); got != filepath.Join(root, "other") {
		t.Errorf("ModuleRoot(other) = %q, want the nested module", got)
	}
	f, err := Find(root)
	if err != nil || f == nil {
		t.Fatalf("Find: %v, %v", f, err)
	}
	want := map[string]any{"disable": []any{"driftgate"}, "ownschildren": map[string]any{"severity": "warning"}}
	if !reflect.DeepEqual(f.Settings, want) {
		t.Errorf("Settings = %#v, want %#v", f.Settings, want)
	}
	if f, err := Find(filepath.Join(root, "other")); f != nil || err != nil {
		t.Errorf("Find in a module without a file = %v, %v; want nil, nil", f, err)
	}
}

func TestReadErrors(t *testing.T) {
	root := t.TempDir()
	for _, tt := range []struct{ content, want string }{
		{"disable: [driftgate\n", "line 1"},
		{"a: 1\n---\nb: 2\n", "more than one YAML document"},
		{"ownschildren:\n  severity: warning\n bad: x\n", "line 2"},
	} {
		write(t, root, map[string]string{FileName: tt.content})
		_, err := Read(filepath.Join(root, FileName))
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), filepath.Join(root, FileName)+": ") {
			t.Errorf("Read(%q) = %v; want an error naming the file and %q", tt.content, err, tt.want)
		}
	}
	write(t, root, map[string]string{FileName: ""})
	if f, err := Read(filepath.Join(root, FileName)); err != nil || f.Settings != nil {
		t.Errorf("an empty file: %v, %v; want no settings", f, err)
	}
}

// TestKey checks that the key changes with the content of the file of any
// main module, and is empty without files.
func TestKey(t *testing.T) {
	t.Setenv("GOWORK", "")
	root := t.TempDir()
	write(t, root, map[string]string{"go.mod": "module example.com/m\n", "sub/x.go": "package sub\n"})
	if k, err := Key(filepath.Join(root, "sub")); k != "" || err != nil {
		t.Errorf("Key without a file = %q, %v; want empty", k, err)
	}
	write(t, root, map[string]string{FileName: "disable: [driftgate]\n"})
	k1, _ := Key(filepath.Join(root, "sub"))
	write(t, root, map[string]string{FileName: "disable: [ownschildren]\n"})
	k2, _ := Key(root)
	if k1 == "" || k2 == "" || k1 == k2 {
		t.Errorf("Key before and after an edit: %q, %q; want two different keys", k1, k2)
	}

	// A workspace: the files of every module it uses count.
	ws := t.TempDir()
	write(t, ws, map[string]string{
		"go.work":       "go 1.26\n\nuse (\n\t./a // the first\n\t\"./b\"\n)\n",
		"a/go.mod":      "module example.com/a\n",
		"b/go.mod":      "module example.com/b\n",
		"b/" + FileName: "include-generated: true\n",
		"c/go.mod":      "module example.com/c\n",
		"c/" + FileName: "include-generated: false\n",
	})
	w1, _ := Key(ws)
	write(t, ws, map[string]string{"b/" + FileName: "include-generated: false\n"})
	w2, _ := Key(filepath.Join(ws, "a"))
	if w1 == "" || w1 == w2 {
		t.Errorf("Key in a workspace before and after an edit of a used module's file: %q, %q", w1, w2)
	}
	write(t, ws, map[string]string{"c/" + FileName: "disable: [driftgate]\n"})
	if w3, _ := Key(ws); w3 != w2 {
		t.Errorf("Key changed with the file of a module the workspace does not use")
	}
	t.Setenv("GOWORK", "off")
	if k, _ := Key(filepath.Join(ws, "c")); k == "" || k == w2 {
		t.Errorf("Key with GOWORK=off = %q; want the key of module c's file alone", k)
	}
}

func TestWorkUses(t *testing.T) {
	got := workUses([]byte("go 1.26\nuse ./one\nuse (\n  ./two\n  `../three` // comment\n)\nreplace x => ./y\n"))
	if want := []string{"./one", "./two", "../three"}; !reflect.DeepEqual(got, want) {
		t.Errorf("workUses = %q, want %q", got, want)
	}
}

func TestExcluded(t *testing.T) {
	for _, tt := range []struct {
		pattern, rel string
		want         bool
	}{
		{"internal/legacy", "internal/legacy/a.go", true},
		{"internal/legacy/", "internal/legacy/sub/a.go", true},
		{"internal/legacy/**", "internal/legacy/sub/a.go", true},
		{"internal/legacy", "internal/legacyx/a.go", false},
		{"internal/legacy", "pkg/internal/legacy/a.go", false},
		{"**/legacy", "pkg/internal/legacy/a.go", true},
		{"**/zz_generated*.go", "api/v1/zz_generated.deepcopy.go", true},
		{"**/zz_generated*.go", "zz_generated.deepcopy.go", true},
		{"*_test.go", "a_test.go", true},
		{"*_test.go", "pkg/a_test.go", false},
		{"**/*_test.go", "pkg/a_test.go", true},
		{"cmd/*/main.go", "cmd/manager/main.go", true},
		{"cmd/*/main.go", "cmd/manager/sub/main.go", false},
		{"internal/**/fake", "internal/a/b/fake/x.go", true},
		{"internal/**/fake", "internal/fake/x.go", true},
	} {
		if err := CheckPattern(tt.pattern); err != nil {
			t.Errorf("CheckPattern(%q): %v", tt.pattern, err)
		}
		if got := Excluded(tt.pattern, tt.rel); got != tt.want {
			t.Errorf("Excluded(%q, %q) = %v, want %v", tt.pattern, tt.rel, got, tt.want)
		}
	}
	for _, bad := range []string{"", "/abs/path", `a\b`, "a/[b"} {
		if CheckPattern(bad) == nil {
			t.Errorf("CheckPattern(%q) accepted a bad pattern", bad)
		}
	}
}
