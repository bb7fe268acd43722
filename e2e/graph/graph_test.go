//go:build e2e

// Package graph holds the end-to-end tests of deletionlint graph: the real
// command draws the example operator (examples/), and the real tools that
// users draw it with render it: the Mermaid output in headless Chromium
// with the Mermaid library from npm, the DOT output with Graphviz's dot.
// Any render error fails the test; each picture is written as a PNG to
// GRAPH_OUT. The example's graphs in docs/graph.md and the README are
// checked current (go test -update, run by make docs, rewrites them).
//
// The tools come from the environment, as make graph-e2e (mk/graph.mk)
// installs and passes them: CHROMIUM and DOT, the programs, MERMAID_JS,
// the library's dist/mermaid.min.js; GRAPH_OUT, where the PNGs go.
package graph

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the example's graphs in docs/graph.md and the README")

// root is the repository, bin the deletionlint command built for the tests.
var root, bin string

func TestMain(m *testing.M) {
	var err error
	if root, err = filepath.Abs(filepath.Join("..", "..")); err != nil {
		fmt.Fprintln(os.Stderr, "e2e/graph:", err)
		os.Exit(1)
	}
	bin = filepath.Join(root, "bin", "deletionlint")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/deletionlint")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "e2e/graph: building deletionlint:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// draw runs deletionlint graph with args in the example module and returns
// its output.
func draw(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"graph"}, args...)...)
	cmd.Dir = filepath.Join(root, "examples")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("deletionlint graph %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// The example's graphs: each copy, as Mermaid, DOT and JSON.
var examples = map[string]map[string]string{}

func example(t *testing.T, copy, format string) string {
	t.Helper()
	if examples[copy] == nil {
		examples[copy] = make(map[string]string)
	}
	if _, ok := examples[copy][format]; !ok {
		examples[copy][format] = draw(t, "-format="+format, "./"+copy+"/...")
	}
	return examples[copy][format]
}

// graphFindings are the findings of a JSON graph, as "file:line: rule",
// wherever they are placed.
func graphFindings(t *testing.T, out string) []string {
	t.Helper()
	type finding struct{ Rule, Posn string }
	var g struct {
		Nodes []struct{ Findings []finding }
		Edges []struct{ Findings []finding }
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	var list []finding
	for _, n := range g.Nodes {
		list = append(list, n.Findings...)
	}
	for _, e := range g.Edges {
		list = append(list, e.Findings...)
	}
	var keys []string
	for _, f := range list {
		keys = append(keys, lineKey(f.Posn, f.Rule))
	}
	slices.Sort(keys)
	return keys
}

// lineKey is "file:line: rule" for a finding at posn (file:line:col).
func lineKey(posn, rule string) string {
	i := strings.LastIndexByte(posn, ':')
	return posn[:i] + ": " + rule
}

// commandFindings are the findings of deletionlint -json on the pattern,
// in the example module, as "file:line: rule" relative to it.
func commandFindings(t *testing.T, pattern string) []string {
	t.Helper()
	cmd := exec.Command(bin, "-json", pattern)
	cmd.Dir = filepath.Join(root, "examples")
	out, err := cmd.Output()
	// Exit code 3: there are findings, whatever the output format.
	if exit, ok := err.(*exec.ExitError); err != nil && (!ok || exit.ExitCode() != 3) {
		t.Fatalf("deletionlint -json %s: %v", pattern, err)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, rules := range tree {
		for rule, raw := range rules {
			var ds []struct{ Posn string }
			if err := json.Unmarshal(raw, &ds); err != nil {
				continue // an analysis error, not findings
			}
			for _, d := range ds {
				rel, err := filepath.Rel(cmd.Dir, d.Posn)
				if err != nil {
					t.Fatal(err)
				}
				keys = append(keys, lineKey(filepath.ToSlash(rel), rule))
			}
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// TestExampleFindingsOnTheGraph: every finding deletionlint reports on the
// buggy example is on its graph, and the fixed example draws with no
// problem marks.
func TestExampleFindingsOnTheGraph(t *testing.T) {
	want := commandFindings(t, "./buggy/...")
	if len(want) == 0 {
		t.Fatal("deletionlint reports nothing on examples/buggy")
	}
	if got := graphFindings(t, example(t, "buggy", "json")); !slices.Equal(got, want) {
		t.Errorf("findings on the graph:\n%s\nfindings of the command:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := graphFindings(t, example(t, "fixed", "json")); len(got) > 0 {
		t.Errorf("findings on the graph of examples/fixed: %v", got)
	}
	for _, format := range []string{"mermaid", "dot"} {
		if out := example(t, "fixed", format); strings.Contains(out, "⚠") || strings.Contains(out, problemColour) {
			t.Errorf("examples/fixed -format=%s has a problem mark:\n%s", format, out)
		}
	}
}

// problemColour is the colour of a problem, in every format.
const problemColour = "#c00000"

// The generated blocks of the documentation: each between its markers.
type block struct {
	file, name string
	text       func(t *testing.T) string
}

func mermaidBlock(copy string) func(t *testing.T) string {
	return func(t *testing.T) string { return "```mermaid\n" + example(t, copy, "mermaid") + "```\n" }
}

var blocks = []block{
	{"docs/graph.md", "examples/buggy", mermaidBlock("buggy")},
	{"docs/graph.md", "examples/fixed", mermaidBlock("fixed")},
	{"README.md", "examples/buggy", func(t *testing.T) string {
		return "## The deletion graph\n\n" +
			"`deletionlint graph ./...` draws the controllers' kinds and what they do to each other (own, watch, look up,\n" +
			"delete, wait for), with each finding in red on the relation it is about and, where your RBAC roles are in the\n" +
			"repository, each relation they do not grant (`✗ not granted: delete`), as Mermaid, DOT or JSON\n" +
			"([docs/graph.md](docs/graph.md)). The example operator's (`examples/buggy`):\n\n" +
			mermaidBlock("buggy")(t)
	}},
}

// markers returns the lines around a generated block.
func markers(name string) (begin, end string) {
	return "<!-- graph " + name + ": generated by e2e/graph (make docs); do not edit -->\n", "<!-- end of graph " + name + " -->\n"
}

// TestDocsCurrent: the example's graphs in docs/graph.md and the README are
// what deletionlint draws today; make docs rewrites them.
func TestDocsCurrent(t *testing.T) {
	files := make(map[string][]byte)
	for _, b := range blocks {
		if files[b.file] == nil {
			data, err := os.ReadFile(filepath.Join(root, b.file))
			if err != nil {
				t.Fatal(err)
			}
			files[b.file] = data
		}
		begin, end := markers(b.name)
		doc := files[b.file]
		i, j := bytes.Index(doc, []byte(begin)), bytes.Index(doc, []byte(end))
		if i < 0 || j < i {
			t.Fatalf("%s has no markers %q ... %q", b.file, strings.TrimSpace(begin), strings.TrimSpace(end))
		}
		want := b.text(t)
		if got := string(doc[i+len(begin) : j]); got != want {
			if !*update {
				t.Errorf("%s: the graph of %s is stale: run make docs", b.file, b.name)
			}
			files[b.file] = slices.Concat(doc[:i+len(begin)], []byte(want), doc[j:])
		}
	}
	if *update {
		for file, data := range files {
			if err := os.WriteFile(filepath.Join(root, file), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// tool returns the program or file the environment names in env.
func tool(t *testing.T, env string) string {
	t.Helper()
	p := os.Getenv(env)
	if p == "" {
		t.Fatalf("%s is not set: run make graph-e2e, which installs the tools and sets it", env)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%s: %v (make graph-tools installs it)", env, err)
	}
	return p
}

// out returns GRAPH_OUT, created, or a temporary directory.
func out(t *testing.T) string {
	dir := os.Getenv("GRAPH_OUT")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A picture is one graph to render: its name and source.
type picture struct{ name, src string }

// pictures returns the graphs of a format: the example's, the golden
// graphs of the command's tests, and, for Mermaid, every Mermaid block of
// the documentation.
func pictures(t *testing.T, format, ext string) []picture {
	list := []picture{
		{"examples-buggy", example(t, "buggy", format)},
		{"examples-fixed", example(t, "fixed", format)},
	}
	goldens, err := filepath.Glob(filepath.Join(root, "cmd", "deletionlint", "testdata", "graph", "*."+ext))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden graphs *.%s: %v", ext, err)
	}
	for _, g := range goldens {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, picture{"golden-" + strings.TrimSuffix(filepath.Base(g), "."+ext), string(data)})
	}
	if format == "mermaid" {
		fence := regexp.MustCompile("(?s)```mermaid\n(.*?)```\n")
		for _, doc := range []string{"README.md", "docs/graph.md"} {
			data, err := os.ReadFile(filepath.Join(root, doc))
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range fence.FindAllStringSubmatch(string(data), -1) {
				name := strings.NewReplacer("/", "-", ".md", "").Replace(doc)
				list = append(list, picture{fmt.Sprintf("%s-%d", name, i+1), m[1]})
			}
		}
	}
	return list
}

// page is the HTML page that renders one Mermaid graph and says how it
// went in its title: "rendered", or "error: " and the error.
const page = `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>pending</title>
<style>body { margin: 0; background: #fff; } svg { max-width: 100%% !important; height: auto; }</style>
<script src="%s"></script></head>
<body><div id="out"></div><script>
const src = %s;
mermaid.initialize({startOnLoad: false, securityLevel: "strict"});
(async () => {
  try {
    await mermaid.parse(src);
    const {svg} = await mermaid.render("graph", src);
    document.getElementById("out").innerHTML = svg;
    document.title = "rendered";
  } catch (e) {
    document.title = "error: " + (e && e.message ? e.message : String(e));
  }
})();
</script></body></html>
`

var title = regexp.MustCompile(`<title>([^<]*)</title>`)

// renderMermaid renders src with the Mermaid library in headless Chromium,
// writes a screenshot to pngFile, and returns the page as the browser has
// it once the script has run, and the error Mermaid raised, if any.
func renderMermaid(t *testing.T, work, name, src, pngFile string) (dom string, renderErr error) {
	t.Helper()
	chromium, mermaidJS := tool(t, "CHROMIUM"), tool(t, "MERMAID_JS")
	js, _ := json.Marshal(src)
	html := filepath.Join(work, name+".html")
	if err := os.WriteFile(html, fmt.Appendf(nil, page, "file://"+mermaidJS, js), 0o644); err != nil {
		t.Fatal(err)
	}
	// The flags headless Chromium needs on a machine without a display, a
	// sandbox or a network, and a profile of its own.
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(work, name+".profile"),
		"--virtual-time-budget=20000", "--hide-scrollbars", "--window-size=1800,1200",
		"--screenshot="+pngFile, "--dump-dom", "file://"+html)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	dom = stdout.String()
	switch m := title.FindStringSubmatch(dom); {
	case m == nil:
		return dom, fmt.Errorf("the page has no title: the script did not run")
	case m[1] != "rendered":
		return dom, fmt.Errorf("%s", m[1])
	case !strings.Contains(dom, "<svg"):
		return dom, fmt.Errorf("no SVG in the page")
	}
	return dom, nil
}

// TestMermaidRendersInChromium renders each Mermaid graph with the Mermaid
// library in headless Chromium, fails on any render error, checks that a
// graph with findings is drawn in the problem colour and one without is
// not, and writes a PNG of each.
func TestMermaidRendersInChromium(t *testing.T) {
	dir, work := out(t), t.TempDir()
	start := time.Now()
	list := pictures(t, "mermaid", "mmd")
	for _, p := range list {
		t.Run(p.name, func(t *testing.T) {
			pngFile := filepath.Join(dir, p.name+".mermaid.png")
			t0 := time.Now()
			dom, err := renderMermaid(t, work, p.name, p.src, pngFile)
			if err != nil {
				t.Fatalf("Mermaid did not render %s: %v\n%s", p.name, err, p.src)
			}
			problem := strings.Contains(p.src, "⚠")
			if drawn := strings.Contains(dom, problemColour); drawn != problem {
				t.Errorf("%s: findings %v, problem colour drawn %v", p.name, problem, drawn)
			}
			checkPNG(t, pngFile)
			t.Logf("rendered in %v: %s", time.Since(t0).Round(time.Millisecond), pngFile)
		})
	}
	t.Logf("%d Mermaid graphs rendered in Chromium in %v", len(list), time.Since(start).Round(time.Millisecond))
}

// TestMermaidErrorsFail: the harness sees a graph Mermaid cannot parse, so
// that a render error in the others would fail them.
func TestMermaidErrorsFail(t *testing.T) {
	work := t.TempDir()
	_, err := renderMermaid(t, work, "broken", "flowchart LR\n  n0[\"A\"] -->|\"unclosed| n1\n", filepath.Join(work, "broken.png"))
	if err == nil || !strings.Contains(err.Error(), "Parse error") {
		t.Errorf("a graph Mermaid cannot parse rendered: %v", err)
	}
}

// TestDOTRendersWithGraphviz renders each DOT graph with dot, failing on
// any error or warning, and writes a PNG of each.
func TestDOTRendersWithGraphviz(t *testing.T) {
	dot := tool(t, "DOT")
	dir := out(t)
	start := time.Now()
	list := pictures(t, "dot", "dot")
	for _, p := range list {
		t.Run(p.name, func(t *testing.T) {
			pngFile := filepath.Join(dir, p.name+".dot.png")
			cmd := exec.Command(dot, "-Tpng", "-o", pngFile)
			cmd.Stdin = strings.NewReader(p.src)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil || stderr.Len() > 0 {
				t.Fatalf("dot: %v\n%s\n%s", err, stderr.String(), p.src)
			}
			checkPNG(t, pngFile)
		})
	}
	t.Logf("%d DOT graphs rendered by Graphviz in %v", len(list), time.Since(start).Round(time.Millisecond))
}

// checkPNG fails unless file is a PNG with a picture in it.
func checkPNG(t *testing.T, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if b := img.Bounds(); b.Dx() < 50 || b.Dy() < 50 {
		t.Fatalf("%s: a %dx%d picture", file, b.Dx(), b.Dy())
	}
}
