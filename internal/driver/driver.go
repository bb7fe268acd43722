// Package driver is the command line of deletionlint and of the
// benchmark's floor (bench/noop): Run dispatches a Program between its own
// answers (-version, -V=full, help), go vet's protocol (unitchecker, through
// multichecker) and the standalone command, Main, which parses the flags,
// loads the packages with internal/load, runs the analyzers on each package
// as soon as it is type-checked with internal/stream (which plans and
// reports like golang.org/x/tools/go/analysis/checker) and prints the
// findings as text, JSON or SARIF, or applies their fixes.
//
// Its flags follow the analysis drivers of golang.org/x/tools
// (multichecker): -RULE to select rules, -RULE.SETTING, -json, -c, -fix,
// -diff, -test. Its exit codes do not depend on the output format: 0 when
// nothing was found, 1 when packages could not be loaded or analysed, 3
// when there are findings of a rule whose severity is error (text, JSON or
// SARIF alike; -fix and -diff exit 0 once the fixes are applied or shown),
// 2 for a usage error or a bad configuration file. What it adds is the
// loading (dependencies are type-checked from source only when
// Options.Source says the analyzers can learn something from them), the
// configuration file (Options.Configure, read before the flags, which
// override it), and its text output (text.go): findings sorted by position,
// each naming its rule.
package driver

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/internal/config"
	"github.com/deletionlint/deletionlint/internal/load"
	"github.com/deletionlint/deletionlint/internal/sarif"
	"github.com/deletionlint/deletionlint/internal/stream"
)

// Options describe the command.
type Options struct {
	// Name is the command's name, for messages and SARIF logs.
	Name string
	// Version and InfoURI describe the tool in SARIF logs.
	Version, InfoURI string
	// Docs names the document, under InfoURI, that has every rule's
	// documentation (a section per rule), for "NAME help" and the SARIF
	// rules' helpUri; empty when there is none.
	Docs string
	// Analyzers are those that can be selected; each is enabled unless
	// some are selected with -NAME, it is deselected with -NAME=false, or
	// it is off by default.
	Analyzers []*analysis.Analyzer
	// Default reports whether an analyzer runs when no -NAME selects
	// analyzers; one that does not runs only when selected. Nil means
	// every analyzer does.
	Default func(*analysis.Analyzer) bool
	// Flags are the settings shared by all analyzers, registered under
	// their own names.
	Flags *flag.FlagSet
	// Source reports whether a dependency must be loaded from source for
	// the analyzers' facts; see load.Config.Source. Nil means none.
	Source func(*packages.Package) bool
	// SkipGenerated reports, once the flags are parsed, that the analyzers
	// do not look into generated files, so that the dependencies loaded
	// from source need no function body of theirs (see
	// load.Config.SkipGeneratedBodies). Nil means they do look.
	SkipGenerated func() bool
	// Configure applies a configuration file (see internal/config): the
	// settings it decoded, nil when the module has none, with exclusion
	// patterns relative to root, the module's root directory. The driver
	// calls it before it parses the flags, which override what it set.
	// Nil means the program reads no configuration file.
	Configure func(settings any, root string) (Configuration, error)
	// Progress asks for a progress line on stderr while packages load and
	// are analysed (the command sets it when stderr is a terminal), erased
	// before the findings are printed. Text output only.
	Progress bool
	// ProgressLines asks for plain progress lines on stderr in a run that
	// takes long, for a log (the command sets it when stderr is not a
	// terminal): at most one every 10 seconds, each with the seconds
	// elapsed, and a closing line when there are no findings to count.
	ProgressLines bool
	// ClosingLine asks for a closing line after the text output: the count of
	// findings per rule, and how to read a rule's documentation and silence
	// a finding (the command always sets it).
	ClosingLine bool
	// Topology, when not nil, gives the program the graph command (NAME
	// graph, see GraphMain): an analyzer whose result on each package is
	// the package's *graph.Fragment.
	Topology *analysis.Analyzer
}

// A Configuration is a configuration file once applied.
type Configuration interface {
	// Enabled reports whether the analyzer runs when no -NAME flag
	// selects analyzers.
	Enabled(*analysis.Analyzer) bool
	// Warning reports whether the rule's findings of the category are
	// warnings, which are reported but do not fail the run.
	Warning(rule, category string) bool
}

