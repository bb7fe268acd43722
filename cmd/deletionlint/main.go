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
// Both read the module's configuration file, .deletionlint.yaml next to its
// go.mod (docs/configuration.md), before the flags, which override it.
//
// The standalone command type-checks from source only the packages it
// reports on and the dependencies its rules can learn from (code that uses
// Kubernetes and is not a Kubernetes library); other dependencies come from
// the compiler's export data.
//
// "deletionlint graph ./..." draws the deletion graph of the controllers
// (the kinds they reconcile, own, watch, look up, delete and wait for) with
// the findings on it, as Mermaid, Graphviz DOT or JSON.
//
// Run "deletionlint -h" for the flags, "deletionlint help RULE" for a rule's
// documentation and settings, and "deletionlint -version" for the version.
package main

import (
	"errors"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/driver"
)

func main() {
	var rules []*analysis.Analyzer
	for _, r := range analyzers.Rules() {
		rules = append(rules, r.Analyzer())
	}
	driver.Run(driver.Program{Options: driver.Options{
		Name:      "deletionlint",
		InfoURI:   "https://github.com/deletionlint/deletionlint",
		Docs:      "docs/rules.md",
		Analyzers: rules,
		Default:   func(a *analysis.Analyzer) bool { r, ok := analyzers.Lookup(a.Name); return ok && r.Default },
		Flags:     analyzers.GlobalFlags(),
		Source:    sourceNeeded(),
		Configure: configure,
		// The analyzers leave generated files out unless -include-generated.
		SkipGenerated: func() bool { return !analyzers.IncludeGenerated() },
		// deletionlint graph draws the controllers' deletion graph.
		Topology: analyzers.Topology,
	}, Inputs: analyzers.Inputs, Summary: `deletionlint reports Kubernetes controller code that gets deletion wrong: finalizers
that are never removed, owner references that do not block foreground deletion,
children that are not watched, owners found by name, deletions nobody waits for.
`})
}

// configure applies the settings of a configuration file (the same
// document as the golangci-lint plugin's settings) with analyzers.Apply. A
// mistake is reported by its key, as the file spells it.
func configure(settings any, root string) (driver.Configuration, error) {
	m, err := analyzers.DecodeSettings(settings)
	if err == nil {
		var c *analyzers.Config
		if c, err = analyzers.Apply(m, root); err == nil {
			return configuration{c}, nil
		}
	}
	var se *analyzers.SettingError
	if errors.As(err, &se) {
		if se.Key == "" {
			return nil, errors.New(se.Problem)
		}
		return nil, fmt.Errorf("%s: %s", se.Key, se.Problem)
	}
	return nil, err
}

// configuration is an analyzers.Config as the driver sees it.
type configuration struct{ c *analyzers.Config }

func (c configuration) Enabled(a *analysis.Analyzer) bool {
	for _, e := range c.c.Analyzers {
		if e.Name == a.Name {
			return true
		}
	}
	return false
}

func (c configuration) Warning(rule, category string) bool {
	return c.c.CategorySeverity(rule, category) == analyzers.Warning
}
