package analyzers

import (
	"flag"
	"go/doc/comment"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// noSettings is the Settings section of every rule without settings of its
// own, word for word, so that the rules say it alike.
const noSettings = "None of its own. The suite-wide settings (include-generated, dependency-errors, deletion-checks, entry-points, deletion-entry-points, exclude; docs/configuration.md) apply to every rule."

// TestDocSections checks that every rule's doc.go ends with a "#
// Categories" section listing the rule's Categories, in their order, as
// "name: text" items, and a "# Settings" section listing its settings in
// the order its settings struct declares them, as "name (type, default
// ...): text" items, or, for a rule without settings of its own, the
// sentence noSettings. The documentation is what go vet, golangci-lint,
// SARIF and docs/rules.md show of a rule, so the form is checked where the
// descriptor is.
func TestDocSections(t *testing.T) {
	for _, r := range Rules() {
		path := "analyzers/" + r.Name + "/doc.go"
		var p comment.Parser
		doc := p.Parse(r.Analyzer().Doc)
		sections := map[string][]comment.Block{}
		var headings []string
		for _, b := range doc.Content {
			if h, ok := b.(*comment.Heading); ok {
				headings = append(headings, plain(h.Text))
				continue
			}
			if len(headings) > 0 {
				last := headings[len(headings)-1]
				sections[last] = append(sections[last], b)
			}
		}
		if n := len(headings); n < 2 || headings[n-2] != "Categories" || headings[n-1] != "Settings" {
			t.Errorf("%s (%s): the package comment must end with the sections # Categories and # Settings; its headings are %q", r.Name, path, headings)
			continue
		}

		if got := itemNames(sections["Categories"], ":"); !slices.Equal(got, r.Categories) {
			t.Errorf("%s (%s): # Categories lists %q, want the rule's Categories %q as \"  - name: text\" items", r.Name, path, got, r.Categories)
		}

		want := declaredSettings(r.Settings)
		var flags []string
		r.Analyzer().Flags.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name) })
		if !slices.Equal(slices.Sorted(slices.Values(want)), flags) {
			// The tags are what Register makes flags of: a mismatch is a bug here.
			t.Fatalf("%s: the settings struct declares %q, the analyzer's flags are %q", r.Name, want, flags)
		}
		settings := sections["Settings"]
		if len(want) == 0 {
			if len(settings) != 1 || text(settings[0]) != noSettings {
				t.Errorf("%s (%s): a rule without settings of its own says, and only says, under # Settings:\n%s", r.Name, path, noSettings)
			}
			continue
		}
		if got := itemNames(settings, " ("); !slices.Equal(got, want) {
			t.Errorf("%s (%s): # Settings lists %q, want the rule's settings %q, in the order of its settings struct, as \"  - name (type, default ...): text\" items", r.Name, path, got, want)
		}
	}
}

// TestNoSettingsNamesShared checks that the sentence of the rules without
// settings of their own names exactly the suite-wide settings, the flags
// of settings.Analyzer.
func TestNoSettingsNamesShared(t *testing.T) {
	_, list, _ := strings.Cut(noSettings, "(")
	list, _, _ = strings.Cut(list, ";")
	named := strings.Split(list, ", ")
	var shared []string
	GlobalFlags().VisitAll(func(f *flag.Flag) { shared = append(shared, f.Name) })
	if !slices.Equal(slices.Sorted(slices.Values(named)), shared) {
		t.Errorf("the sentence of the rules without settings names %q, the suite-wide settings are %q", named, shared)
	}
}

// declaredSettings returns the names of the settings the struct that s
// points to declares (its setting tags), in their order.
func declaredSettings(s any) []string {
	if s == nil {
		return nil
	}
	var names []string
	t := reflect.TypeOf(s).Elem()
	for i := range t.NumField() {
		if name, ok := t.Field(i).Tag.Lookup("setting"); ok {
			names = append(names, name)
		}
	}
	return names
}

// itemNames returns the names of the items of the first list of a
// section, each item's text up to sep; nil when the section has no list.
func itemNames(section []comment.Block, sep string) []string {
	for _, b := range section {
		l, ok := b.(*comment.List)
		if !ok {
			continue
		}
		var names []string
		for _, item := range l.Items {
			s := ""
			if len(item.Content) > 0 {
				s = text(item.Content[0])
			}
			name, _, _ := strings.Cut(s, sep)
			names = append(names, name)
		}
		return names
	}
	return nil
}

// text returns the text of a paragraph, its lines joined by single spaces;
// "" for other blocks.
func text(b comment.Block) string {
	p, ok := b.(*comment.Paragraph)
	if !ok {
		return ""
	}
	return strings.Join(strings.Fields(plain(p.Text)), " ")
}

// plain returns the text of doc comment text, without its markup.
func plain(texts []comment.Text) string {
	var b strings.Builder
	for _, t := range texts {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(string(t))
		case comment.Italic:
			b.WriteString(string(t))
		case *comment.Link:
			b.WriteString(plain(t.Text))
		case *comment.DocLink:
			b.WriteString(plain(t.Text))
		}
	}
	return b.String()
}