// defaults is the configuration of a program without a configuration
// file: Options.Default says which analyzers run, and every finding is an
// error.
type defaults struct{ opts Options }

func (d defaults) Enabled(a *analysis.Analyzer) bool {
	return d.opts.Default == nil || d.opts.Default(a)
}
func (defaults) Warning(string, string) bool { return false }

// configure reads the configuration file of the module whose root
// directory is root ("" outside a module), if it has one, and applies it.
// An error names the file and the setting.
func (opts Options) configure(root string) (Configuration, error) {
	if opts.Configure == nil {
		return defaults{opts}, nil
	}
	if root != "" {
		f, err := config.Find(root)
		if err != nil {
			return nil, err
		}
		if f != nil {
			c, err := opts.Configure(f.Settings, root)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", f.Path, err)
			}
			return c, nil
		}
	}
	return opts.Configure(nil, root)
}

// Main runs the command with args (without the program name) and returns
// its exit code. It reads the configuration file of the module of the
// current directory, if any, before the flags.
func Main(opts Options, args []string, stdout, stderr io.Writer) int {
	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		return 1
	}
	root, _ := config.ModuleRoot(wd)
	conf, err := opts.configure(root)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, relativeError(err, wd))
		return 2
	}
	c, err := parseFlags(opts, conf, wd, args, stderr)
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
	code := c.run(stdout, stderr)
	if err := stop(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		code = max(code, 1)
	}
	return code
}

// command is one parsed command line.
type command struct {
	opts                              Options
	conf                              Configuration
	wd                                string               // the working directory
	analyzers                         []*analysis.Analyzer // selected
	patterns                          []string
	format                            string // text, json or sarif
	sarifRoot                         string // -sarif-root, "" for the checkout's root
	context                           int
	fix, diff                         bool
	tests                             bool
	debug                             string
	cpuprofile, memprofile, tracefile string
	keep                              []*analysis.Analyzer // whose results stream keeps
}

func parseFlags(opts Options, conf Configuration, wd string, args []string, stderr io.Writer) (*command, error) {
	c := &command{opts: opts, conf: conf, wd: wd}
	fs := flag.NewFlagSet(opts.Name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "%[1]s reports controller code that gets Kubernetes deletion wrong.\n\nUsage:\n\t%[1]s [flags] packages\n\t%[1]s help [rule]\n\nFlags:\n", opts.Name)
		printDefaults(fs, stderr)
	}
	jsonOut := fs.Bool("json", false, "print the findings as JSON to stdout (the format of go vet -json)")
	sarifOut := fs.Bool("sarif", false, "print the findings as one SARIF 2.1.0 log to stdout (same as -format=sarif)")
	fs.StringVar(&c.format, "format", "text", "output format: text (to stderr), json or sarif (to stdout)")
	fs.StringVar(&c.sarifRoot, "sarif-root", "", "with -format=sarif, the directory file URIs are relative to (%SRCROOT%); default: the root of the version control checkout around the working directory, or the working directory")
	fs.IntVar(&c.context, "c", -1, "with text output, print this many lines of context around each finding")
	fs.BoolVar(&c.fix, "fix", false, "apply the first suggested fix of every finding instead of printing the findings")
	fs.BoolVar(&c.diff, "diff", false, "with -fix, print the changes as a unified diff instead of writing the files")
	fs.BoolVar(&c.tests, "test", true, "also analyse the test files of the packages")
	fs.StringVar(&c.debug, "debug", "", `debug output: any of "v" (loading summary and timing), "t" (time per analysis), "f" (facts as they are exported), "p" (no parallelism in the analysis)`)
	fs.StringVar(&c.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&c.memprofile, "memprofile", "", "write a heap profile to this file")
	fs.StringVar(&c.tracefile, "trace", "", "write an execution trace to this file")
	enable := analyzerFlags(fs, opts)
	// A mistake gets one line naming the flag and how to get help; only -h
	// prints every flag.
	usage := fs.Usage
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fs.SetOutput(stderr)
			usage()
		} else {
			fmt.Fprintf(stderr, "%s: %v (run '%s -h' for the flags)\n", opts.Name, err, opts.Name)
		}
		return nil, err
	}
	fs.SetOutput(stderr)
	fs.Usage = usage
	fail := func(format string, a ...any) (*command, error) {
		err := fmt.Errorf(format, a...)
		fmt.Fprintf(stderr, "%s: %v\n", opts.Name, err)
		return nil, err
	}
	set := make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *sarifOut && *jsonOut:
		return fail("-sarif cannot be combined with -json")
	case *sarifOut && set["format"] && c.format != "sarif", *jsonOut && set["format"] && c.format != "json":
		return fail("-format=%s contradicts -sarif or -json", c.format)
	case *sarifOut:
		c.format = "sarif"
	case *jsonOut:
		c.format = "json"
	}
	if !slices.Contains([]string{"text", "json", "sarif"}, c.format) {
		return fail("-format: unknown format %q (want text, json or sarif)", c.format)
	}
	if c.format == "sarif" {
		var conflict []string
		for _, name := range []string{"fix", "diff", "c"} {
			if set[name] {
				conflict = append(conflict, "-"+name)
			}
		}
		if len(conflict) > 0 {
			return fail("-sarif cannot be combined with %s", strings.Join(conflict, ", "))
		}
	}
	if c.diff && !c.fix {
		return fail("-diff requires -fix")
	}
	c.analyzers = selectAnalyzers(opts.Analyzers, conf.Enabled, enable)
	c.patterns = fs.Args()
	if len(c.patterns) == 0 {
		fs.Usage()
		return nil, fmt.Errorf("no packages")
	}
	return c, nil
}

