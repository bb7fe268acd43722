package driver

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"
)

// A Program is a command built on this driver: deletionlint, or the
// benchmark's floor. Run gives every such command the same ways to be run.
type Program struct {
	Options
	// Summary is the first paragraph of "NAME help": what the command
	// reports, as wrapped lines.
	Summary string
	// Docs names the document, under InfoURI, that has every rule's
	// documentation, for "NAME help"; empty when there is none.
	Docs string
	// Inputs describes the files the analyzers read for the packages of
	// the module around dir besides the packages' own (finalizersrbac's
	// RBAC manifests): go vet keys its cache of results on -V=full's line,
	// so it is folded into the build ID there, and an edit of them is seen
	// by the next go vet. Nil means none.
	Inputs func(dir string) []byte
}

// Run runs the program with the process's arguments and exits with its
// exit code. It answers -version, -V=full (the line go vet keys its cache
// on) and "help" itself; a go vet query or unit of work (-flags, -V=full
// among other flags, a .cfg file) and "help RULE" go to the analysis
// framework's unitchecker protocol (multichecker); everything else is the
// standalone command, Main. Version defaults to the module version the
// binary was built from, and a progress line is shown when stderr is a
// terminal.
func Run(p Program) {
	if p.Version == "" {
		p.Version = buildVersion()
	}
	p.Progress = isTerminal(os.Stderr)
	args := os.Args[1:]
	if code, ok := p.answer(args, os.Stdout, os.Stderr); ok {
		os.Exit(code)
	}
	if vetQuery(args) || firstArg(args) == "help" {
		p.vet(args)
		return // not reached: multichecker exits
	}
	os.Exit(Main(p.Options, args, os.Stdout, os.Stderr))
}

// answer answers the questions the program answers itself: -version,
// -V=full and "help", alone on the command line. ok is false for any other
// command line.
func (p Program) answer(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	if len(args) != 1 {
		return 0, false
	}
	switch args[0] {
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, p.Name, p.Version)
	case "-V=full":
		// go vet keys its cache of this tool's results on this line.
		line, err := p.fullVersion()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", p.Name, err)
			return 1, true
		}
		fmt.Fprintln(stdout, line)
	case "help":
		p.overview(stdout)
	default:
		return 0, false
	}
	return 0, true
}

// vet hands the command line to the analysis framework: go vet's protocol
// (unitchecker) and the rules' help. Its flags are exactly those of the
// analyzers, every analyzer's, also those off by default, so that go vet,
// which asks for the flags before it runs the tool, accepts -NAME for each.
// The framework selects analyzers as Main does (-NAME runs only those
// named, -NAME=false leaves one out); an analyzer off by default starts
// deselected, as if the command line began with -NAME=false.
func (p Program) vet(args []string) {
	if p.Flags != nil {
		p.Flags.VisitAll(func(f *flag.Flag) { flag.Var(f.Value, f.Name, f.Usage) })
	}
	argv := []string{os.Args[0]}
	for _, a := range p.Analyzers {
		if !p.isDefault(a) {
			argv = append(argv, "-"+a.Name+"=false")
		}
	}
	os.Args = append(argv, args...)
	multichecker.Main(p.Analyzers...)
}

// vetQuery reports whether the command was started by go vet (a query of
// its flags or version, or a unit of work described by a .cfg file), in
// which case its flags must be exactly those of the analyzers.
func vetQuery(args []string) bool {
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	return strings.HasSuffix(last, ".cfg") || slices.Contains(args, "-flags") || slices.Contains(args, "-V=full")
}

// firstArg returns the first argument that is not a flag.
func firstArg(args []string) string {
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// isTerminal reports whether f is a terminal (a character device), where a
// person waits for the command.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// fullVersion is the answer to go vet's -V=full: the module version (devel
// and the VCS revision for a build from a checkout) and a build ID, the
// hash of the executable and of the Inputs, so that go vet's cache never
// reuses results of another build or of other inputs.
func (p Program) fullVersion() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	if p.Inputs != nil {
		// go vet asks from the directory it runs in.
		if wd, err := os.Getwd(); err == nil {
			h.Write(p.Inputs(wd))
		}
	}
	v := p.Version
	if strings.HasPrefix(v, "(devel)") || v == "(unknown)" {
		// go vet reads "devel" as a build from source, identified by
		// the build ID alone.
		v = "devel" + strings.TrimPrefix(strings.TrimPrefix(v, "(devel)"), "(unknown)")
	}
	return fmt.Sprintf("%s version %s buildID=%x", p.Name, v, h.Sum(nil)), nil
}

// buildVersion returns the module version the binary was built from
// ("(devel)" for a build from a checkout), with the VCS revision when known.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			v += " " + s.Value
		}
	}
	return v
}

// overview prints what "NAME help" prints: what the command does, how to
// run it, and the rules.
func (p Program) overview(w io.Writer) {
	fmt.Fprintf(w, "%s\nUsage:\n", p.Summary)
	usage := [][2]string{
		{p.Name + " [flags] packages", "findings on stderr; exit 3 when there are any"},
		{p.Name + " -format=sarif packages", "SARIF on stdout (also -format=json)"},
		{p.Name + " -fix [-diff] packages", "apply (or show) the suggested fixes"},
		{"go vet -vettool=/path/to/" + p.Name + " packages", ""},
		{p.Name + " help RULE", "a rule's documentation and settings"},
		{p.Name + " -h", "every flag"},
	}
	width := 0
	for _, u := range usage {
		if u[1] != "" {
			width = max(width, len(u[0]))
		}
	}
	for _, u := range usage {
		if u[1] == "" {
			fmt.Fprintf(w, "  %s\n", u[0])
		} else {
			fmt.Fprintf(w, "  %-*s   %s\n", width, u[0], u[1])
		}
	}
	fmt.Fprintf(w, "\nRules:\n")
	for _, a := range p.Analyzers {
		summary, _, _ := strings.Cut(a.Doc, "\n")
		off := ""
		if !p.isDefault(a) {
			off = " (off by default)"
		}
		fmt.Fprintf(w, "  %-20s %s%s\n", a.Name, summary, off)
	}
	fmt.Fprintf(w, "\nRun one rule with -RULE, turn one off with -RULE=false, set its settings with\n-RULE.SETTING=VALUE.")
	switch {
	case p.InfoURI != "" && p.Docs != "":
		fmt.Fprintf(w, " Documentation: %s (%s).", p.InfoURI, p.Docs)
	case p.InfoURI != "":
		fmt.Fprintf(w, " Documentation: %s.", p.InfoURI)
	}
	fmt.Fprintln(w)
}
