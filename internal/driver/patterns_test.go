package driver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/internal/load"
)

// A package pattern that matches nothing is a usage error: exit code 2 and
// one line naming the pattern and why, not the advice for packages with
// type errors.
func TestBadPatterns(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"./nosuch/..."}, "test: ./nosuch/...: no such directory\n"},
		{[]string{"./p", "./nosuch"}, "test: ./nosuch: no such directory\n"},
		{[]string{"example.com/elsewhere/x"}, "test: example.com/elsewhere/x: no required module provides package example.com/elsewhere/x\n"},
	} {
		code, _, stderr, _ := runIn(t, c.args...)
		if code != 2 || stderr != c.want {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	// Outside any module.
	dir := t.TempDir()
	wd, _ := os.Getwd()
	t.Chdir(dir)
	defer t.Chdir(wd)
	var stdout, stderr strings.Builder
	code := Main(Options{Name: "test", Analyzers: nil}, []string{"./..."}, &stdout, &stderr)
	want := "test: ./...: not in a Go module (no go.mod here or above): run it in the module's directory\n"
	if code != 2 || stderr.String() != want {
		t.Errorf("outside a module: exit %d, stderr %q; want 2 and %q", code, stderr.String(), want)
	}
}

// A failure of the go command itself (here, a module graph it cannot
// load) is reported with the go command's message, not go/packages'
// wrapping of it.
func TestListFailure(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.16\n\nrequire example.com/nosuch v1.0.0\n",
		"m.go":   "package m\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	wd, _ := os.Getwd()
	t.Chdir(dir)
	defer t.Chdir(wd)
	var stdout, stderr strings.Builder
	code := Main(Options{Name: "test", Analyzers: nil}, []string{"./..."}, &stdout, &stderr)
	want := "test: listing the packages failed: go: example.com/nosuch@v1.0.0: module lookup disabled by GOPROXY=off\n"
	if code != 1 || stderr.String() != want {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr.String(), want)
	}
}

func TestListError(t *testing.T) {
	err := listError(errors.New("err: exit status 1: stderr: go: go.mod requires go >= 1.99\n"))
	if err.Error() != "listing the packages failed: go: go.mod requires go >= 1.99" {
		t.Errorf("listError = %q", err)
	}
	if _, ok := listError(load.ErrNoPackages).(*patternError); !ok {
		t.Errorf("no packages is not a usage error")
	}
}