// analyzerFlags registers on fs the settings shared by the analyzers, and
// for each analyzer -NAME and its -NAME.SETTING flags; it returns the
// values of the -NAME flags.
func analyzerFlags(fs *flag.FlagSet, opts Options) map[*analysis.Analyzer]*triState {
	if opts.Flags != nil {
		opts.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	}
	return ruleFlags(fs, opts.Analyzers)
}

func (c *command) dbg(b byte) bool { return strings.IndexByte(c.debug, b) >= 0 }

// run loads, analyses and reports; it returns the exit code.
func (c *command) run(stdout, stderr io.Writer) int {
	s, err := c.start(stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", c.opts.Name, err)
		return 1
	}
	defer s.end()
	graph, broken, err := s.analyze()
	if err != nil {
		if pe, ok := err.(*patternError); ok {
			for _, line := range pe.lines {
				s.fail(fmt.Sprintf("%s: %s", c.opts.Name, line))
			}
			return s.finish(2)
		}
		s.fail(fmt.Sprintf("%s: %v", c.opts.Name, err))
		return s.finish(1)
	}
	code := 0
	if len(broken) > 0 {
		code = 1
		defer s.reportBroken(broken) // said last, after the findings, where a user looks
	}
	return s.emit(graph, code)
}

// session is one run of a command: where its output goes.
type session struct {
	*command
	stdout, stderr io.Writer
	fset           *token.FileSet
	sarif          *sarif.Builder // the log being written, with -format=sarif
	showProgress   bool           // a person waits at a terminal for the text output
	shown          bool           // a progress line is on the terminal
	log            *progressLog   // progress lines for a log, or nil
	deepcopy       bool           // a package's errors name DeepCopy methods
}

func (c *command) start(stdout, stderr io.Writer) (*session, error) {
	s := &session{command: c, stdout: stdout, stderr: stderr, fset: token.NewFileSet()}
	s.showProgress = c.opts.Progress && c.format == "text" && !c.fix
	if c.opts.ProgressLines {
		s.log = startProgressLog(stderr)
	}
	if c.format == "sarif" {
		root := c.sarifRoot
		if root == "" {
			root = checkoutRoot(c.wd)
		} else if abs, err := filepath.Abs(root); err == nil {
			root = abs
		}
		s.sarif = sarif.NewBuilder(s.fset, root, c.opts.Name, c.opts.Version, c.opts.InfoURI, c.analyzers)
		if c.opts.InfoURI != "" && c.opts.Docs != "" {
			s.sarif.SetHelpURI(func(rule string) string { return docsURI(c.opts.InfoURI, c.opts.Docs, rule) })
		}
		s.sarif.SetLevel(func(rule, category string) string {
			if c.conf.Warning(rule, category) {
				return "warning"
			}
			return "error"
		})
	}
	return s, nil
}

