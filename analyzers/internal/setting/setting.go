// Package setting provides the typed, validated flag values that deletionlint
// rules use for their settings. Every setting is an analyzer flag, so the
// command line, go vet and the golangci-lint plugin configure rules through
// one mechanism, and a bad value is rejected where it is set, with a message
// that names what was expected.
package setting

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/deletionlint/deletionlint/internal/config"
)

// List is implemented by settings whose value is a list of strings. The
// golangci-lint plugin hands YAML lists to SetList; on the command line the
// same setting takes a comma-separated list.
type List interface {
	SetList(values []string) error
}

// Names is a list of Go names, sorted and without duplicates: qualified
// names (NewNames: functions "import/path.Func", types "import/path.Type"
// or methods "import/path.Type.Method"; Match accepts vendored copies of
// the package path) or plain identifiers (NewIdents: method names).
type Names struct {
	values   []string
	validate func(string) error
}

// NewNames returns a list of qualified names holding defaults.
func NewNames(defaults ...string) *Names {
	return newNames(ValidateName, defaults)
}

// NewMethodNames returns a list of qualified method names
// ("import/path.Type.Method") holding defaults.
func NewMethodNames(defaults ...string) *Names {
	return newNames(validateMethodName, defaults)
}

func validateMethodName(s string) error {
	if err := ValidateName(s); err != nil {
		return err
	}
	if rest := s[strings.LastIndexByte(s, '/')+1:]; strings.Count(rest, ".") != 2 {
		return fmt.Errorf("%q is not a method: want import/path.Interface.Method", s)
	}
	return nil
}

// NewPatterns returns an empty list of exclusion patterns: slash-separated
// globs relative to the module root (config.CheckPattern), each maybe
// prefixed by "RULE:" to leave out only that rule's findings.
func NewPatterns() *Names {
	return newNames(validatePattern, nil)
}

func validatePattern(s string) error {
	if rule, pattern, ok := strings.Cut(s, ":"); ok && token.IsIdentifier(rule) {
		s = pattern
	}
	return config.CheckPattern(s)
}

// NewIdents returns a list of Go identifiers holding defaults.
func NewIdents(defaults ...string) *Names {
	return newNames(validateIdent, defaults)
}

func newNames(validate func(string) error, defaults []string) *Names {
	n := &Names{validate: validate}
	if err := n.SetList(defaults); err != nil {
		panic(err) // defaults are constants of the program
	}
	return n
}

func validateIdent(s string) error {
	if !token.IsIdentifier(s) {
		return fmt.Errorf("%q is not a method name: want a Go identifier such as AdapterForObject", s)
	}
	return nil
}

// Clone returns a copy of n that later changes of n do not touch.
func (n *Names) Clone() *Names {
	c := *n
	c.values = slices.Clone(n.values)
	return &c
}

// Contains reports whether name is one of the names.
func (n *Names) Contains(name string) bool { return slices.Contains(n.values, name) }

// Values returns the names, sorted.
func (n *Names) Values() []string { return n.values }

// String implements flag.Value.
func (n *Names) String() string {
	if n == nil {
		return ""
	}
	return strings.Join(n.values, ",")
}

// Set implements flag.Value: it replaces the list with the comma-separated
// names in s. An empty s clears the list.
func (n *Names) Set(s string) error {
	if s == "" {
		return n.SetList(nil)
	}
	return n.SetList(strings.Split(s, ","))
}

// SetList implements List.
func (n *Names) SetList(values []string) error {
	out := make([]string, 0, len(values))
	for _, v := range values {
		v = strings.TrimSpace(v)
		if err := n.validate(v); err != nil {
			return err
		}
		out = append(out, v)
	}
	slices.Sort(out)
	n.values = slices.Compact(out)
	return nil
}

// ValidateName checks that s has the form "import/path.Name" or
// "import/path.Type.Method".
func ValidateName(s string) error {
	slash := strings.LastIndexByte(s, '/')
	rest := s[slash+1:]
	dot := strings.IndexByte(rest, '.')
	if s == "" || dot <= 0 {
		return fmt.Errorf("%q is not a qualified name: want import/path.Name or import/path.Type.Method", s)
	}
	for _, id := range strings.Split(rest[dot+1:], ".") {
		if !token.IsIdentifier(id) {
			return fmt.Errorf("%q is not a qualified name: %q is not a Go identifier (want import/path.Name or import/path.Type.Method)", s, id)
		}
	}
	if parts := strings.Split(rest[dot+1:], "."); len(parts) > 2 {
		return fmt.Errorf("%q is not a qualified name: want import/path.Name or import/path.Type.Method", s)
	}
	return nil
}

// Match reports whether key, a qualified name as recognize.FuncKey forms it,
// is one of the names, or a vendored copy of one (key ends in "/"+name).
func (n *Names) Match(key string) bool {
	for _, v := range n.values {
		// key == v, or key ends in "/"+v (without building that string).
		if n := len(key) - len(v); strings.HasSuffix(key, v) && (n == 0 || key[n-1] == '/') {
			return true
		}
	}
	return false
}

// Restore sets every flag of fs back to its default value (settings are
// process-wide, as analyzer flags are: analyzers.Apply restores them all
// before it applies a configuration).
func Restore(fs *flag.FlagSet) error {
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		if err := fs.Set(f.Name, f.DefValue); err != nil {
			errs = append(errs, fmt.Errorf("restoring -%s: %v", f.Name, err))
		}
	})
	return errors.Join(errs...)
}
