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
	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/analyzers/finalizersrbac"
	"github.com/deletionlint/deletionlint/internal/driver"
)

func main() {
	var rules []*analysis.Analyzer
	for _, r := range analyzers.Rules() {
		rules = append(rules, r.Analyzer)
	}
	driver.Run(driver.Program{Options: driver.Options{
		Name:      "deletionlint",
		InfoURI:   "https://github.com/deletionlint/deletionlint",
		Analyzers: rules,
		Default:   func(a *analysis.Analyzer) bool { r, _ := analyzers.Lookup(a.Name); return r.Default },
		Flags:     analyzers.GlobalFlags(),
		Source:    sourceNeeded(),
		// The analyzers leave generated files out unless -include-generated.
		SkipGenerated: func() bool { return !analyzers.IncludeGenerated() },
	}, Docs: "docs/rules.md", Inputs: finalizersrbac.Fingerprint, Summary: `deletionlint reports Kubernetes controller code that gets deletion wrong: finalizers
that are never removed, owner references that do not block foreground deletion,
children that are not watched, owners found by name, deletions nobody waits for.
`})
}
