// Package analyzers is the registry of deletionlint's rules: the one place
// that lists them, says which run by default, and turns settings into
// configured analyzers for each driver (the deletionlint command, go vet
// -vettool, and the golangci-lint plugin).
//
// Every rule setting is a flag of its analyzer (-RULE.SETTING on the command
// line); settings that several rules share are the flags in GlobalFlags.
// Configure applies the same settings from the golangci-lint plugin's
// configuration, as DecodeSettings decodes them, so all drivers validate
// them identically.
package analyzers

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/adapterdeletion"
	"github.com/deletionlint/deletionlint/analyzers/blockownerdeletion"
	"github.com/deletionlint/deletionlint/analyzers/driftgate"
	"github.com/deletionlint/deletionlint/analyzers/finalizerblock"
	"github.com/deletionlint/deletionlint/analyzers/finalizersrbac"
	"github.com/deletionlint/deletionlint/analyzers/foregrounddeletion"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/isdeleting"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
	"github.com/deletionlint/deletionlint/analyzers/ownerbyref"
	"github.com/deletionlint/deletionlint/analyzers/ownschildren"
	"github.com/deletionlint/deletionlint/internal/config"
)

// A Rule is one deletionlint check as the drivers see it.
type Rule struct {
	// Analyzer is the rule's analyzer; its Name is the rule's name, which
	// users write in configuration and is never changed once shipped.
	Analyzer *analysis.Analyzer
	// Default reports whether the rule runs when not enabled explicitly.
	Default bool
	// Since is the release that first shipped the rule.
	Since string
	// Origin is the real-world bug the rule comes from.
	Origin string
	// Fix says what the rule's suggested fix does; empty when it offers
	// none.
	Fix string
	// Helpers are the runtime module's helpers that implement the correct
	// pattern (package.Name).
	Helpers []string
}

// rules lists every implemented rule. A rule is added here when it works
// and is tested; nothing is registered ahead of its implementation.
var rules = []Rule{
	{
		Analyzer: adapterdeletion.Analyzer, Default: true, Since: "v0.1.0",
		Origin:  "Config Connector's direct controllers: an adapter resolves a reference to a deleted parent on every retry, so the finalizer is never removed",
		Helpers: []string{"deletion.BuildAdapter", "deletion.NewDependencyNotFound"},
	},
	{
		Analyzer: blockownerdeletion.Analyzer, Default: true, Since: "v0.1.0",
		Origin:  "Crossplane: controller references without blockOwnerDeletion, so foreground cascading deletion removed the owner before its dependents",
		Fix:     "adds BlockOwnerDeletion: ptr.To(true) (with the pointer helper the file already imports)",
		Helpers: []string{"ownership.NewControllerRef", "ownership.SetControllerReference", "ownership.EnsureChild"},
	},
	{
		Analyzer: driftgate.Analyzer, Default: true, Since: "v0.1.0",
		Origin:  "self-healing operators: work gated on generation, or a builder-wide GenerationChangedPredicate, never repairs a deleted or edited child",
		Fix:     "moves a builder-wide WithEventFilter predicate to For(..., builder.WithPredicates(...))",
		Helpers: []string{"drift.MissingChildren", "drift.Check"},
	},
	{
		Analyzer: finalizerblock.Analyzer, Default: true, Since: "v0.1.0",
		Origin:  "Cluster API providers and Config Connector: a deletion waits for an owner or dependency that is gone, or owner and child wait for each other's finalizers",
		Helpers: []string{"finalizer.Runner", "ownership.GetOwner"},
	},
	{
		Analyzer: finalizersrbac.Analyzer, Default: true, Since: "unreleased",
		Origin: "OpenShift (kubebuilder#1688, crossplane#1400): blockOwnerDeletion set without update on the owner's finalizers, rejected where OwnerReferencesPermissionEnforcement is on",
		Fix:    "adds the missing +kubebuilder:rbac marker after the file's RBAC markers",
	},
	{
		Analyzer: foregrounddeletion.Analyzer, Default: true, Since: "v0.1.0",
		Origin:  "Crossplane claims and composites: dependents deleted and the finalizer removed without seeing them gone, so failures are invisible and resources leak",
		Helpers: []string{"cascade.DeleteAndWait", "finalizer.Requeue"},
	},
	{
		Analyzer: ownerbyref.Analyzer, Default: true, Since: "v0.1.0",
		Origin:  "Cluster API providers (CAPT): the owning Cluster looked up by name instead of through ownerReferences, so its deletion is never noticed",
		Helpers: []string{"ownership.GetOwner"},
	},
	{
		Analyzer: ownschildren.Analyzer, Default: true, Since: "v0.1.0",
		Origin:  "self-healing operators: children created with a controller reference but not watched (Owns), so a deleted child comes back only at the next resync",
		Fix:     "adds .Owns(&pkg.Kind{}) to the controller's builder chain",
		Helpers: []string{"ownership.EnsureChild"},
	},
}

