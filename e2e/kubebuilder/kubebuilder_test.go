//go:build e2e

// Package kubebuilder runs deletionlint on a real kubebuilder project, as a
// kubebuilder user meets it: kubebuilder (pinned below, installed from the
// module proxy) scaffolds a project with `init` and `create api`; the test
// makes exactly the edits docs/kubebuilder.md gives (.custom-gcl.yml and
// .golangci.yml) and runs the scaffold's own `make lint` with golangci-lint
// at the version the scaffold's Makefile pins, built with the plugins of the
// edited .custom-gcl.yml linked in, as `golangci-lint custom` builds it. In
// all three drivers:
//
//   - the pristine scaffold has no finding, and the scaffold's linters and
//     its logcheck plugin find nothing either (make lint passes);
//   - after its controller grows a typical child (testdata), exactly the
//     annotated findings ("// finding: RULE") are reported, make lint failing
//     with them; without the documented uniq-by-line: false, golangci-lint
//     shows only one of the two findings of one line.
//
// Run it with make kubebuilder-e2e.
package kubebuilder

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const (
	// kubebuilderVersion is the kubebuilder release the project is
	// scaffolded with.
	kubebuilderVersion = "v4.16.0"
	// logtoolsVersion is the version of the logcheck plugin that the
	// scaffold's .custom-gcl.yml names ("latest" there), pinned.
	logtoolsVersion = "v0.11.0"
	pluginModule    = "github.com/deletionlint/deletionlint/golangci-plugin"
)

func TestKubebuilderProject(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	kb := installKubebuilder(t)
	project := filepath.Join(t.TempDir(), "memcached-operator")
	if err := os.Mkdir(project, 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, project, 0, kb, "init", "--domain", "example.com", "--repo", "example.com/memcached-operator")
	run(t, project, 0, kb, "create", "api", "--group", "cache", "--version", "v1alpha1", "--kind", "Memcached",
		"--resource", "--controller")

	tools := t.TempDir()
	deletionlint := filepath.Join(tools, "deletionlint")
	run(t, root, 0, "go", "build", "-o", deletionlint, "./cmd/deletionlint")
	doc := readDoc(t, root)
	edit(t, project, doc)
	version := scaffoldGolangciVersion(t, project)
	if !strings.Contains(doc, "| "+kubebuilderVersion+" | "+version+" |") {
		t.Errorf("docs/kubebuilder.md does not list kubebuilder %s with golangci-lint %s among the versions tested", kubebuilderVersion, version)
	}
	golangci := buildGolangci(t, root, project, version, tools)
	sum := fileSum(t, golangci)
	cache := "GOLANGCI_LINT_CACHE=" + t.TempDir()
	// The scaffold's lint targets, with the binary handed over as
	// docs/kubebuilder.md says.
	makeLint := func(t *testing.T, code int, target string) string {
		t.Helper()
		return runEnv(t, project, code, []string{cache}, "make", "--no-print-directory", target, "GOLANGCI_LINT="+golangci, "-o", golangci)
	}

	t.Run("pristine", func(t *testing.T) {
		if out := run(t, project, 0, deletionlint, "./..."); out != "" {
			t.Errorf("deletionlint reports on the pristine scaffold:\n%s", out)
		}
		run(t, project, 0, "go", "vet", "-vettool="+deletionlint, "./...")
		makeLint(t, 0, "lint-config")
		makeLint(t, 0, "lint")
	})

	controller := filepath.Join(project, "internal", "controller", "memcached_controller.go")
	src, err := os.ReadFile(filepath.Join("testdata", "memcached_controller.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(controller, src, 0o644); err != nil {
		t.Fatal(err)
	}
	want := annotations(t, project, "internal/controller/memcached_controller.go", string(src))

	t.Run("child without Owns", func(t *testing.T) {
		standalone := analysisJSON(t, run(t, project, 3, deletionlint, "-json", "./..."), project)
		vet := analysisJSON(t, run(t, project, 0, "go", "vet", "-vettool="+deletionlint, "-json", "./..."), project)
		// make exits 2 when a recipe fails: golangci-lint exits 1 with issues.
		lint := golangciText(t, makeLint(t, 2, "lint"))
		for _, d := range []struct {
			name string
			got  []string
		}{{"deletionlint -json", standalone}, {"go vet -vettool", vet}, {"make lint", lint}} {
			if !slices.Equal(d.got, want) {
				t.Errorf("%s reports\n\t%s\nwant\n\t%s", d.name, strings.Join(d.got, "\n\t"), strings.Join(want, "\n\t"))
			}
		}
	})

	t.Run("uniq-by-line pitfall", func(t *testing.T) {
		// The documented edits but the last: golangci-lint's default
		// keeps one issue of each line.
		cfg := filepath.Join(project, ".golangci.yml")
		full, err := os.ReadFile(cfg)
		if err != nil {
			t.Fatal(err)
		}
		// Beside the project's own, so that its paths mean the same.
		without := filepath.Join(project, ".golangci-uniq-by-line.yml")
		if err := os.WriteFile(without, bytes.Replace(full, []byte(block(t, doc, "golangci-issues")), nil, 1), 0o644); err != nil {
			t.Fatal(err)
		}
		got := golangciText(t, run(t, project, 1, golangci, "run", "-c", without, "./...", cache))
		if len(want) < 2 || len(got) != len(want)-1 {
			t.Errorf("without uniq-by-line: false, golangci-lint reports\n\t%s\nwant one of the two findings of the line (%s)", strings.Join(got, "\n\t"), strings.Join(want, ", "))
		}
	})

	if fileSum(t, golangci) != sum {
		t.Errorf("make rebuilt or replaced the golangci-lint it was given (%s)", golangci)
	}
}

// installKubebuilder installs kubebuilderVersion into a cache directory kept
// by version, once.
func installKubebuilder(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("XDG_CACHE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			t.Fatal(err)
		}
		dir = filepath.Join(home, ".cache")
	}
	bin := filepath.Join(dir, "deletionlint", "kubebuilder-"+kubebuilderVersion)
	kb := filepath.Join(bin, "kubebuilder")
	if _, err := os.Stat(kb); err == nil {
		return kb
	}
	run(t, t.TempDir(), 0, "go", "install", "sigs.k8s.io/kubebuilder/v4@"+kubebuilderVersion, "GOBIN="+bin)
	return kb
}

