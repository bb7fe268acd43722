//go:build e2e

// Package release rehearses a release of deletionlint's modules before any
// tag exists: it publishes the checkout's modules at the version the
// golangci-lint plugin requires of the root module into a module proxy on
// the file system (internal/modproxy), and proves from that proxy alone,
// with no replace directive and no checkout on the module path, what a user
// does with a release:
//
//   - go install github.com/deletionlint/deletionlint/cmd/deletionlint@vX
//     gives a command that reports on the example operator what the
//     checkout's build reports;
//   - golangci-lint built with the plugin at vX, as `golangci-lint custom`
//     builds it from .custom-gcl.yml (golangci-lint's main, the plugin a
//     plain module requirement), reports with the README's .golangci.yml
//     what the checkout's custom-gcl (make golangci-lint) reports;
//   - the example operator builds against the runtime module at vX;
//   - every module of the repository has the licence (LICENSE, Apache-2.0)
//     and the zip of each published module carries it, as pkg.go.dev and
//     legal review need.
//
// Run it with make release-check. The steps are in docs/releasing.md.
package release

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/deletionlint/deletionlint/internal/modproxy"
)

const (
	rootModule    = "github.com/deletionlint/deletionlint"
	pluginModule  = rootModule + "/golangci-plugin"
	runtimeModule = rootModule + "/runtime"
)

// rehearsal is what every step shares: the checkout, the version, and the
// environment in which the go command sees the rehearsed modules only
// through the proxy.
type rehearsal struct {
	root    string
	version string
	proxy   string   // the module proxy's directory
	env     []string // go command environment: proxy, empty module cache
	gobin   string
}

func TestRelease(t *testing.T) {
	r := setup(t)
	t.Run("go install", r.goInstall)
	t.Run("golangci-lint custom", r.golangciCustom)
	t.Run("runtime module", r.runtimeModule)
	t.Run("analyzer tests", r.analyzerTests)
	t.Run("licence", r.licence)
}

// setup finds the version, publishes the three modules and prepares the
// environment.
func setup(t *testing.T) *rehearsal {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	r := &rehearsal{root: root, version: releaseVersion(t, root)}
	checkCustomGCLVersion(t, root, r.version)

	tmp := t.TempDir()
	r.proxy = filepath.Join(tmp, "proxy")
	proxy, err := modproxy.Write(r.proxy, r.version, time.Now(),
		modproxy.Module{Path: rootModule, Dir: root},
		modproxy.Module{Path: pluginModule, Dir: filepath.Join(root, "golangci-plugin")},
		modproxy.Module{Path: runtimeModule, Dir: filepath.Join(root, "runtime")},
	)
	if err != nil {
		t.Fatal(err)
	}
	// Everything else comes from the machine's module download cache when it
	// has it (no network), then from the configured proxy.
	goproxy := proxy
	if cache := goEnv(t, "GOMODCACHE"); cache != "" {
		goproxy += ",file://" + filepath.ToSlash(filepath.Join(cache, "cache", "download"))
	}
	if p := goEnv(t, "GOPROXY"); p != "" && p != "off" {
		goproxy += "," + p
	}
	r.gobin = filepath.Join(tmp, "bin")
	// Builds use -trimpath: the module cache is new, and only -trimpath
	// builds can reuse compiled dependencies from the build cache.
	r.env = append(os.Environ(),
		"GOPROXY="+goproxy,
		// The rehearsed modules are in no checksum database; every other
		// module is checked as usual.
		"GONOSUMDB="+rootModule,
		"GOPRIVATE=", "GONOPROXY=",
		"GOWORK=off",
		// A module cache of the rehearsal's own, so that nothing of the
		// checkout or of an earlier run is found there; -modcacherw lets
		// the test remove it.
		"GOMODCACHE="+filepath.Join(tmp, "modcache"),
		"GOFLAGS=-modcacherw",
		"GOBIN="+r.gobin,
	)
	return r
}

// releaseVersion is the version of the root module that the plugin module
// requires: the root module and the plugin are tagged together at it.
func releaseVersion(t *testing.T, root string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "golangci-plugin", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("golangci-plugin/go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range f.Require {
		if req.Mod.Path == rootModule {
			return req.Mod.Version
		}
	}
	t.Fatalf("golangci-plugin/go.mod does not require %s", rootModule)
	return ""
}

var customGCLPlugin = regexp.MustCompile(`(?m)^\s*- module: ` + regexp.QuoteMeta(pluginModule) + `\s*\n\s*version: (\S+)`)

