// Package plugin is deletionlint's golangci-lint module plugin. Importing it
// registers the linter "deletionlint" with golangci-lint's plugin registry;
// a custom golangci-lint built with it (golangci-lint custom and the
// repository's .custom-gcl.yml, or make golangci-lint) runs the rules
// configured under linters.settings.custom.deletionlint.settings:
//
//	linters:
//	  enable: [deletionlint]
//	  settings:
//	    custom:
//	      deletionlint:
//	        type: module
//	        settings:
//	          enable: [RULE, ...]
//	          disable: [RULE, ...]
//	          exclude: [PATTERN, ...]
//	          include-generated: false
//	          RULE: {SETTING: VALUE, severity: error, exclude: [PATTERN, ...]}
//
// The settings are the document of deletionlint's configuration file
// (.deletionlint.yaml, docs/configuration.md), decoded by
// analyzers.DecodeSettings and checked by analyzers.Apply exactly as the
// command checks its file and flags: an unknown setting, a value of the
// wrong type or an unknown rule fails golangci-lint with an error naming
// the setting path. Exclusion patterns are relative to the module of the
// directory golangci-lint runs in. Severity does not change golangci-lint's
// exit status or levels, which its own configuration (severity.rules)
// decides.
//
// golangci-lint keys its cache of results on these settings, not on other
// files: so the plugin reads only them, and when the module also has a
// .deletionlint.yaml (for the deletionlint command and go vet), the two must
// be the same document, or golangci-lint fails naming the first setting in
// which they differ, rather than report other findings than the other
// drivers.
//
// It is its own module so that golangci-lint, which links it, depends only
// on the analyzers and golang.org/x/tools, not on the runtime companion's
// Kubernetes dependencies.
package plugin

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/config"
)

// Name is the linter's name in golangci-lint's configuration
// (linters.settings.custom.Name) and in its reports.
const Name = "deletionlint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the deletionlint linter as golangci-lint sees it: settings
// that have been decoded, ready to configure the analyzers.
type Plugin struct {
	settings map[string]any
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New returns the plugin for the settings golangci-lint decoded from
// linters.settings.custom.deletionlint.settings (nil when there are none).
// It fails when analyzers.DecodeSettings does (the settings are not a map
// with string keys, or hold a value of no setting's type); the settings
// themselves are checked by BuildAnalyzers.
func New(settings any) (register.LinterPlugin, error) {
	m, err := analyzers.DecodeSettings(settings)
	if err != nil {
		return nil, err
	}
	return &Plugin{settings: m}, nil
}

// BuildAnalyzers returns the analyzers the settings select, configured, as
// analyzers.Apply returns them, or its error naming the faulty setting;
// each reports its related information inside its finding (see
// foldRelated).
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	root := ""
	if wd, err := os.Getwd(); err == nil {
		root, _ = config.ModuleRoot(wd)
	}
	if root != "" {
		if err := sameAsFile(p.settings, root); err != nil {
			return nil, err
		}
	}
	c, err := analyzers.Apply(p.settings, root)
	if err != nil {
		return nil, err
	}
	out := make([]*analysis.Analyzer, len(c.Analyzers))
	for i, a := range c.Analyzers {
		out[i] = foldRelated(a)
	}
	return out, nil
}

// sameAsFile checks that settings are the document of the configuration
// file of the module at root, when it has one.
func sameAsFile(settings map[string]any, root string) error {
	f, err := config.Find(root)
	if err != nil || f == nil {
		return err
	}
	file, err := analyzers.DecodeSettings(f.Settings)
	if err != nil {
		return fmt.Errorf("%s: %v", f.Path, err)
	}
	keys := make(map[string]bool)
	for k := range file {
		keys[k] = true
	}
	for k := range settings {
		keys[k] = true
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if !reflect.DeepEqual(file[k], settings[k]) {
			return fmt.Errorf("settings.%s differs from %s in %s: golangci-lint reads deletionlint's settings only from .golangci.yml "+
				"(and keys its cache on them), so they must be the file's document, for every driver to report the same findings", k, k, f.Path)
		}
	}
	return nil
}

// foldRelated returns a copy of the rule a whose findings carry their
// related information in the message, "message (related: file.go:12:3:
// the lookup; ...)", and none apart. golangci-lint reports each piece of
// related information as an issue of its own, which counts as a finding
// and, with golangci-lint's default uniq-by-line, hides a real finding of
// another rule on the same line. The other drivers print the same
// positions under the finding.
func foldRelated(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			if len(d.Related) > 0 {
				parts := make([]string, len(d.Related))
				for i, r := range d.Related {
					pos := pass.Fset.Position(r.Pos)
					parts[i] = fmt.Sprintf("%s:%d:%d: %s", filepath.Base(pos.Filename), pos.Line, pos.Column, r.Message)
				}
				d.Message += " (related: " + strings.Join(parts, "; ") + ")"
				d.Related = nil
			}
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &c
}

// GetLoadMode reports that the rules need type information.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