// fail reports a failure on stderr, and in the SARIF log.
func (s *session) fail(msg string) {
	fmt.Fprintln(s.stderr, msg)
	if s.sarif != nil {
		s.sarif.Fail(msg)
	}
}

// finish writes the SARIF log, if any, and returns the exit code.
func (s *session) finish(code int) int {
	if s.sarif == nil {
		return code
	}
	if err := s.sarif.Log().Write(s.stdout); err != nil {
		fmt.Fprintf(s.stderr, "%s: writing SARIF: %v\n", s.opts.Name, err)
		return 1
	}
	return code
}

// progress replaces the progress line with a new one; an empty format
// erases it.
func (s *session) progress(format string, a ...any) {
	if s.log != nil {
		s.log.set(fmt.Sprintf(format, a...))
	}
	if !s.showProgress {
		return
	}
	// \r and "erase to the end of the line": each line replaces the last,
	// and an empty one leaves nothing behind.
	if format != "" || s.shown {
		fmt.Fprintf(s.stderr, "\r\033[K"+format, a...)
	}
	s.shown = format != ""
}

// end erases the progress line and stops the progress log.
func (s *session) end() {
	s.progress("")
	if s.log != nil {
		s.log.stop()
	}
}

// analyze loads the packages named on the command line, and from source
// the dependencies the analyzers learn from, and runs the selected
// analyzers on them, each package as soon as it and its imports are
// type-checked and analysed (internal/stream), so that only a few packages'
// syntax is in memory at a time. It prints the packages' errors and returns
// the packages that have any, which are analysed as far as their types go.
func (s *session) analyze() (graph *checker.Graph, broken []string, err error) {
	s.progress("%s: loading packages (the first run compiles their dependencies)...", s.opts.Name)
	t0 := time.Now()
	source := s.opts.Source
	if !needFacts(s.analyzers) {
		source = nil // no dependency needs source
	}
	cfg := &load.Config{
		Tests:               s.tests,
		Source:              source,
		Fset:                s.fset,
		SkipGeneratedBodies: s.opts.SkipGenerated != nil && s.opts.SkipGenerated(),
	}
	if s.dbg('p') {
		cfg.Parallel = 1
	}
	prog, err := load.List(cfg, s.patterns...)
	if err != nil {
		return nil, nil, listError(err)
	}
	if bad := badPatterns(prog.Roots, s.wd); len(bad) > 0 {
		return nil, nil, &patternError{bad}
	}
	if s.dbg('v') {
		fmt.Fprintf(s.stderr, "%s: listed %d packages (%d to load from source) in %v\n", s.opts.Name, len(prog.All), prog.FromSource, time.Since(t0).Round(time.Millisecond))
	}
	opts := stream.Options{Keep: s.keep}
	if s.dbg('f') {
		opts.FactLog = s.stderr
	}
	run, err := stream.New(s.analyzers, prog.Roots, opts)
	if err != nil {
		return nil, nil, err
	}
	if n := countPackages(prog.Roots); n == 1 {
		s.progress("%s: analysing 1 package...", s.opts.Name)
	} else {
		s.progress("%s: analysing %d packages...", s.opts.Name, n)
	}
	t1 := time.Now()
	prog.Check(run.Visit)
	s.progress("")
	if s.dbg('v') {
		fmt.Fprintf(s.stderr, "%s: type-checked %d packages from source and analysed them in %v\n", s.opts.Name, prog.FromSource, time.Since(t1).Round(time.Millisecond))
	}
	for _, p := range prog.All {
		for _, e := range packageErrors(p, s.wd) {
			s.fail(e)
		}
		for _, e := range p.Errors {
			if strings.Contains(e.Msg, "DeepCopy") {
				s.deepcopy = true
			}
		}
		if len(p.Errors) > 0 && !slices.Contains(broken, p.PkgPath) {
			broken = append(broken, p.PkgPath)
		}
	}
	graph = run.Graph()
	if s.dbg('t') {
		printTimes(s.stderr, graph)
	}
	return graph, broken, nil
}