// checkCustomGCLVersion fails unless the .custom-gcl.yml users copy names
// the plugin at the version being released.
func checkCustomGCLVersion(t *testing.T, root, version string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, ".custom-gcl.yml"))
	if err != nil {
		t.Fatal(err)
	}
	m := customGCLPlugin.FindSubmatch(data)
	if m == nil {
		t.Fatalf(".custom-gcl.yml does not name %s with a version", pluginModule)
	}
	if string(m[1]) != version {
		t.Fatalf(".custom-gcl.yml names the plugin at %s, but golangci-plugin/go.mod requires the root module at %s: release them together", m[1], version)
	}
}

// goInstall installs the command from the proxy and compares its findings
// on the example with the checkout's build.
func (r *rehearsal) goInstall(t *testing.T) {
	r.goCmd(t, t.TempDir(), "install", "-trimpath", rootModule+"/cmd/deletionlint@"+r.version)
	installed := filepath.Join(r.gobin, "deletionlint")

	out := runTool(t, r.root, nil, installed, 0, "-version")
	if !strings.Contains(out, r.version) {
		t.Errorf("deletionlint -version printed %q, want the version %s", out, r.version)
	}

	checkout := filepath.Join(t.TempDir(), "deletionlint")
	runTool(t, r.root, nil, "go", 0, "build", "-o", checkout, "./cmd/deletionlint")
	examples := filepath.Join(r.root, "examples")
	want := findings(runTool(t, examples, nil, checkout, 3, "./buggy/..."))
	got := findings(runTool(t, examples, nil, installed, 3, "./buggy/..."))
	if got != want {
		t.Errorf("the installed deletionlint reports on the example\n%s\nthe checkout's build reports\n%s", got, want)
	}
}

// golangciCustom builds golangci-lint with the plugin at the release version
// as golangci-lint custom does, and compares its issues on the example with
// the checkout's custom-gcl, both with the README's configuration.
func (r *rehearsal) golangciCustom(t *testing.T) {
	dir := t.TempDir()
	golangci := golangciVersion(t, r.root)
	gomod := fmt.Sprintf("module custom-gcl\n\ngo 1.26.0\n\nrequire (\n\tgithub.com/golangci/golangci-lint/v2 %s\n\t%s %s\n)\n",
		golangci, pluginModule, r.version)
	copyFile(t, filepath.Join(r.root, "hack", "golangci", "main.go"), filepath.Join(dir, "main.go"))
	// golangci-lint's own checksums, as its go.sum gives them to
	// `golangci-lint custom`.
	copyFile(t, filepath.Join(r.root, "hack", "golangci", "go.sum"), filepath.Join(dir, "go.sum"))
	writeFile(t, filepath.Join(dir, "go.mod"), gomod)
	r.goCmd(t, dir, "mod", "tidy")
	released := filepath.Join(dir, "custom-gcl")
	r.goCmd(t, dir, "build", "-trimpath", "-o", released, ".")

	checkout := filepath.Join(r.root, "bin", "custom-gcl")
	runTool(t, r.root, nil, "make", 0, "--no-print-directory", "golangci-lint")

	cfg := filepath.Join(t.TempDir(), ".golangci.yml")
	writeFile(t, cfg, readmeGolangciConfig(t, r.root))
	examples := filepath.Join(r.root, "examples")
	args := []string{"run", "-c", cfg, "--allow-parallel-runners", "./buggy/..."}
	want := runTool(t, examples, []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}, checkout, 1, args...)
	got := runTool(t, examples, []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}, released, 1, args...)
	if got != want {
		t.Errorf("golangci-lint with the released plugin reports\n%s\nwith the checkout's plugin\n%s", got, want)
	}
	if !strings.Contains(got, "(deletionlint)") {
		t.Errorf("golangci-lint with the released plugin reports no deletionlint issue:\n%s", got)
	}
}

// runtimeModule builds a copy of the example operator against the runtime
// module at the release version instead of the checkout's.
func (r *rehearsal) runtimeModule(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "examples")
	runTool(t, r.root, nil, "cp", 0, "-R", filepath.Join(r.root, "examples"), dir)
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rep := range f.Replace {
		if err := f.DropReplace(rep.Old.Path, rep.Old.Version); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.AddRequire(runtimeModule, r.version); err != nil {
		t.Fatal(err)
	}
	out, err := f.Format()
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.mod"), string(out))
	r.goCmd(t, dir, "mod", "tidy")
	r.goCmd(t, dir, "build", "-trimpath", "./...")
	list := r.goCmd(t, dir, "list", "-m", "-f", "{{.Path}} {{.Version}} {{.Replace}}", runtimeModule)
	if want := runtimeModule + " " + r.version + " <nil>"; strings.TrimSpace(list) != want {
		t.Errorf("the example uses %q, want %q", strings.TrimSpace(list), want)
	}
}