// Rules returns the registered rules, sorted by name.
func Rules() []Rule {
	out := slices.Clone(rules)
	sort.Slice(out, func(i, j int) bool { return out[i].Analyzer.Name < out[j].Analyzer.Name })
	return out
}

// Lookup returns the rule with the given name.
func Lookup(name string) (Rule, bool) {
	for _, r := range rules {
		if r.Analyzer.Name == name {
			return r, true
		}
	}
	return Rule{}, false
}

var globalFlags = newGlobalFlags()

func newGlobalFlags() *flag.FlagSet {
	fs := flag.NewFlagSet("deletionlint", flag.ContinueOnError)
	fs.BoolVar(&inspection.IncludeGenerated, "include-generated", false,
		"also report in generated files (// Code generated ... DO NOT EDIT.)")
	fs.Var(depnotfound.Errors, "dependency-errors",
		"comma-separated error types (import/path.Type) and constructors (import/path.Func) whose errors mean a referenced object does not exist or is not ready")
	fs.Var(deletionpath.EntryPoints, "entry-points",
		"comma-separated interface methods (import/path.Interface.Method) that a framework deletionlint does not analyse calls with the object it reconciles on every reconcile, deletion included, keeping the finalizer when they fail")
	fs.Var(deletionpath.DeletionEntryPoints, "deletion-entry-points",
		"comma-separated interface methods (import/path.Interface.Method) that a framework deletionlint does not analyse calls with the object it reconciles only while it is being deleted, keeping the finalizer when they fail")
	fs.Var(isdeleting.Extra, "deletion-checks",
		"comma-separated functions or methods (import/path.Func, import/path.Type.Method) whose bool result is true while an object is being deleted, for code deletionlint does not analyse")
	return fs
}

// GlobalFlags returns the settings shared by all rules, for the command line
// and go vet, which see them as top-level flags.
func GlobalFlags() *flag.FlagSet { return globalFlags }

// DecodeSettings converts settings as a YAML, JSON or TOML decoder produces
// them (golangci-lint's linters.settings.custom.deletionlint.settings) to
// the form Configure takes: maps become map[string]any (YAML decoders may
// produce map[any]any), lists []any, numbers int64, uint64 or float64. Nil
// is no settings. A value that is not a map, a key that is not a string or
// a value of another type is an error naming its path ("settings.x").
func DecodeSettings(settings any) (map[string]any, error) {
	v, err := normalize("settings", settings)
	if err != nil {
		return nil, err
	}
	switch m := v.(type) {
	case nil:
		return nil, nil
	case map[string]any:
		return m, nil
	default:
		return nil, settingErr("settings", "want a map of deletionlint settings, got %s", describe(v))
	}
}

// normalize converts one decoded value for DecodeSettings; path names it in
// errors.
func normalize(path string, v any) (any, error) {
	switch v := v.(type) {
	case nil, bool, string, float64, int64, uint64:
		return v, nil
	case int:
		return int64(v), nil
	case int8:
		return int64(v), nil
	case int16:
		return int64(v), nil
	case int32:
		return int64(v), nil
	case uint:
		return uint64(v), nil
	case uint8:
		return uint64(v), nil
	case uint16:
		return uint64(v), nil
	case uint32:
		return uint64(v), nil
	case float32:
		return float64(v), nil
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i, nil
		}
		f, err := v.Float64()
		if err != nil {
			return nil, settingErr(path, "invalid number %q", string(v))
		}
		return f, nil
	case map[string]any:
		out := make(map[string]any, len(v))
		for _, k := range sortedKeys(v) {
			e, err := normalize(path+"."+k, v[k])
			if err != nil {
				return nil, err
			}
			out[k] = e
		}
		return out, nil
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			s, ok := k.(string)
			if !ok {
				return nil, settingErr(path, "want setting names as keys, got the key %v (%T)", k, k)
			}
			m[s] = e
		}
		return normalize(path, m)
	case []string:
		out := make([]any, len(v))
		for i, s := range v {
			out[i] = s
		}
		return out, nil
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			n, err := normalize(fmt.Sprintf("%s[%d]", path, i), e)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	default:
		return nil, settingErr(path, "unsupported value %v (%T)", v, v)
	}
}

// Severity is how a rule's findings count: an error fails the run (the
// command's exit code 3, go vet's 1), a warning is reported but does not.
// It is also each finding's SARIF level.
type Severity string

