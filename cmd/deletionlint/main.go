// Command deletionlint reports controller code that gets Kubernetes deletion
// wrong: finalizers that can never be removed, owner references that do not
// block foreground deletion, children that are not watched, and more. See
// the README for the rules.
//
// It is both a standalone command and a go vet tool:
//
//	deletionlint ./...
//	go vet -vettool=$(which deletionlint) ./...
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
	"flag"
	"fmt"
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
		}
	}
	if vetQuery(args) || slices.Contains(args, "help") && firstArg(args) == "help" {
		// go vet's protocol (unitchecker) and the rules' help.
		analyzers.GlobalFlags().VisitAll(func(f *flag.Flag) {
			flag.Var(f.Value, f.Name, f.Usage)
		})
		multichecker.Main(analyzers.ForCommandLine(args)...)
		return
	}
	os.Exit(driver.Main(driver.Options{
		Name:      "deletionlint",
		Version:   version(),
		InfoURI:   infoURI,
		Analyzers: analyzers.ForCommandLine(args),
		Flags:     analyzers.GlobalFlags(),
		Source:    sourceNeeded(),
	}, args, os.Stdout, os.Stderr))
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