// reportBroken names the packages with type errors and says what to do.
func (s *session) reportBroken(broken []string) {
	slices.Sort(broken)
	advice := ""
	if s.deepcopy {
		// The usual cause in an operator's checkout.
		advice = "; if generated code (zz_generated.deepcopy.go) is not committed, generate it first (controller-gen object paths=./...)"
	}
	fmt.Fprintf(s.stderr, "%s: analysed only as far as their types go, so findings in them and in the packages that import them may be missing: %s%s\n",
		s.opts.Name, strings.Join(broken, ", "), advice)
}

// packageErrors returns the errors of p as lines to print, positions
// relative to wd: the parser's and type checker's errors, and go list's
// without its "-: # package" header; go list's report of a syntax error
// the parser reports too is left out.
func packageErrors(p *packages.Package, wd string) []string {
	parsed := slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind == packages.ParseError })
	var out []string
	for _, e := range p.Errors {
		msg := e.Msg
		if e.Kind == packages.ListError {
			if header, rest, ok := strings.Cut(msg, "\n"); ok && strings.HasPrefix(header, "# ") {
				if parsed {
					continue // the compiler's view of a syntax error printed below
				}
				msg = rest
			}
		}
		line := msg
		if e.Pos != "" && e.Pos != "-" {
			line = e.Pos + ": " + msg
		}
		out = append(out, relativeError(errors.New(line), wd))
	}
	return out
}

// emit applies the fixes, or prints the findings in the chosen format, and
// returns the exit code; code is 1 when packages had errors. The exit code
// is the same whatever the format: 1 when something failed, otherwise 3
// when a finding of a rule of severity error was reported, otherwise 0;
// -fix and -diff exit 0 once the fixes are applied or shown.
func (s *session) emit(graph *checker.Graph, code int) int {
	if s.fix {
		report, err := applyFixes(graph, s.diff, s.stdout)
		if err != nil {
			fmt.Fprintf(s.stderr, "%s: %v\n", s.opts.Name, err)
			return 1
		}
		for _, c := range report.conflicts {
			fmt.Fprintln(s.stderr, c)
		}
		line := report.String()
		if s.diff {
			line = "would have " + line // nothing is written with -diff
		}
		fmt.Fprintf(s.stderr, "%s: %s\n", s.opts.Name, line)
		return code
	}
	dedupe(graph.Roots)
	var fs []finding
	for act := range graph.All() {
		if act.Err != nil {
			code = 1
			if s.sarif != nil {
				s.sarif.Fail(fmt.Sprintf("%s: %s: %v", s.opts.Name, act, act.Err))
			} else {
				fmt.Fprintf(s.stderr, "%s: %v\n", act.Analyzer.Name, act.Err)
			}
			continue
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			fs = append(fs, newFinding(act.Package.Fset, act.Analyzer.Name, s.conf.Warning(act.Analyzer.Name, d.Category), d))
			if s.sarif != nil {
				s.sarif.Add(act.Analyzer, d)
			}
		}
	}
	if code == 0 && slices.ContainsFunc(fs, func(f finding) bool { return !f.warning }) {
		code = 3
	}
	switch {
	case s.sarif != nil:
		return s.finish(code)
	case s.format == "json":
		var buf bytes.Buffer
		err := graph.PrintJSON(&buf)
		if err == nil {
			var data []byte
			if data, err = withSeverity(buf.Bytes(), s.conf.Warning); err == nil {
				_, err = s.stdout.Write(data)
			}
		}
		if err != nil {
			fmt.Fprintf(s.stderr, "%s: %v\n", s.opts.Name, err)
			return 1
		}
		return code
	}
	writeText(s.stderr, fs, s.context, relativeTo(s.wd))
	if s.opts.ClosingLine {
		if line := summary(s.opts.Name, fs); line != "" {
			fmt.Fprintln(s.stderr, line)
		}
	}
	if s.log != nil && len(fs) == 0 {
		// A log that said the run was under way says how it ended.
		if lines, elapsed := s.log.stop(); lines > 0 {
			fmt.Fprintf(s.stderr, "%s: no findings, %s\n", s.opts.Name, elapsed)
		}
	}
	return code
}

// relativeError renders err with the file names below dir written
// relative to it, as the findings are.
func relativeError(err error, dir string) string {
	return strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
}