// The severities, as the settings name them.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// A Config is what Apply made of the settings: the rules to run, each
// rule's severity, and its exclusions.
type Config struct {
	// Analyzers are the rules the settings select, configured, sorted by
	// name.
	Analyzers []*analysis.Analyzer
	// Root is the directory the exclusion patterns are relative to.
	Root     string
	severity map[string]Severity
	exclude  map[string][]string // by rule; "" for every rule
}

// Severity returns the severity of rule's findings (Error unless set).
func (c *Config) Severity(rule string) Severity {
	if s, ok := c.severity[rule]; ok {
		return s
	}
	return Error
}

// Excluded reports whether the findings of rule in the named file are left
// out: the file is below Root and an exclusion pattern for all rules or for
// this rule matches its path relative to Root (config.Excluded).
func (c *Config) Excluded(rule, filename string) bool {
	if len(c.exclude) == 0 || c.Root == "" {
		return false
	}
	rel, err := filepath.Rel(c.Root, filename)
	if err != nil || !filepath.IsLocal(rel) {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, key := range []string{"", rule} {
		for _, p := range c.exclude[key] {
			if config.Excluded(p, rel) {
				return true
			}
		}
	}
	return false
}

// A SettingError is a mistake in the settings. Its Error names the
// setting's path as the golangci-lint plugin's settings spell it
// ("settings.ownschildren.severity: ...").
type SettingError struct {
	// Key is the setting's path below settings ("ownschildren.severity"),
	// "" for the settings as a whole.
	Key string
	// Problem says what is wrong and what is allowed.
	Problem string
}

func (e *SettingError) Error() string {
	if e.Key == "" {
		return "settings: " + e.Problem
	}
	return "settings." + e.Key + ": " + e.Problem
}

// settingErr returns a SettingError for the setting at path ("settings" or
// "settings.KEY...").
func settingErr(path, format string, a ...any) error {
	key := strings.TrimPrefix(strings.TrimPrefix(path, "settings"), ".")
	return &SettingError{Key: key, Problem: fmt.Sprintf(format, a...)}
}

// Configure applies settings as Apply does, with exclusion patterns
// relative to the module of the current directory, and returns the
// analyzers to run.
func Configure(settings map[string]any) ([]*analysis.Analyzer, error) {
	root := ""
	if wd, err := os.Getwd(); err == nil {
		root, _ = config.ModuleRoot(wd)
	}
	c, err := Apply(settings, root)
	if err != nil {
		return nil, err
	}
	return c.Analyzers, nil
}

// Apply checks and applies settings in the form the golangci-lint plugin
// receives them (decoded YAML, see DecodeSettings), which is also the form
// of the configuration file (internal/config). The keys are:
//
//	enable: [rule, ...]      rules to run besides the default ones
//	disable: [rule, ...]     rules not to run
//	severity: error|warning  the severity of every rule's findings (error)
//	exclude: [pattern, ...]  paths where no rule reports (globs relative to
//	                         root, see config.Excluded)
//	<global setting>: ...    a setting of GlobalFlags, such as include-generated
//	<rule>:                  a rule's settings, by flag name, and its own
//	  severity: ...          severity and
//	  exclude: [...]         exclusions
//
// Applying sets the process's settings: the analyzers' flags, the shared
// settings of GlobalFlags and the exclusions every rule honours (which go
// by the files' paths relative to root; none apply when root is ""). Any
// unknown key, a value of the wrong type, a rule both enabled and disabled,
// or a value a setting rejects is a *SettingError naming the setting path
// ("settings.adapterdeletion.model-interfaces") and what is allowed.
func Apply(settings map[string]any, root string) (*Config, error) {
	c := &Config{Root: root, severity: make(map[string]Severity), exclude: make(map[string][]string)}
	enabled := make(map[string]bool)
	for _, r := range rules {
		enabled[r.Analyzer.Name] = r.Default
	}
	var enable, disable []string
	var all Severity
	for _, key := range sortedKeys(settings) {
		value := settings[key]
		path := "settings." + key
		var err error
		switch {
		case key == "enable":
			enable, err = ruleNames(path, value)
		case key == "disable":
			disable, err = ruleNames(path, value)
		case key == "severity":
			all, err = severity(path, value)
		case key == "exclude":
			c.exclude[""], err = patterns(path, value)
		case globalFlags.Lookup(key) != nil:
			err = setFlag(path, globalFlags.Lookup(key), value)
		default:
			r, ok := Lookup(key)
			if !ok {
				return nil, settingErr(path, "unknown setting; allowed: %s", strings.Join(topLevelKeys(), ", "))
			}
			m, ok := value.(map[string]any)
			if !ok {
				return nil, settingErr(path, "want a map of %s's settings, got %s", key, describe(value))
			}
			err = c.configureRule(path, r.Analyzer, m)
		}
		if err != nil {
			return nil, err
		}
	}
	for _, name := range enable {
		if slices.Contains(disable, name) {
			return nil, settingErr("settings.disable", "rule %q is also in settings.enable; a rule is either enabled or disabled", name)
		}
		enabled[name] = true
	}
	for _, name := range disable {
		enabled[name] = false
	}
	for _, r := range Rules() {
		name := r.Analyzer.Name
		if enabled[name] {
			c.Analyzers = append(c.Analyzers, r.Analyzer)
		}
		if _, ok := c.severity[name]; !ok && all != "" {
			c.severity[name] = all
		}
	}
	lint.Exclude = nil
	if len(c.exclude) > 0 {
		lint.Exclude = c.Excluded
	}
	return c, nil
}

// Reserved keys of a rule's settings: they are not flags of the rule.
const (
	keySeverity = "severity"
	keyExclude  = "exclude"
)

func (c *Config) configureRule(path string, a *analysis.Analyzer, settings map[string]any) error {
	for _, key := range sortedKeys(settings) {
		var err error
		switch key {
		case keySeverity:
			c.severity[a.Name], err = severity(path+"."+key, settings[key])
		case keyExclude:
			c.exclude[a.Name], err = patterns(path+"."+key, settings[key])
		default:
			f := a.Flags.Lookup(key)
			if f == nil {
				names := []string{keySeverity, keyExclude}
				a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
				return settingErr(path+"."+key, "unknown setting of %s; allowed: %s", a.Name, strings.Join(names, ", "))
			}
			err = setFlag(path+"."+key, f, settings[key])
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// severity reads a severity setting.
func severity(path string, value any) (Severity, error) {
	switch s, _ := value.(string); Severity(s) {
	case Error, Warning:
		return Severity(s), nil
	}
	return "", settingErr(path, "want error or warning, got %s", describe(value))
}

// patterns reads a list of exclusion patterns.
func patterns(path string, value any) ([]string, error) {
	list, ok := stringList(value)
	if !ok {
		return nil, settingErr(path, "want a list of path patterns, got %s", describe(value))
	}
	for i, p := range list {
		if err := config.CheckPattern(p); err != nil {
			return nil, settingErr(fmt.Sprintf("%s[%d]", path, i), "%v", err)
		}
	}
	return list, nil
}

// setFlag sets f from a decoded YAML value, checking the value's type
// against the flag's: bool flags take booleans, list settings take lists of
// strings, all others take a string (numbers are accepted in their decimal
// form).
func setFlag(path string, f *flag.Flag, value any) error {
	var err error
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		v, ok := value.(bool)
		if !ok {
			return settingErr(path, "want true or false, got %s", describe(value))
		}
		err = f.Value.Set(fmt.Sprint(v))
	} else if l, ok := f.Value.(setting.List); ok {
		list, ok := stringList(value)
		if !ok {
			return settingErr(path, "want a list of strings, got %s", describe(value))
		}
		err = l.SetList(list)
	} else {
		switch v := value.(type) {
		case string:
			err = f.Value.Set(v)
		case int, int64, uint64, float64:
			err = f.Value.Set(fmt.Sprint(v))
		default:
			return settingErr(path, "want a string, got %s", describe(value))
		}
	}
	if err != nil {
		return settingErr(path, "%v", err)
	}
	return nil
}

func ruleNames(path string, value any) ([]string, error) {
	list, ok := stringList(value)
	if !ok {
		return nil, settingErr(path, "want a list of rule names, got %s", describe(value))
	}
	for _, name := range list {
		if _, ok := Lookup(name); !ok {
			return nil, settingErr(path, "unknown rule %q; rules: %s", name, strings.Join(ruleNameList(), ", "))
		}
	}
	return list, nil
}

func stringList(value any) ([]string, bool) {
	switch v := value.(type) {
	case []string:
		return v, true
	case []any:
		out := make([]string, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, false
			}
			out[i] = s
		}
		return out, true
	case nil:
		return nil, true
	}
	return nil, false
}

func describe(value any) string {
	switch v := value.(type) {
	case nil:
		return "nothing"
	case string:
		return fmt.Sprintf("the string %q", v)
	case bool:
		return fmt.Sprintf("the boolean %t", v)
	case []any, []string:
		return "a list"
	case map[string]any:
		return "a map"
	default:
		return fmt.Sprintf("%T %v", value, value)
	}
}

func ruleNameList() []string {
	var names []string
	for _, r := range Rules() {
		names = append(names, r.Analyzer.Name)
	}
	return names
}

func topLevelKeys() []string {
	keys := []string{"enable", "disable", "severity", "exclude"}
	globalFlags.VisitAll(func(f *flag.Flag) { keys = append(keys, f.Name) })
	return append(keys, ruleNameList()...)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
