// Package analyzers is the registry of deletionlint's rules: the one place
// that lists them (each rule describes itself in its own package, a
// lint.Rule), and that turns settings into configured analyzers for each
// driver (the deletionlint command, go vet -vettool, and the golangci-lint
// plugin).
//
// Every rule setting is a flag of its analyzer (-RULE.SETTING on the command
// line); settings that several rules share are the flags of
// settings.Analyzer, which every rule requires (GlobalFlags). Apply applies
// the settings document of the configuration file and of the golangci-lint
// plugin, as DecodeSettings decodes it, to those flags, so all drivers
// validate settings identically.
package analyzers

import (
	"cmp"
	"flag"
	"fmt"
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
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
	"github.com/deletionlint/deletionlint/analyzers/ownerbyref"
	"github.com/deletionlint/deletionlint/analyzers/ownschildren"
	"github.com/deletionlint/deletionlint/analyzers/settings"
	"github.com/deletionlint/deletionlint/internal/config"
)

// Rule describes a rule: its analyzer, default, release, severity,
// categories, settings and documentation (see lint.Rule).
type Rule = lint.Rule

// rules lists every implemented rule, by its description in its own
// package: adding a rule is adding its package and its line here. A rule
// is added when it works and is tested; nothing is registered ahead of its
// implementation.
var rules = []*Rule{
	adapterdeletion.Rule,
	blockownerdeletion.Rule,
	driftgate.Rule,
	finalizerblock.Rule,
	finalizersrbac.Rule,
	foregrounddeletion.Rule,
	ownerbyref.Rule,
	ownschildren.Rule,
}

