// Command deletionlint reports controller code that gets Kubernetes deletion
// wrong: finalizers that can never be removed, owner references that do not
// block foreground deletion, children that are not watched, and more. See
// the README for the rules.
//
// It is both a standalone command and a go vet tool:
//
//	deletionlint ./...
//	go vet -vettool=/abs/path/to/bin/deletionlint ./...
//
// With -format=sarif (or -sarif), the standalone command writes its findings
// as one SARIF 2.1.0 log to stdout, for code scanning services:
//
//	deletionlint -format=sarif ./... > deletionlint.sarif
//
// The standalone command type-checks from source only the packages it
// reports on and the dependencies its rules can learn from (code that uses
// Kubernetes and is not a Kubernetes library); other dependencies come from
// the compiler's export data.
//
// Run "deletionlint -h" for the flags, "deletionlint help RULE" for a rule's
// documentation and settings, and "deletionlint -version" for the version.
package main

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

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/driver"
)

const infoURI = "https://github.com/deletionlint/deletionlint"

func main() {
	args := os.Args[1:]
	if len(args) == 1 {
		switch args[0] {
		case "-version", "--version", "version":
			fmt.Println("deletionlint", version())
			return
		case "-V=full":
			// go vet keys its cache of this tool's results on this line.
			line, err := fullVersion()
			if err != nil {
				fmt.Fprintln(os.Stderr, "deletionlint:", err)
				os.Exit(1)
			}
			fmt.Println(line)
			return
		case "help":
			overview(os.Stdout)
			return
		}
	}
	if vetQuery(args) || slices.Contains(args, "help") && firstArg(args) == "help" {
		// go vet's protocol (unitchecker) and the rules' help.
		analyzers.GlobalFlags().VisitAll(func(f *flag.Flag) {
			flag.Var(f.Value, f.Name, f.Usage)
		})
		as := analyzers.ForCommandLine(args)
		if slices.Contains(args, "-flags") || firstArg(args) == "help" {
			// go vet asks for the flags before it runs the tool, and the
			// rules' help covers them all: every rule's flags, also those
			// of rules that are off by default (-RULE enables one).
			as = nil
			for _, r := range analyzers.Rules() {
				as = append(as, r.Analyzer)
			}
		}
		multichecker.Main(as...)
		return
	}
	os.Exit(driver.Main(driver.Options{
		Name:      "deletionlint",
		Version:   version(),
		InfoURI:   infoURI,
		Analyzers: analyzers.ForCommandLine(args),
		Flags:     analyzers.GlobalFlags(),
		Source:    sourceNeeded(),
		Progress:  isTerminal(os.Stderr),
	}, args, os.Stdout, os.Stderr))
}

// isTerminal reports whether f is a terminal (a character device), where a
// person waits for the command.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
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

// fullVersion is the answer to go vet's -V=full: the module version (devel
// and the VCS revision for a build from a checkout) and a build ID, the
// hash of the executable, so that go vet's cache never reuses results of
// another build.
func fullVersion() (string, error) {
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
	v := version()
	if strings.HasPrefix(v, "(devel)") || v == "(unknown)" {
		// go vet reads "devel" as a build from source, identified by
		// the build ID alone.
		v = "devel" + strings.TrimPrefix(strings.TrimPrefix(v, "(devel)"), "(unknown)")
	}
	return fmt.Sprintf("deletionlint version %s buildID=%x", v, h.Sum(nil)), nil
}

// overview prints what "deletionlint help" prints: what the command does,
// how to run it, and the rules.
func overview(w io.Writer) {
	fmt.Fprintf(w, `deletionlint reports Kubernetes controller code that gets deletion wrong: finalizers
that are never removed, owner references that do not block foreground deletion,
children that are not watched, owners found by name, deletions nobody waits for.

Usage:
  deletionlint [flags] packages         findings on stderr; exit 3 when there are any
  deletionlint -format=sarif packages   SARIF on stdout (also -format=json)
  deletionlint -fix [-diff] packages    apply (or show) the suggested fixes
  go vet -vettool=/path/to/deletionlint packages
  deletionlint help RULE                a rule's documentation and settings
  deletionlint -h                       every flag

Rules:
`)
	for _, r := range analyzers.Rules() {
		summary, _, _ := strings.Cut(r.Analyzer.Doc, "\n")
		off := ""
		if !r.Default {
			off = " (off by default)"
		}
		fmt.Fprintf(w, "  %-20s %s%s\n", r.Analyzer.Name, summary, off)
	}
	fmt.Fprintf(w, "\nRun one rule with -RULE, turn one off with -RULE=false, set its settings with\n-RULE.SETTING=VALUE. Documentation: %s (docs/rules.md).\n", infoURI)
}

// version returns the module version the binary was built from ("(devel)"
// for a build from a checkout), with the VCS revision when known.
func version() string {
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
