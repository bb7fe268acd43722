package setting

import (
	"fmt"
	"slices"
	"strings"
)

// Paths is a list of file or directory paths, in the order given, without
// duplicates.
type Paths struct {
	values []string
}

// NewPaths returns an empty list of paths.
func NewPaths() *Paths { return new(Paths) }

// Values returns the paths.
func (p *Paths) Values() []string { return p.values }

// String implements flag.Value.
func (p *Paths) String() string {
	if p == nil {
		return ""
	}
	return strings.Join(p.values, ",")
}

// Set implements flag.Value: it replaces the list with the comma-separated
// paths in s. An empty s clears the list.
func (p *Paths) Set(s string) error {
	if s == "" {
		return p.SetList(nil)
	}
	return p.SetList(strings.Split(s, ","))
}

// SetList implements List.
func (p *Paths) SetList(values []string) error {
	var out []string
	for _, v := range values {
		v = strings.TrimSpace(v)
		if v == "" {
			return fmt.Errorf("an empty path: want a file or directory, such as config/rbac")
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	p.values = out
	return nil
}