// Rules returns the registered rules, sorted by name.
func Rules() []*Rule {
	out := slices.Clone(rules)
	slices.SortFunc(out, func(a, b *Rule) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Lookup returns the rule with the given name.
func Lookup(name string) (*Rule, bool) {
	for _, r := range rules {
		if r.Name == name {
			return r, true
		}
	}
	return nil, false
}

// Inputs describes the files besides the packages' own that the rules
// read for the packages of the module around dir (each rule's
// lint.Rule.Inputs), so that a driver that caches results by the packages'
// inputs (go vet's -V=full line, golangci-lint's cache key) sees an edit of
// them.
func Inputs(dir string) []byte {
	var b []byte
	for _, r := range Rules() {
		if r.Inputs != nil {
			b = append(b, r.Name+"\n"...)
			b = append(b, r.Inputs(dir)...)
		}
	}
	return b
}

// GlobalFlags returns the settings shared by all rules, the flags of
// settings.Analyzer, which the command line and go vet take as top-level
// flags.
func GlobalFlags() *flag.FlagSet { return &settings.Analyzer.Flags }

// A Key is a key of the settings document (.deletionlint.yaml, the
// golangci-lint plugin's settings) other than a rule's name.
type Key struct {
	// Name is the key.
	Name string
	// Value says what it takes.
	Value string
	// Meaning says what it does.
	Meaning string
	// Default is the value that applies when the key is absent, "" for
	// none (an empty list).
	Default string
}

// Keys returns the keys of the settings document other than the rules'
// names, in the order docs/configuration.md lists them: those Apply
// handles itself, then the shared settings (GlobalFlags).
func Keys() []Key {
	keys := []Key{
		{Name: keyEnable, Value: "list of rule names", Meaning: "rules that are off by default, to run as well"},
		{Name: keyDisable, Value: "list of rule names", Meaning: "rules not to run; a rule may not be both enabled and disabled"},
		{Name: keySeverity, Value: "`error` or `warning`", Meaning: "the severity of every rule's findings, unless the rule sets its own", Default: string(Error)},
		{Name: keyExclude, Value: "list of path patterns", Meaning: "no rule reports in the files these match, relative to the module root"},
	}
	// The exclude setting is the exclude key, with the rules' own
	// exclusions.
	return append(keys, slices.DeleteFunc(FlagKeys(GlobalFlags()), func(k Key) bool { return k.Name == keyExclude })...)
}

// FlagKeys returns the keys of the settings that are the flags of fs (the
// shared settings, or a rule's), as the settings document takes them.
func FlagKeys(fs *flag.FlagSet) []Key {
	var keys []Key
	fs.VisitAll(func(f *flag.Flag) {
		k := Key{Name: f.Name, Value: "`true` or `false`", Meaning: f.Usage, Default: f.DefValue}
		if _, ok := f.Value.(setting.List); ok {
			k.Value = "list"
			k.Meaning = strings.TrimPrefix(f.Usage, "comma-separated ")
		}
		keys = append(keys, k)
	})
	return keys
}

// DecodeSettings converts settings as a YAML, JSON or TOML decoder produces
// them (golangci-lint's linters.settings.custom.deletionlint.settings) to
// the form Apply takes: maps become map[string]any (YAML decoders may
// produce map[any]any), lists []any; scalars are kept. Nil is no settings.
// A value that is not a map, or a key that is not a string, is an error
// naming its path ("settings.x").
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
// errors. Scalars are kept as they are: every setting is a boolean or a
// list of strings, and describe names any other value in the error that
// rejects it.
func normalize(path string, v any) (any, error) {
	switch v := v.(type) {
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
		return v, nil
	}
}

// Severity is how a rule's findings count (see lint.Severity).
type Severity = lint.Severity

// The severities, as the settings name them.
const (
	Error   = lint.Error
	Warning = lint.Warning
)

// A Config is what Apply made of the settings: the rules to run, each
// rule's severity, and the exclusions.
type Config struct {
	// Analyzers are the rules the settings select, configured, sorted by
	// name.
	Analyzers []*analysis.Analyzer
	// Root is the directory Excluded takes the exclusion patterns to be
	// relative to: the module root the configuration was found at, which
	// the rules take from each file (lint.Excluded).
	Root     string
	severity map[string]Severity
	// categorySeverity is a rule's severity for one category of its
	// findings, by rule and category.
	categorySeverity map[[2]string]Severity
	// exclude are the exclusion patterns, as the exclude setting of
	// settings.Analyzer holds them: "RULE:PATTERN" for one rule's.
	exclude []string
}

// Severity returns the severity of rule's findings (Error unless set).
func (c *Config) Severity(rule string) Severity {
	if s, ok := c.severity[rule]; ok {
		return s
	}
	return Error
}

// CategorySeverity returns the severity of rule's findings of category:
// the rule's category-severity for it, else the rule's severity.
func (c *Config) CategorySeverity(rule, category string) Severity {
	if s, ok := c.categorySeverity[[2]string{rule, category}]; ok {
		return s
	}
	return c.Severity(rule)
}

// Excluded reports whether the findings of rule in the named file are left
// out: the file is below Root and an exclusion pattern for all rules or for
// this rule matches its path relative to Root (lint.Excluded, which the
// rules apply).
func (c *Config) Excluded(rule, filename string) bool {
	return lint.Excluded(c.exclude, rule, c.Root, filename)
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

// Apply checks and applies settings in the form the golangci-lint plugin
// receives them (decoded YAML, see DecodeSettings), which is also the form
// of the configuration file (internal/config). The keys are those of Keys
// and the rules' names:
//
//	enable: [rule, ...]      rules to run besides the default ones
//	disable: [rule, ...]     rules not to run
//	severity: error|warning  the severity of every rule's findings (error)
//	exclude: [pattern, ...]  paths where no rule reports (globs relative to
//	                         root, see config.Excluded)
//	<shared setting>: ...    a setting of GlobalFlags, such as include-generated
//	<rule>:                  a rule's settings, by flag name, and its own
//	  severity: ...          severity,
//	  category-severity:     severity of some categories of its findings
//	    <category>: ...
//	  exclude: [...]         and exclusions
//
// Applying sets the process's settings: every setting the document does
// not name goes back to its default, and those it names are set, in the
// analyzers' flags (the rules' and settings.Analyzer's), which the flags of
// the command line may then override; and the exclusions every rule
// honours (which go by the files' paths relative to root; none apply when
// root is ""). Any unknown key, a value of the wrong type, a rule both
// enabled and disabled, or a value a setting rejects is a *SettingError
// naming the setting path ("settings.adapterdeletion.model-interfaces") and
// what is allowed.
func Apply(document map[string]any, root string) (*Config, error) {
	c := &Config{Root: root, severity: make(map[string]Severity), categorySeverity: make(map[[2]string]Severity)}
	enabled := make(map[string]bool)
	if err := setting.Restore(GlobalFlags()); err != nil {
		return nil, err
	}
	for _, r := range rules {
		enabled[r.Name] = r.Default
		if err := setting.Restore(&r.Analyzer().Flags); err != nil {
			return nil, err
		}
	}
	var enable, disable []string
	var all Severity
	for _, key := range sortedKeys(document) {
		value := document[key]
		path := "settings." + key
		var err error
		switch {
		case key == keyEnable:
			enable, err = ruleNames(path, value)
		case key == keyDisable:
			disable, err = ruleNames(path, value)
		case key == keySeverity:
			all, err = severity(path, value)
		case key == keyExclude:
			var list []string
			list, err = patterns(path, value)
			c.exclude = append(c.exclude, list...)
		case GlobalFlags().Lookup(key) != nil:
			err = setFlag(path, GlobalFlags().Lookup(key), value)
		default:
			r, ok := Lookup(key)
			if !ok {
				return nil, settingErr(path, "unknown setting; allowed: %s", strings.Join(topLevelKeys(), ", "))
			}
			m, ok := value.(map[string]any)
			if !ok {
				return nil, settingErr(path, "want a map of %s's settings, got %s", key, describe(value))
			}
			err = c.configureRule(path, r, m)
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
		if enabled[r.Name] {
			c.Analyzers = append(c.Analyzers, r.Analyzer())
		}
		if _, ok := c.severity[r.Name]; !ok {
			c.severity[r.Name] = cmp.Or(all, r.Severity)
		}
	}
	// The rules read the exclusions from the shared settings, as every
	// other setting.
	if err := GlobalFlags().Lookup(keyExclude).Value.(setting.List).SetList(c.exclude); err != nil {
		return nil, err
	}
	return c, nil
}

// The keys of the settings document that Apply handles itself; a rule's
// settings take severity and exclude too, for the rule alone, so no rule
// has a setting of those names.
const (
	keyEnable   = "enable"
	keyDisable  = "disable"
	keySeverity = "severity"
	keyExclude  = "exclude"
	// keyCategorySeverity, a rule's setting, maps some of its categories
	// to a severity of their own.
	keyCategorySeverity = "category-severity"
)

func (c *Config) configureRule(path string, r *Rule, settings map[string]any) error {
	a := r.Analyzer()
	for _, key := range sortedKeys(settings) {
		var err error
		switch key {
		case keySeverity:
			c.severity[a.Name], err = severity(path+"."+key, settings[key])
		case keyCategorySeverity:
			err = c.categorySeverities(path+"."+key, r, settings[key])
		case keyExclude:
			var list []string
			list, err = patterns(path+"."+key, settings[key])
			for _, p := range list {
				c.exclude = append(c.exclude, a.Name+":"+p)
			}
		default:
			f := a.Flags.Lookup(key)
			if f == nil {
				names := []string{keySeverity, keyCategorySeverity, keyExclude}
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

// categorySeverities reads a rule's category-severity setting: a map from
// the rule's categories to severities.
func (c *Config) categorySeverities(path string, r *Rule, value any) error {
	m, ok := value.(map[string]any)
	if !ok {
		return settingErr(path, "want a map of %s's categories to error or warning, got %s", r.Name, describe(value))
	}
	for _, category := range sortedKeys(m) {
		if !slices.Contains(r.Categories, category) {
			return settingErr(path+"."+category, "unknown category of %s; its categories: %s", r.Name, strings.Join(r.Categories, ", "))
		}
		s, err := severity(path+"."+category, m[category])
		if err != nil {
			return err
		}
		c.categorySeverity[[2]string{r.Name, category}] = s
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
// against the setting's (see setting.Register): boolean settings take
// booleans, list settings lists of strings.
func setFlag(path string, f *flag.Flag, value any) error {
	var err error
	if l, ok := f.Value.(setting.List); ok {
		list, ok := stringList(value)
		if !ok {
			return settingErr(path, "want a list of strings, got %s", describe(value))
		}
		err = l.SetList(list)
	} else {
		v, ok := value.(bool)
		if !ok {
			return settingErr(path, "want true or false, got %s", describe(value))
		}
		err = f.Value.Set(fmt.Sprint(v))
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
		names = append(names, r.Name)
	}
	return names
}

func topLevelKeys() []string {
	var keys []string
	for _, k := range Keys() {
		keys = append(keys, k.Name)
	}
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
