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
	analyzers.GlobalFlags().VisitAll(func(f *flag.Flag) {
		flag.Var(f.Value, f.Name, f.Usage)
	})
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
