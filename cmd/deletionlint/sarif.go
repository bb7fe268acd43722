package main

import (
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/cmd/deletionlint/internal/sarif"
)

const infoURI = "https://github.com/deletionlint/deletionlint"

// sarifRequested reports whether the arguments ask for SARIF output: a
// -sarif or -sarif=true flag before the package patterns.
func sarifRequested(args []string) bool {
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			return false
		}
		switch strings.TrimLeft(a, "-") {
		case "sarif", "sarif=true", "sarif=1", "sarif=t", "sarif=T", "sarif=TRUE", "sarif=True":
			return true
		}
	}
	return false
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

// runSARIF is the standalone driver behind -sarif: it parses the same flags
// as the default driver (the global settings, -RULE to select rules and
// -RULE.SETTING), loads the packages, runs the analyzers with
// golang.org/x/tools/go/analysis/checker, and writes one SARIF log to
// stdout. The exit code is 0 when the analysis completed, whatever it
// found, as with -json; 1 when packages could not be loaded or analysed (the
// errors are in the log's invocation and on stderr); 2 for a usage error.
func runSARIF(args []string, stdout, stderr io.Writer) int {
	all := analyzers.ForCommandLine(args)
	fs := flag.NewFlagSet("deletionlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("sarif", true, "write the findings as a SARIF 2.1.0 log")
	tests := fs.Bool("test", true, "also analyse test packages")
	analyzers.GlobalFlags().VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	enable := make(map[*analysis.Analyzer]*triState)
	for _, a := range all {
		enable[a] = new(triState)
		fs.Var(enable[a], a.Name, "enable "+a.Name+" analysis")
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	for _, name := range []string{"json", "fix", "diff"} {
		fs.Bool(name, false, "not available with -sarif")
	}
	fs.Int("c", -1, "not available with -sarif")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var conflict []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "json", "fix", "diff", "c":
			conflict = append(conflict, "-"+f.Name)
		}
	})
	if len(conflict) > 0 {
		fmt.Fprintf(stderr, "deletionlint: -sarif cannot be combined with %s\n", strings.Join(conflict, ", "))
		return 2
	}
	selected := selectAnalyzers(all, enable)

	wd, err := os.Getwd()
	if err != nil {
		fmt.Fprintf(stderr, "deletionlint: %v\n", err)
		return 1
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: *tests}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		fmt.Fprintf(stderr, "deletionlint: %v\n", err)
		return 1
	}
	fset := sharedFset(pkgs)
	b := sarif.NewBuilder(fset, wd, "deletionlint", version(), infoURI, selected)
	failed := false
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			failed = true
			b.Fail(e.Error())
			fmt.Fprintln(stderr, e)
		}
	})
	if failed {
		return writeLog(b, stdout, stderr, 1)
	}
	graph, err := checker.Analyze(selected, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "deletionlint: %v\n", err)
		return 1
	}
	code := 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			code = 1
			b.Fail(fmt.Sprintf("%s: %v", act, act.Err))
			fmt.Fprintf(stderr, "deletionlint: %s: %v\n", act, act.Err)
			continue
		}
		for _, d := range act.Diagnostics {
			b.Add(act.Analyzer, d)
		}
	}
	return writeLog(b, stdout, stderr, code)
}

func writeLog(b *sarif.Builder, stdout, stderr io.Writer, code int) int {
	if err := b.Log().Write(stdout); err != nil {
		fmt.Fprintf(stderr, "deletionlint: writing SARIF: %v\n", err)
		return 1
	}
	return code
}

// sharedFset returns the file set the loaded packages share.
func sharedFset(pkgs []*packages.Package) *token.FileSet {
	for _, p := range pkgs {
		if p.Fset != nil {
			return p.Fset
		}
	}
	return token.NewFileSet()
}

// selectAnalyzers applies the -RULE flags as the default driver does: when
// any is set to true, only those rules run; otherwise the rules set to false
// are left out.
func selectAnalyzers(all []*analysis.Analyzer, enable map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	anyTrue := false
	for _, a := range all {
		if *enable[a] == setTrue {
			anyTrue = true
		}
	}
	var out []*analysis.Analyzer
	for _, a := range all {
		switch s := *enable[a]; {
		case anyTrue && s == setTrue, !anyTrue && s != setFalse:
			out = append(out, a)
		}
	}
	return out
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

// IsBoolFlag lets -RULE stand for -RULE=true.
func (t *triState) IsBoolFlag() bool { return true }
