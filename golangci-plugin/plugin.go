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
// When the module also has a configuration file (.deletionlint.yaml, read
// by the command and go vet), the plugin reads it too, so one document
// configures every driver: a key given in only one place applies as
// given, a rule's settings merge key by key, and a key given in both
// places with two different values fails golangci-lint, naming both.
//
// golangci-lint keys its cache of results on its configuration, the
// packages' files and its version, not on the configuration file or the
// RBAC manifests finalizersrbac reads: the plugin adds to its analyzers one
// that does nothing and whose name holds a digest of those files, which
// golangci-lint's cache key includes, so an edit of them is seen at once.
//
// It is its own module so that golangci-lint, which links it, depends only
// on the analyzers and golang.org/x/tools, not on the runtime companion's
// Kubernetes dependencies.
package plugin

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"os"
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

// BuildAnalyzers returns the analyzers the settings select, merged with
// the module's configuration file, configured, as analyzers.Apply returns
// them, or its error naming the faulty setting; each reports its related
// information inside its finding (see foldRelated). The last analyzer is
// the digest of the rules' other inputs (see inputsAnalyzer).
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	root := ""
	wd, err := os.Getwd()
	if err == nil {
		root, _ = config.ModuleRoot(wd)
	}
	settings := p.settings
	if root != "" {
		if settings, err = withFile(p.settings, root); err != nil {
			return nil, err
		}
	}
	c, err := analyzers.Apply(settings, root)
	if err != nil {
		return nil, err
	}
	out := make([]*analysis.Analyzer, len(c.Analyzers), len(c.Analyzers)+1)
	for i, a := range c.Analyzers {
		out[i] = foldRelated(a)
	}
	if wd != "" {
		out = append(out, inputsAnalyzer(wd))
	}
	return out, nil
}

// withFile returns settings merged with the configuration file of the
// module at root, when it has one.
func withFile(settings map[string]any, root string) (map[string]any, error) {
	f, err := config.Find(root)
	if err != nil || f == nil {
		return settings, err
	}
	file, err := analyzers.DecodeSettings(f.Settings)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", f.Path, err)
	}
	return merge(settings, file, "", f.Path)
}

// merge returns the keys of a (.golangci.yml's settings) and b (the
// configuration file at path) together: a rule's settings (a map in both)
// merge key by key; any other key in both must have the same value.
func merge(a, b map[string]any, prefix, path string) (map[string]any, error) {
	out := maps.Clone(b)
	if out == nil {
		out = make(map[string]any)
	}
	for _, k := range slices.Sorted(maps.Keys(a)) {
		av, bv := a[k], b[k]
		if _, ok := b[k]; !ok {
			out[k] = av
			continue
		}
		am, aMap := av.(map[string]any)
		bm, bMap := bv.(map[string]any)
		if aMap && bMap {
			m, err := merge(am, bm, prefix+k+".", path)
			if err != nil {
				return nil, err
			}
			out[k] = m
			continue
		}
		if !reflect.DeepEqual(av, bv) {
			return nil, fmt.Errorf("settings.%[1]s%[2]s is %[3]v in .golangci.yml but %[4]v in %[5]s (%[1]s%[2]s): "+
				"give it in one place (the plugin reads both)", prefix, k, show(av), show(bv), path)
		}
	}
	return out, nil
}

// show renders a settings value as YAML would show it in flow style.
func show(v any) string {
	switch v := v.(type) {
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = show(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		parts := make([]string, 0, len(v))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			parts = append(parts, k+": "+show(v[k]))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}

// inputsAnalyzer returns an analyzer that reports nothing, whose name
// holds a digest of what the rules read besides the packages for the
// module around dir: the configuration files (config.Key) and the rules'
// inputs (analyzers.Inputs). golangci-lint includes its analyzers' names
// in the key of its cache of results, which otherwise covers neither.
func inputsAnalyzer(dir string) *analysis.Analyzer {
	h := sha256.New()
	key, _ := config.Key(dir)
	h.Write([]byte(key + "\n"))
	h.Write(analyzers.Inputs(dir))
	return &analysis.Analyzer{
		Name: fmt.Sprintf("deletionlintinputs%x", h.Sum(nil)[:8]),
		Doc:  "reports nothing: its name is a digest of the files deletionlint reads besides the packages, for golangci-lint's cache key",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
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
					parts[i] = fmt.Sprintf("%s:%d:%d: %s", config.ModuleRelative(pos.Filename), pos.Line, pos.Column, r.Message)
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
