package driver

import (
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/deletionlint/deletionlint/internal/config"
	"github.com/deletionlint/deletionlint/internal/graph"
)

// GraphMain runs the graph command, "NAME graph [flags] packages", with
// args (after "graph") and returns its exit code: it analyses the packages
// as Main does, in the same single run, with Options.Topology added to the
// selected analyzers, and writes the deletion graph (internal/graph) with
// the findings of the selected analyzers placed on it, to stdout. Findings
// do not change the exit code; packages that cannot be loaded or analysed
// make it 1, after the graph of what could be.
func GraphMain(opts Options, args []string, stdout, stderr io.Writer) int {
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		return 1
	}
	// The module's configuration file selects the rules and their settings
	// as it does for the findings, so the graph shows the same findings.
	root, _ := config.ModuleRoot(wd)
	conf, err := opts.configure(root)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, relativeError(err, wd))
		return 2
	}
	c, g, err := parseGraphFlags(opts, conf, wd, args, stderr)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	stop, err := c.startProfiles()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		return 1
	}
	code := c.graph(g, stdout, stderr)
	if err := stop(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		code = max(code, 1)
	}
	return code
}

// graph analyses the packages and writes the graph; it returns the exit
// code.
func (c *command) graph(g *graphFlags, stdout, stderr io.Writer) int {
	opts := c.opts
	s, err := c.start(stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		return 1
	}
	s.showProgress = opts.Progress
	defer s.end()
	actions, broken, err := s.analyze()
	if err != nil {
		s.fail(fmt.Sprintf("%s: %v", opts.Name, err))
		return 1
	}
	s.progress("")
	code := 0
	if len(broken) > 0 {
		code = 1
		defer s.reportBroken(broken)
	}
	frags, findings, failed := collect(actions, opts.Topology, s.fset)
	for _, msg := range failed {
		s.fail(fmt.Sprintf("%s: %s", opts.Name, msg))
		code = 1
	}
	dir, err := os.Getwd()
	if err != nil {
		dir = ""
	}
	out := graph.Build(frags, findings, dir)
	if g.focus != "" {
		if out, err = out.Focus(g.focus, g.depth); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
			return max(code, 1)
		}
	}
	if err := out.Write(stdout, g.format); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		return 1
	}
	return code
}

// graphFlags are the graph command's own flags.
type graphFlags struct {
	format string
	focus  string
	depth  int
}

func parseGraphFlags(opts Options, conf Configuration, wd string, args []string, stderr io.Writer) (*command, *graphFlags, error) {
	c := &command{opts: opts, conf: conf, wd: wd, format: "graph"}
	g := &graphFlags{}
	fs := flag.NewFlagSet(opts.Name+" graph", flag.ContinueOnError)
	usage := func() {
		fmt.Fprintf(stderr, `%[1]s graph draws the deletion graph of the packages' controllers: the kinds they
reconcile, own, watch, look up, delete and wait for, which hold a finalizer, and
each finding of the rules on the node or edge it is about (in red).

Usage:
	%[1]s graph [flags] packages

Flags:
`, opts.Name)
		printDefaults(fs, stderr)
	}
	fs.StringVar(&g.format, "format", "mermaid", "output format: "+strings.Join(graph.Formats, ", "))
	fs.StringVar(&g.focus, "focus", "", "draw only this kind (its name as in the graph, its GroupKind or its Go type) and its neighbourhood")
	fs.IntVar(&g.depth, "depth", 1, "with -focus, how many edges away from the kind to draw")
	fs.BoolVar(&c.tests, "test", false, "also analyse the test files of the packages (their controllers join the graph)")
	fs.StringVar(&c.debug, "debug", "", `debug output, as for the command: any of "v", "t", "f", "p"`)
	fs.StringVar(&c.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&c.memprofile, "memprofile", "", "write a heap profile to this file")
	enable := analyzerFlags(fs, opts)
	// A mistake gets one line naming the flag; only -h prints them all.
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fs.SetOutput(stderr)
			usage()
		} else {
			fmt.Fprintf(stderr, "%s graph: %v (run '%s graph -h' for the flags)\n", opts.Name, err, opts.Name)
		}
		return nil, nil, err
	}
	fail := func(format string, a ...any) (*command, *graphFlags, error) {
		err := fmt.Errorf(format, a...)
		fmt.Fprintf(stderr, "%s graph: %v\n", opts.Name, err)
		return nil, nil, err
	}
	if !slices.Contains(graph.Formats, g.format) {
		return fail("-format: unknown format %q (want %s)", g.format, strings.Join(graph.Formats, ", "))
	}
	if g.depth < 1 {
		return fail("-depth: %d is not a number of edges (want 1 or more)", g.depth)
	}
	c.analyzers = append(selectAnalyzers(opts.Analyzers, conf.Enabled, enable), opts.Topology)
	c.keep = []*analysis.Analyzer{opts.Topology}
	c.patterns = fs.Args()
	if len(c.patterns) == 0 {
		fs.SetOutput(stderr)
		usage()
		return nil, nil, fmt.Errorf("no packages")
	}
	return c, g, nil
}

// collect returns the fragments topology found on the root packages, the
// findings of the other analyzers, and the analyses that failed.
func collect(actions *checker.Graph, topology *analysis.Analyzer, fset *token.FileSet) (frags []*graph.Fragment, findings []graph.Finding, failed []string) {
	dedupe(actions.Roots)
	pos := func(p, end token.Pos) graph.Position {
		a := fset.Position(p)
		out := graph.Position{File: a.Filename, Line: a.Line, Col: a.Column, EndLine: a.Line, EndColumn: a.Column}
		if end.IsValid() {
			e := fset.Position(end)
			out.EndLine, out.EndColumn = e.Line, e.Column
		}
		return out
	}
	for _, act := range actions.Roots {
		switch {
		case act.Err != nil:
			failed = append(failed, fmt.Sprintf("%s: %v", act, act.Err))
		case act.Analyzer == topology:
			if f, ok := act.Result.(*graph.Fragment); ok {
				frags = append(frags, f)
			}
		default:
			for _, d := range act.Diagnostics {
				f := graph.Finding{Rule: act.Analyzer.Name, Category: d.Category, Message: d.Message, Pos: pos(d.Pos, d.End)}
				for _, r := range d.Related {
					f.Related = append(f.Related, pos(r.Pos, r.End))
				}
				findings = append(findings, f)
			}
		}
	}
	return frags, findings, failed
}