// analyzerTests runs the analyzers' own tests from the root module as the
// proxy serves it: a module zip holds no symbolic link and no nested
// module, so a test that reaches outside its module's files fails here.
func (r *rehearsal) analyzerTests(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module rehearsal\n\ngo 1.26.0\n")
	r.goCmd(t, dir, "get", "-t", rootModule+"/analyzers/...@"+r.version)
	out := r.goCmd(t, dir, "test", "-count=1", rootModule+"/analyzers/...")
	if !strings.Contains(out, "ok  \t"+rootModule+"/analyzers/ownschildren") {
		t.Errorf("go test of the released analyzers did not run the rules' tests:\n%s", out)
	}
}

// licence checks that every module of the repository (each directory with
// a go.mod that git tracks, testdata aside) has the repository's LICENSE,
// and that the zip of each published module carries it at its root, where
// the go command and pkg.go.dev look for it.
func (r *rehearsal) licence(t *testing.T) {
	want, err := os.ReadFile(filepath.Join(r.root, "LICENSE"))
	if err != nil {
		t.Fatalf("the repository has no licence: %v", err)
	}
	if !bytes.Contains(want, []byte("Apache License")) || !bytes.Contains(want, []byte("Version 2.0")) {
		t.Errorf("LICENSE is not the Apache License 2.0")
	}
	files := runTool(t, r.root, nil, "git", 0, "ls-files", "--cached", "--others", "--exclude-standard", "*go.mod")
	for _, f := range strings.Fields(files) {
		dir := filepath.Dir(f)
		if filepath.Base(f) != "go.mod" || slices.Contains(strings.Split(filepath.ToSlash(dir), "/"), "testdata") {
			continue
		}
		got, err := os.ReadFile(filepath.Join(r.root, dir, "LICENSE"))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("module %s: no LICENSE, or not the repository's (%v)", dir, err)
		}
	}
	for _, mod := range []string{rootModule, pluginModule, runtimeModule} {
		zipFile := filepath.Join(r.proxy, filepath.FromSlash(mod), "@v", r.version+".zip")
		z, err := zip.OpenReader(zipFile)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, f := range z.File {
			if f.Name == mod+"@"+r.version+"/LICENSE" {
				found = true
			}
		}
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		if !found {
			t.Errorf("the module zip of %s@%s has no LICENSE at its root", mod, r.version)
		}
	}
}

// golangciVersion is the golangci-lint version hack/golangci builds, the one
// .custom-gcl.yml names.
func golangciVersion(t *testing.T, root string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "hack", "golangci", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.Parse("hack/golangci/go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range f.Require {
		if req.Mod.Path == "github.com/golangci/golangci-lint/v2" {
			return req.Mod.Version
		}
	}
	t.Fatal("hack/golangci/go.mod does not require golangci-lint")
	return ""
}

var readmeConfig = regexp.MustCompile("(?s)```yaml\n(version: \"2\"\n.*?)```")

// readmeGolangciConfig is the .golangci.yml the README tells users to write.
func readmeGolangciConfig(t *testing.T, root string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := readmeConfig.FindSubmatch(data)
	if m == nil {
		t.Fatal("README.md has no ```yaml block with a .golangci.yml (version: \"2\")")
	}
	return string(m[1])
}

// goCmd runs the go command in the rehearsal's environment and returns its
// standard output.
func (r *rehearsal) goCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = r.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		// go test reports its failures on stdout.
		t.Fatalf("go %s in %s: %v\n%s%s", strings.Join(args, " "), dir, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// runTool runs a program outside the rehearsal's environment (with env
// added), fails unless it exits with code, and returns its combined output.
func runTool(t *testing.T, dir string, env []string, prog string, code int, args ...string) string {
	t.Helper()
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	got := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %s: %v", prog, strings.Join(args, " "), err)
		}
		got = ee.ExitCode()
	}
	if got != code {
		t.Fatalf("%s %s in %s: exit code %d, want %d\n%s", prog, strings.Join(args, " "), dir, got, code, out)
	}
	return string(out)
}

// findings returns deletionlint's text output without the lines it prints
// besides the findings, which start with its name: the closing line, and
// progress lines in a log, which a run that compiles the example's
// dependencies prints and a run after it does not.
func findings(out string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if !strings.HasPrefix(l, "deletionlint: ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(data))
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
