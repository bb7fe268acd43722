package adapterdeletion

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
)

// idents is a list setting of Go identifiers (method names).
type idents struct{ values []string }

func newIdents(defaults ...string) *idents {
	l := &idents{}
	if err := l.SetList(defaults); err != nil {
		panic(err) // defaults are constants of the program
	}
	return l
}

func (l *idents) contains(name string) bool { return slices.Contains(l.values, name) }

// String implements flag.Value.
func (l *idents) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(l.values, ",")
}

// Set implements flag.Value: a comma-separated list of identifiers.
func (l *idents) Set(s string) error {
	if s == "" {
		return l.SetList(nil)
	}
	return l.SetList(strings.Split(s, ","))
}

// SetList implements setting.List.
func (l *idents) SetList(values []string) error {
	out := make([]string, 0, len(values))
	for _, v := range values {
		v = strings.TrimSpace(v)
		if !token.IsIdentifier(v) {
			return fmt.Errorf("%q is not a method name: want a Go identifier such as AdapterForObject", v)
		}
		out = append(out, v)
	}
	slices.Sort(out)
	l.values = slices.Compact(out)
	return nil
}