// scaffoldGolangciVersion returns the golangci-lint version the scaffold's
// Makefile pins (GOLANGCI_LINT_VERSION ?= vX.Y.Z).
func scaffoldGolangciVersion(t *testing.T, project string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(project, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^GOLANGCI_LINT_VERSION \?= (v\S+)$`).FindSubmatch(data)
	if m == nil {
		t.Fatal("the scaffold's Makefile does not pin GOLANGCI_LINT_VERSION; update this test")
	}
	return string(m[1])
}

// buildGolangci builds what `golangci-lint custom` builds from the
// project's .custom-gcl.yml, from the Go module proxy instead of a clone
// of golangci-lint (docs/kubebuilder.md): golangci-lint's main (the one
// hack/golangci builds) at version, with a blank import of each plugin the
// file lists; logcheck at logtoolsVersion ("latest" in the file), and
// deletionlint's plugin from the checkout.
func buildGolangci(t *testing.T, root, project, version, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(project, ".custom-gcl.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var custom struct {
		Version string
		Plugins []struct{ Module, Import, Version string }
	}
	if err := yaml.Unmarshal(data, &custom); err != nil {
		t.Fatalf(".custom-gcl.yml: %v", err)
	}
	if custom.Version != version {
		t.Errorf(".custom-gcl.yml builds golangci-lint %s, the Makefile installs %s", custom.Version, version)
	}
	var imports, requires []string
	for _, p := range custom.Plugins {
		imp := p.Import
		if imp == "" {
			imp = p.Module
		}
		imports = append(imports, fmt.Sprintf("_ %q", imp))
		switch p.Module {
		case pluginModule:
			requires = append(requires, p.Module+" "+p.Version)
		case "sigs.k8s.io/logtools":
			requires = append(requires, p.Module+" "+logtoolsVersion)
		default:
			t.Fatalf("the scaffold's .custom-gcl.yml names a plugin this test does not know, %s: pin its version here", p.Module)
		}
	}
	if !slices.Contains(imports, fmt.Sprintf("_ %q", pluginModule)) {
		t.Fatalf("the edited .custom-gcl.yml has no deletionlint plugin:\n%s", data)
	}
	mod := filepath.Join(dir, "custom-gcl")
	if err := os.Mkdir(mod, 0o755); err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile(filepath.Join(root, "hack", "golangci", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	plugin := fmt.Sprintf("_ %q", pluginModule)
	if !bytes.Contains(main, []byte(plugin)) {
		t.Fatalf("hack/golangci/main.go does not import %s", pluginModule)
	}
	main = bytes.Replace(main, []byte(plugin), []byte(strings.Join(imports, "\n\t")), 1)
	gomod := fmt.Sprintf(`module custom-gcl

go 1.26.0

require (
	github.com/golangci/golangci-lint/v2 %s
	%s
)

replace (
	github.com/deletionlint/deletionlint => %s
	%s => %s
)
`, version, strings.Join(requires, "\n\t"), root, pluginModule, filepath.Join(root, "golangci-plugin"))
	for name, data := range map[string][]byte{"main.go": main, "go.mod": []byte(gomod)} {
		if err := os.WriteFile(filepath.Join(mod, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(t, mod, 0, "go", "mod", "tidy")
	bin := filepath.Join(dir, "golangci-lint")
	run(t, mod, 0, "go", "build", "-trimpath", "-ldflags", "-X main.version="+strings.TrimPrefix(version, "v"), "-o", bin, ".")
	return bin
}

func fileSum(t *testing.T, name string) [sha256.Size]byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}

func readDoc(t *testing.T, root string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(root, "docs", "kubebuilder.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(doc)
}

// block returns the yaml block of docs/kubebuilder.md that follows the
// comment <!-- name -->.
func block(t *testing.T, doc, name string) string {
	t.Helper()
	m := regexp.MustCompile("(?s)<!-- " + regexp.QuoteMeta(name) + " -->\\s*```yaml\n(.*?)```").FindStringSubmatch(doc)
	if m == nil {
		t.Fatalf("docs/kubebuilder.md has no yaml block after <!-- %s -->", name)
	}
	return m[1]
}

// edit makes the edits docs/kubebuilder.md tells users to make: the plugin
// appended to .custom-gcl.yml's plugins; in .golangci.yml, deletionlint
// added to linters.enable, the doc's block under linters.settings.custom
// and its issues section at the top level.
func edit(t *testing.T, project, doc string) {
	t.Helper()
	custom := filepath.Join(project, ".custom-gcl.yml")
	data, err := os.ReadFile(custom)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte("\nplugins:\n")) {
		t.Fatalf("the scaffold's .custom-gcl.yml has no plugins list:\n%s", data)
	}
	data = append(bytes.TrimRight(data, "\n"), '\n')
	if err := os.WriteFile(custom, append(data, block(t, doc, "custom-gcl plugin")...), 0o644); err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(project, ".golangci.yml")
	data, err = os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cfg := string(data)
	const enable, settings = "  enable:\n", "  settings:\n    custom:\n"
	if !strings.Contains(cfg, enable) || !strings.Contains(cfg, settings) || strings.Contains(cfg, "\nissues:") {
		t.Fatalf("the scaffold's .golangci.yml has no linters.enable list or linters.settings.custom map, or has an issues section:\n%s", cfg)
	}
	cfg = strings.Replace(cfg, enable, enable+"    - deletionlint\n", 1)
	var entry strings.Builder
	for _, line := range strings.SplitAfter(strings.TrimRight(block(t, doc, "golangci-settings"), "\n")+"\n", "\n") {
		if line != "" {
			entry.WriteString("      " + line)
		}
	}
	cfg = strings.Replace(cfg, settings, settings+entry.String(), 1)
	cfg = strings.TrimRight(cfg, "\n") + "\n" + block(t, doc, "golangci-issues")
	if err := os.WriteFile(file, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
}

var annotation = regexp.MustCompile(`//\s*finding:\s*(.+?)\s*$`)

// annotations returns "file:line: rule" for each "// finding: RULE, ..."
// comment of src, sorted, with file the slash path given.
func annotations(t *testing.T, project, file, src string) []string {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(strings.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		if m := annotation.FindStringSubmatch(sc.Text()); m != nil {
			for _, rule := range strings.Split(m[1], ",") {
				out = append(out, fmt.Sprintf("%s:%d: %s", file, line, strings.TrimSpace(rule)))
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("the testdata controller has no finding annotation")
	}
	slices.Sort(out)
	return out
}

var ruleSuffix = regexp.MustCompile(`\(([a-z]+)(?:, warning)?\)$`)

// analysisJSON reads the go/analysis JSON of deletionlint -json and go vet
// -json ({"package": {"rule": [{"posn": "file:line:col", ...}]}}, one object
// per package) and returns "file:line: rule" per finding, sorted, with file
// relative to the project.
func analysisJSON(t *testing.T, out, project string) []string {
	t.Helper()
	var found []string
	dec := json.NewDecoder(strings.NewReader(stripHeaders(out)))
	for dec.More() {
		var pkgs map[string]map[string]json.RawMessage
		if err := dec.Decode(&pkgs); err != nil {
			t.Fatalf("%v in\n%s", err, out)
		}
		for _, rules := range pkgs {
			for rule, raw := range rules {
				var diags []struct{ Posn, Message string }
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("%s: %s", rule, raw) // an analysis error
				}
				for _, d := range diags {
					r := rule
					if rule == "deletionlint" {
						// go vet's tool reports every finding under its
						// own name, the message ending with the rule.
						first, _, _ := strings.Cut(d.Message, "\n")
						m := ruleSuffix.FindStringSubmatch(first)
						if m == nil {
							t.Fatalf("go vet's message does not end with its rule: %q", first)
						}
						r = m[1]
					}
					found = append(found, position(t, project, d.Posn)+": "+r)
				}
			}
		}
	}
	slices.Sort(found)
	return found
}

// stripHeaders drops go vet's "# package" lines.
func stripHeaders(out string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(out, "\n") {
		if !strings.HasPrefix(l, "# ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// position turns an absolute file:line:col into file:line relative to the
// project.
func position(t *testing.T, project, posn string) string {
	t.Helper()
	i := strings.LastIndex(posn, ":")
	j := strings.LastIndex(posn[:i], ":")
	file, line := posn[:j], posn[j+1:i]
	rel, err := filepath.Rel(project, file)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(rel) + ":" + line
}

var golangciIssue = regexp.MustCompile(`^(\S+\.go):(\d+):\d+: (.*) \((\w+)\)$`)

// golangciText returns "file:line: rule" for each deletionlint issue of
// golangci-lint's text output ("file:line:col: RULE: message (deletionlint)",
// then the source line and a caret), sorted. Issues of other linters are
// reported as they are: the scaffold's linters must find nothing in it.
func golangciText(t *testing.T, out string) []string {
	t.Helper()
	var found []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		m := golangciIssue.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		file, line, text, linter := m[1], m[2], m[3], m[4]
		if linter != "deletionlint" {
			found = append(found, sc.Text())
			continue
		}
		rule, _, _ := strings.Cut(text, ":")
		found = append(found, file+":"+line+": "+rule)
	}
	slices.Sort(found)
	return found
}

// run runs prog in dir with args; an argument of the form NAME=value is put
// in the environment instead. It fails unless prog exits with code, and
// returns standard output.
func run(t *testing.T, dir string, code int, prog string, args ...string) string {
	t.Helper()
	var env, argv []string
	for _, a := range args {
		if i := strings.Index(a, "="); i > 0 && strings.ToUpper(a[:i]) == a[:i] && !strings.HasPrefix(a, "-") {
			env = append(env, a)
		} else {
			argv = append(argv, a)
		}
	}
	return runEnv(t, dir, code, env, prog, argv...)
}

// runEnv runs prog in dir with args as they are and env added to the
// environment. It fails unless prog exits with code, and returns standard
// output.
func runEnv(t *testing.T, dir string, code int, env []string, prog string, argv ...string) string {
	t.Helper()
	cmd := exec.Command(prog, argv...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	got := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %s: %v", prog, strings.Join(argv, " "), err)
		}
		got = ee.ExitCode()
	}
	if got != code {
		t.Fatalf("%s %s in %s: exit code %d, want %d\n%s%s", prog, strings.Join(argv, " "), dir, got, code, out, stderr.String())
	}
	return string(out)
}
