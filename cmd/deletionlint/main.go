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
// With -sarif, the standalone command writes its findings as one SARIF
// 2.1.0 log to stdout, for code scanning services:
//
//	deletionlint -sarif ./... > deletionlint.sarif
//
// Run "deletionlint help" for the flags, "deletionlint help RULE" for a
// rule's documentation and settings, and "deletionlint -version" for the
// version.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/deletionlint/deletionlint/analyzers"
)

func main() {
	if len(os.Args) == 2 {
		switch os.Args[1] {
		case "-version", "--version", "version":
			fmt.Println("deletionlint", version())
			return
		}
	}
	if sarifRequested(os.Args[1:]) {
		os.Exit(runSARIF(os.Args[1:], os.Stdout, os.Stderr))
	}
	analyzers.GlobalFlags().VisitAll(func(f *flag.Flag) {
		flag.Var(f.Value, f.Name, f.Usage)
	})
	if !vetQuery(os.Args[1:]) {
		// Listed in "deletionlint help"; handled above. go vet never sees
		// it, so that the flags go vet accepts are exactly the analyzers'.
		flag.Bool("sarif", false, "write the findings as a SARIF 2.1.0 log to stdout (standalone use only; exits 0 when the analysis completes)")
	}
	multichecker.Main(analyzers.ForCommandLine(os.Args[1:])...)
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
