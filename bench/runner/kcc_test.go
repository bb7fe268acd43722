package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestRefused: the go command's report of a module the proxy will not
// serve names the module and version to replace.
func TestRefused(t *testing.T) {
	out := "go: finding module\n" +
		"go: cloud.google.com/go/apihub@v1.0.0: reading https://proxy.example/cloud.google.com/go/apihub/@v/v1.0.0.mod: 403 Forbidden\n" +
		"\tserver response: This module version is not available.\n"
	m := refused.FindStringSubmatch(out)
	if m == nil || m[1] != "cloud.google.com/go/apihub" || m[2] != "v1.0.0" {
		t.Errorf("refused matched %q, want the module and its version", m)
	}
	if refused.MatchString("go: example.com/m@v1.0.0: reading go.mod: no such file\n") {
		t.Error("refused matched an error that is not a refusal")
	}
}

// TestExtractGit: the files of HEAD in a git directory without a work tree
// are written out, those in subdirectories included.
func TestExtractGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("the config-connector target needs git: %v", err)
	}
	work, bare, dst := t.TempDir(), filepath.Join(t.TempDir(), "repo.git"), t.TempDir()
	files := map[string]string{"go.mod": "module example.com/m\n", "pkg/a/a.go": "package a\n"}
	for name, content := range files {
		if err := os.MkdirAll(filepath.Join(work, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git(work, "init", "-q")
	git(work, "add", ".")
	git(work, "commit", "-q", "-m", "x")
	git(work, "clone", "-q", "--bare", work, bare)
	if !isGitDir(bare) || isGitDir(work) {
		t.Fatalf("isGitDir(bare) = %v, isGitDir(work tree) = %v", isGitDir(bare), isGitDir(work))
	}
	if err := extractGit(bare, dst); err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(filepath.Join(dst, name))
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
}
