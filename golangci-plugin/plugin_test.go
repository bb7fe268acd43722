package plugin

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers"
)

// build runs the plugin as golangci-lint does: the constructor registered
// under the linter's name, then BuildAnalyzers.
func build(t *testing.T, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin(Name)
	if err != nil {
		t.Fatalf("plugin %q is not registered: %v", Name, err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		return nil, err
	}
	return rulesOf(t, as), nil
}

// rulesOf returns the analyzers but the last, the digest of the other
// inputs, which it checks is there.
func rulesOf(t *testing.T, as []*analysis.Analyzer) []*analysis.Analyzer {
	t.Helper()
	if len(as) == 0 || !strings.HasPrefix(as[len(as)-1].Name, "deletionlintinputs") {
		t.Fatalf("the analyzers %v do not end with the inputs' digest", names(as))
	}
	return as[:len(as)-1]
}

// inputsName returns the name of the inputs' digest in the current
// directory.
func inputsName(t *testing.T) string {
	t.Helper()
	newPlugin, _ := register.GetPlugin(Name)
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	return as[len(as)-1].Name
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func defaultRules() []string {
	var out []string
	for _, r := range analyzers.Rules() {
		if r.Default {
			out = append(out, r.Name)
		}
	}
	return out
}

func TestNoSettingsRunsTheDefaultRules(t *testing.T) {
	for _, settings := range []any{nil, map[string]any{}, map[any]any{}} {
		got, err := build(t, settings)
		if err != nil {
			t.Fatalf("settings %#v: %v", settings, err)
		}
		if g, w := strings.Join(names(got), ","), strings.Join(defaultRules(), ","); g != w {
			t.Errorf("settings %#v: analyzers %s, want the default rules %s", settings, g, w)
		}
	}
}

// TestSettingsErrors checks that each mistake a user can make in
// .golangci.yml fails with a message naming the setting path.
func TestSettingsErrors(t *testing.T) {
	tests := []struct {
		name     string
		settings any
		want     string
	}{
		{"not a map", []any{"enable"}, "settings: want a map of deletionlint settings, got a list"},
		{"not a map either", "adapterdeletion", `settings: want a map of deletionlint settings, got the string "adapterdeletion"`},
		{"key not a string", map[any]any{1: true}, "settings: want setting names as keys, got the key 1 (int)"},
		{"nested key not a string", map[string]any{"x": map[any]any{true: 1}}, "settings.x: want setting names as keys, got the key true (bool)"},
		{"unknown setting", map[string]any{"inclde-generated": true}, "settings.inclde-generated: unknown setting; allowed: enable, disable, "},
		{"global setting of the wrong type", map[string]any{"include-generated": "yes"}, `settings.include-generated: want true or false, got the string "yes"`},
		{"enable not a list", map[string]any{"enable": "all"}, `settings.enable: want a list of rule names, got the string "all"`},
		{"unknown rule enabled", map[string]any{"enable": []any{"nosuchrule"}}, `settings.enable: unknown rule "nosuchrule"`},
		{"unknown rule disabled", map[any]any{"disable": []any{"nosuchrule"}}, `settings.disable: unknown rule "nosuchrule"`},
		{"list of non-strings", map[string]any{"disable": []any{1}}, "settings.disable: want a list of rule names, got a list"},
		{"value of no setting's type", map[string]any{"include-generated": struct{}{}}, "settings.include-generated: want true or false, got struct {} {}"},
		{"number", map[string]any{"deletion-checks": json.Number("3")}, "settings.deletion-checks: want a list of strings, got json.Number 3"},
	}
	if rules := analyzers.Rules(); len(rules) > 0 {
		name := rules[0].Name
		tests = append(tests,
			struct {
				name     string
				settings any
				want     string
			}{"rule both enabled and disabled", map[string]any{"enable": []any{name}, "disable": []string{name}},
				`settings.disable: rule "` + name + `" is also in settings.enable`},
			struct {
				name     string
				settings any
				want     string
			}{"unknown setting of a rule", map[string]any{name: map[string]any{"no-such-setting": true}},
				"settings." + name + ".no-such-setting: unknown setting of " + name + "; allowed: "},
			struct {
				name     string
				settings any
				want     string
			}{"rule settings not a map", map[string]any{name: true},
				"settings." + name + ": want a map of " + name + "'s settings, got the boolean true"},
		)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := build(t, tt.settings)
			if err == nil {
				t.Fatalf("settings %#v: no error, analyzers %v; want an error containing %q", tt.settings, names(got), tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("settings %#v:\n got error %q\nwant it to contain %q", tt.settings, err, tt.want)
			}
		})
	}
}

// TestDecodedShapes checks that the shapes golangci-lint's decoders produce
// (YAML maps with any keys, typed lists) reach Configure in the shapes it
// accepts, through analyzers.DecodeSettings. (Scalars are kept: every
// setting is a boolean or a list of strings.)
func TestDecodedShapes(t *testing.T) {
	var doc any
	if err := json.Unmarshal([]byte(`{"a": ["x"], "b": true}`), &doc); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   any
		want any
	}{
		{map[any]any{"a": []any{"x", map[any]any{"b": true}}}, map[string]any{"a": []any{"x", map[string]any{"b": true}}}},
		{[]string{"a", "b"}, []any{"a", "b"}},
		{doc, map[string]any{"a": []any{"x"}, "b": true}},
	}
	for _, tt := range tests {
		// As the value of a setting: the settings themselves are a map.
		m, err := analyzers.DecodeSettings(map[string]any{"v": tt.in})
		if err != nil {
			t.Errorf("DecodeSettings(%#v): %v", tt.in, err)
			continue
		}
		if got := m["v"]; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("DecodeSettings(%#v) = %#v, want %#v", tt.in, got, tt.want)
		}
	}
}

