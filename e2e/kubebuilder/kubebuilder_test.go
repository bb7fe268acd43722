//go:build e2e

// Package kubebuilder runs deletionlint on a real kubebuilder project, as a
// kubebuilder user meets it: kubebuilder (pinned below, installed from the
// module proxy) scaffolds a project with `init` and `create api`, and then,
// in all three drivers,
//
//   - the pristine scaffold has no finding;
//   - after its controller grows a typical child (testdata), exactly the
//     annotated findings ("// finding: RULE") are reported;
//   - the project's own .golangci.yml, with deletionlint added as
//     docs/kubebuilder.md says, works unchanged otherwise: golangci-lint
//     built as `golangci-lint custom` builds it from the project's
//     .custom-gcl.yml plus deletionlint's plugin runs the scaffold's linters
//     and plugins (logcheck) and reports nothing but the annotated findings.
//
// Run it with make kubebuilder-e2e.
package kubebuilder

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const (
	// kubebuilderVersion is the kubebuilder release the project is
	// scaffolded with.
	kubebuilderVersion = "v4.16.0"
	// logtoolsVersion is the version of the logcheck plugin that the
	// scaffold's .custom-gcl.yml names ("latest" there), pinned.
	logtoolsVersion = "v0.11.0"
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
	golangci := buildGolangci(t, root, project, tools)
	addDeletionlint(t, root, filepath.Join(project, ".golangci.yml"))
	cache := "GOLANGCI_LINT_CACHE=" + t.TempDir()

	t.Run("pristine", func(t *testing.T) {
		if out := run(t, project, 0, deletionlint, "./..."); out != "" {
			t.Errorf("deletionlint reports on the pristine scaffold:\n%s", out)
		}
		run(t, project, 0, "go", "vet", "-vettool="+deletionlint, "./...")
		run(t, project, 0, golangci, "config", "verify")
		run(t, project, 0, golangci, "run", "./...", cache)
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
		standalone := analysisJSON(t, run(t, project, 0, deletionlint, "-json", "./..."), project)
		vet := analysisJSON(t, run(t, project, 0, "go", "vet", "-vettool="+deletionlint, "-json", "./..."), project)
		gcl := golangciJSON(t, run(t, project, 1, golangci, "run", "--output.json.path=stdout", "./...", cache))
		for _, d := range []struct {
			name string
			got  []string
		}{{"deletionlint -json", standalone}, {"go vet -vettool", vet}, {"golangci-lint", gcl}} {
			if !slices.Equal(d.got, want) {
				t.Errorf("%s reports\n\t%s\nwant\n\t%s", d.name, strings.Join(d.got, "\n\t"), strings.Join(want, "\n\t"))
			}
		}
	})
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

// buildGolangci builds what `golangci-lint custom` builds from the
// project's .custom-gcl.yml with deletionlint's plugin added (docs/kubebuilder.md):
// golangci-lint's main with every plugin linked in. It uses the golangci-lint
// version this repository pins (hack/golangci) and deletionlint's plugin
// from the checkout.
func buildGolangci(t *testing.T, root, project, dir string) string {
	t.Helper()
	custom, err := os.ReadFile(filepath.Join(project, ".custom-gcl.yml"))
	if err != nil {
		t.Fatal(err)
	}
	const logcheck = "sigs.k8s.io/logtools/logcheck/gclplugin"
	if !strings.Contains(string(custom), logcheck) {
		t.Fatalf("the scaffold's .custom-gcl.yml no longer names %s; update this test's plugins:\n%s", logcheck, custom)
	}
	mod := filepath.Join(dir, "custom-gcl")
	if err := os.Mkdir(mod, 0o755); err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile(filepath.Join(root, "hack", "golangci", "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	plugin := `_ "github.com/deletionlint/deletionlint/golangci-plugin"`
	main = []byte(strings.Replace(string(main), plugin, plugin+"\n\t_ \""+logcheck+"\"", 1))
	sum, err := os.ReadFile(filepath.Join(root, "hack", "golangci", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	gomod := fmt.Sprintf(`module custom-gcl

go 1.26.0

require (
	github.com/golangci/golangci-lint/v2 %s
	github.com/deletionlint/deletionlint/golangci-plugin v0.0.0
	sigs.k8s.io/logtools %s
)

replace (
	github.com/deletionlint/deletionlint => %s
	github.com/deletionlint/deletionlint/golangci-plugin => %s
)
`, golangciVersion(t, root), logtoolsVersion, root, filepath.Join(root, "golangci-plugin"))
	for name, data := range map[string][]byte{"main.go": main, "go.sum": sum, "go.mod": []byte(gomod)} {
		if err := os.WriteFile(filepath.Join(mod, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(t, mod, 0, "go", "mod", "tidy")
	bin := filepath.Join(dir, "golangci-lint")
	run(t, mod, 0, "go", "build", "-trimpath", "-o", bin, ".")
	return bin
}

var golangciRequire = regexp.MustCompile(`(?m)^\s*github\.com/golangci/golangci-lint/v2 (\S+)`)

func golangciVersion(t *testing.T, root string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "hack", "golangci", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := golangciRequire.FindSubmatch(data)
	if m == nil {
		t.Fatal("hack/golangci/go.mod does not require golangci-lint")
	}
	return string(m[1])
}

var docBlock = regexp.MustCompile("(?s)<!-- golangci-settings -->\\s*```yaml\n(.*?)```")

// addDeletionlint edits the scaffold's .golangci.yml as docs/kubebuilder.md
// tells users to: deletionlint added to linters.enable, and the block the
// doc shows under linters.settings.custom.
func addDeletionlint(t *testing.T, root, file string) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(root, "docs", "kubebuilder.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := docBlock.FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/kubebuilder.md has no yaml block after <!-- golangci-settings -->")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cfg := string(data)
	const enable, custom = "  enable:\n", "  settings:\n    custom:\n"
	if !strings.Contains(cfg, enable) || !strings.Contains(cfg, custom) {
		t.Fatalf("the scaffold's .golangci.yml has no linters.enable list or linters.settings.custom map:\n%s", cfg)
	}
	cfg = strings.Replace(cfg, enable, enable+"    - deletionlint\n", 1)
	var block strings.Builder
	for _, line := range strings.SplitAfter(strings.TrimRight(string(m[1]), "\n")+"\n", "\n") {
		if line != "" {
			block.WriteString("      " + line)
		}
	}
	cfg = strings.Replace(cfg, custom, custom+block.String(), 1)
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
				var diags []struct{ Posn string }
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("%s: %s", rule, raw) // an analysis error
				}
				for _, d := range diags {
					found = append(found, position(t, project, d.Posn)+": "+rule)
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

// golangciJSON returns "file:line: rule" for each deletionlint issue of
// golangci-lint's JSON output (issues read "RULE: message"), sorted. Issues
// of other linters are reported as they are: the scaffold's linters must
// find nothing in it. Related information, which golangci-lint may list as
// issues of their own ("RULE(related information): ..."), is left out.
func golangciJSON(t *testing.T, out string) []string {
	t.Helper()
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename string
				Line     int
			}
		}
	}
	// The JSON report comes first; golangci-lint's statistics may follow.
	if err := json.NewDecoder(strings.NewReader(out)).Decode(&report); err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	var found []string
	for _, is := range report.Issues {
		rule, _, _ := strings.Cut(is.Text, ":")
		switch {
		case is.FromLinter != "deletionlint":
			found = append(found, fmt.Sprintf("%s:%d: %s: %s", is.Pos.Filename, is.Pos.Line, is.FromLinter, is.Text))
		case strings.HasSuffix(rule, "(related information)"):
		default:
			found = append(found, is.Pos.Filename+":"+strconv.Itoa(is.Pos.Line)+": "+rule)
		}
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