// countPackages counts the packages a user named: a package and its test
// variants once, test mains not at all.
func countPackages(roots []*packages.Package) int {
	seen := make(map[string]bool)
	for _, p := range roots {
		if !strings.HasSuffix(p.PkgPath, ".test") {
			seen[strings.TrimSuffix(p.PkgPath, "_test")] = true
		}
	}
	return len(seen)
}

// printTimes prints the analyses that took 90% of the analysis time,
// slowest first.
func printTimes(w io.Writer, graph *checker.Graph) {
	var list []*checker.Action
	var total time.Duration
	for act := range graph.All() {
		list = append(list, act)
		total += act.Duration
	}
	slices.SortFunc(list, func(a, b *checker.Action) int { return int(b.Duration - a.Duration) })
	var sum time.Duration
	for _, act := range list {
		if sum >= total*9/10 {
			fmt.Fprintf(w, "%v\tall others\n", total-sum)
			break
		}
		fmt.Fprintf(w, "%v\t%s\n", act.Duration, act)
		sum += act.Duration
	}
}

// needFacts reports whether any of the analyzers, or an analyzer they
// require, uses facts: only then must dependencies be analysed at all.
func needFacts(analyzers []*analysis.Analyzer) bool {
	seen := make(map[*analysis.Analyzer]bool)
	var uses func(a *analysis.Analyzer) bool
	uses = func(a *analysis.Analyzer) bool {
		if seen[a] {
			return false
		}
		seen[a] = true
		return len(a.FactTypes) > 0 || slices.ContainsFunc(a.Requires, uses)
	}
	return slices.ContainsFunc(analyzers, uses)
}

// startProfiles starts the requested profiles; stop writes them.
func (c *command) startProfiles() (stop func() error, err error) {
	var stops []func() error
	stop = func() error {
		var first error
		for i := len(stops) - 1; i >= 0; i-- {
			if err := stops[i](); err != nil && first == nil {
				first = err
			}
		}
		return first
	}
	create := func(name string) (*os.File, error) {
		f, err := os.Create(name)
		if err != nil {
			return nil, err
		}
		stops = append(stops, f.Close)
		return f, nil
	}
	if c.cpuprofile != "" {
		f, err := create(c.cpuprofile)
		if err != nil {
			return stop, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			return stop, err
		}
		stops = append(stops, func() error { pprof.StopCPUProfile(); return nil })
	}
	if c.tracefile != "" {
		f, err := create(c.tracefile)
		if err != nil {
			return stop, err
		}
		if err := trace.Start(f); err != nil {
			return stop, err
		}
		stops = append(stops, func() error { trace.Stop(); return nil })
	}
	if c.memprofile != "" {
		f, err := create(c.memprofile)
		if err != nil {
			return stop, err
		}
		stops = append(stops, func() error {
			runtime.GC()
			return pprof.WriteHeapProfile(f)
		})
	}
	return stop, nil
}

// selectAnalyzers applies the -NAME flags as the analysis drivers do: when
// any is set to true, only those run; otherwise those set to false are left
// out, and so are those off by default.
func selectAnalyzers(all []*analysis.Analyzer, isDefault func(*analysis.Analyzer) bool, enable map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	anyTrue := slices.ContainsFunc(all, func(a *analysis.Analyzer) bool { return *enable[a] == setTrue })
	var out []*analysis.Analyzer
	for _, a := range all {
		switch s := *enable[a]; {
		case anyTrue && s == setTrue, !anyTrue && s == unset && isDefault(a):
			out = append(out, a)
		}
	}
	return out
}

// ruleFlags registers, on fs, the flags of the analyzers: -NAME to select
// one and -NAME.SETTING for each of its settings. It returns the selection
// flags.
func ruleFlags(fs *flag.FlagSet, analyzers []*analysis.Analyzer) map[*analysis.Analyzer]*triState {
	enable := make(map[*analysis.Analyzer]*triState)
	for _, a := range analyzers {
		enable[a] = new(triState)
		fs.Var(enable[a], a.Name, "enable "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	return enable
}

// triState is a boolean flag that remembers whether it was set.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}

func (t *triState) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	if v {
		*t = setTrue
	} else {
		*t = setFalse
	}
	return nil
}

// IsBoolFlag lets -NAME stand for -NAME=true.
func (t *triState) IsBoolFlag() bool { return true }