// TestEveryRuleCanBeEnabledAndDisabled checks, for whatever rules are
// registered, that enable and disable select exactly what they name.
func TestEveryRuleCanBeEnabledAndDisabled(t *testing.T) {
	for _, r := range analyzers.Rules() {
		name := r.Name
		got, err := build(t, map[string]any{"enable": []any{name}})
		if err != nil {
			t.Fatalf("enable %s: %v", name, err)
		}
		if !contains(names(got), name) {
			t.Errorf("enable [%s]: analyzers %v do not include it", name, names(got))
		}
		got, err = build(t, map[any]any{"disable": []any{name}})
		if err != nil {
			t.Fatalf("disable %s: %v", name, err)
		}
		if contains(names(got), name) {
			t.Errorf("disable [%s]: analyzers %v still include it", name, names(got))
		}
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// inModule runs the rest of the test in a new module whose configuration
// file holds config (none when empty).
func inModule(t *testing.T, config string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if config != "" {
		if err := os.WriteFile(filepath.Join(dir, ".deletionlint.yaml"), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// TestSettingsMergeWithTheConfigurationFile: the plugin reads the module's
// configuration file too; a key in one place applies, a rule's settings
// merge key by key, and only a key given two different values in the two
// places fails, naming both.
func TestSettingsMergeWithTheConfigurationFile(t *testing.T) {
	rule := analyzers.Rules()[0].Name
	doc := "severity: warning\nexclude: [internal/legacy]\n" + rule + ":\n  severity: error\n  exclude: ['**/*_test.go']\n"
	settings := map[string]any{
		"severity": "warning",
		"exclude":  []any{"internal/legacy"},
		rule:       map[string]any{"severity": "error", "exclude": []any{"**/*_test.go"}},
	}
	inModule(t, "")
	if _, err := build(t, settings); err != nil {
		t.Fatalf("without a configuration file: %v", err)
	}
	inModule(t, doc)
	for _, s := range []any{
		nil,                                   // the file alone
		settings,                              // the same document twice
		map[string]any{"severity": "warning"}, // a part of it
		map[string]any{rule: map[string]any{"severity": "error"}},   // a part of a rule's
		map[string]any{"disable": []any{analyzers.Rules()[1].Name}}, // a key the file lacks
		map[string]any{rule: map[string]any{"exclude": []any{"**/*_test.go"}}},
	} {
		if _, err := build(t, s); err != nil {
			t.Errorf("settings %v with the file: %v", s, err)
		}
	}
	disabled := analyzers.Rules()[1].Name
	got, err := build(t, map[string]any{"disable": []any{disabled}})
	if err != nil || contains(names(got), disabled) {
		t.Errorf("disable in .golangci.yml with a file that has none: %v, analyzers %v", err, names(got))
	}
	for _, c := range []struct {
		settings any
		want     string
	}{
		{map[string]any{"severity": "error"}, "settings.severity is error in .golangci.yml but warning in "},
		{map[string]any{rule: map[string]any{"severity": "warning"}}, "settings." + rule + ".severity is warning in .golangci.yml but error in "},
		{map[string]any{"exclude": []any{"a", "b"}}, "settings.exclude is [a, b] in .golangci.yml but [internal/legacy] in "},
	} {
		_, err := build(t, c.settings)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), ".deletionlint.yaml") {
			t.Errorf("settings %v: error %v, want one containing %q and the file's name", c.settings, err, c.want)
		}
	}
}

// TestInputsDigest: the name of the last analyzer, which golangci-lint's
// cache key includes, changes when the configuration file or a role
// manifest changes, and not otherwise.
func TestInputsDigest(t *testing.T) {
	inModule(t, "severity: warning\n")
	first := inputsName(t)
	if again := inputsName(t); again != first {
		t.Fatalf("the digest changed without an edit: %s, then %s", first, again)
	}
	if err := os.WriteFile(".deletionlint.yaml", []byte("severity: error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	second := inputsName(t)
	if second == first {
		t.Errorf("editing .deletionlint.yaml leaves the digest %s", first)
	}
	if err := os.MkdirAll(filepath.Join("config", "rbac"), 0o755); err != nil {
		t.Fatal(err)
	}
	role := "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: manager\nrules: []\n"
	if err := os.WriteFile(filepath.Join("config", "rbac", "role.yaml"), []byte(role), 0o644); err != nil {
		t.Fatal(err)
	}
	if third := inputsName(t); third == second {
		t.Errorf("adding a role manifest leaves the digest %s", second)
	}
}
