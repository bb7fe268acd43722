package modproxy_test

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deletionlint/deletionlint/internal/modproxy"
)

// A module published from a git work tree holds its tracked and untracked,
// not ignored, files, and nothing of a nested module; the go command
// downloads it from the proxy and verifies it.
func TestWriteServesModule(t *testing.T) {
	repo := t.TempDir()
	files := map[string]string{
		"go.mod":                 "module example.com/m\n\ngo 1.26\n",
		"m.go":                   "package m\n\nconst V = 1\n",
		".gitignore":             "/bin/\n",
		"bin/tool":               "ignored build output",
		"testdata/src/a/a.go":    "package a\n",
		"nested/go.mod":          "module example.com/m/nested\n\ngo 1.26\n",
		"nested/n.go":            "package nested\n",
		"untracked.go":           "package m\n",
		"deleted_in_worktree.go": "package m\n",
	}
	for name, data := range files {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git(t, repo, "init", "-q")
	git(t, repo, "add", "go.mod", "m.go", ".gitignore", "testdata", "nested", "deleted_in_worktree.go")
	if err := os.Remove(filepath.Join(repo, "deleted_in_worktree.go")); err != nil {
		t.Fatal(err)
	}

	proxy := t.TempDir()
	goproxy, err := modproxy.Write(proxy, "v0.3.0", time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		modproxy.Module{Path: "example.com/m", Dir: repo})
	if err != nil {
		t.Fatal(err)
	}

	zr, err := zip.OpenReader(filepath.Join(proxy, "example.com", "m", "@v", "v0.3.0.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := zr.Close(); err != nil {
			t.Error(err)
		}
	}()
	var got []string
	for _, f := range zr.File {
		got = append(got, strings.TrimPrefix(f.Name, "example.com/m@v0.3.0/"))
	}
	slices.Sort(got)
	want := []string{".gitignore", "go.mod", "m.go", "testdata/src/a/a.go", "untracked.go"}
	if !slices.Equal(got, want) {
		t.Errorf("zip holds %q, want %q", got, want)
	}

	cmd := exec.Command("go", "mod", "download", "-json", "example.com/m@v0.3.0")
	cmd.Dir = t.TempDir()
	// -modcacherw: the test's own module cache must be removable by
	// t.TempDir's cleanup.
	cmd.Env = append(os.Environ(), "GOPROXY="+goproxy, "GONOSUMDB=example.com",
		"GOFLAGS=-mod=mod -modcacherw", "GOMODCACHE="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), `"Version": "v0.3.0"`) {
		t.Errorf("go mod download printed %s", out)
	}
}

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
