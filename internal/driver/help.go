package driver

import (
	"flag"
	"fmt"
	"go/doc/comment"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// help answers "NAME help [RULE...]": the overview without a rule, each
// rule's documentation otherwise. An unknown rule is a usage error (exit
// code 2) that lists the rules.
func (p Program) help(rules []string, stdout, stderr io.Writer) int {
	if len(rules) == 0 {
		p.overview(stdout)
		return 0
	}
	var found []*analysis.Analyzer
	for _, name := range rules {
		a := p.lookup(name)
		if a == nil {
			fmt.Fprintf(stderr, "%s: no rule %q; the rules are %s (run '%s help' for what each checks)\n",
				p.Name, name, strings.Join(p.ruleNames(), ", "), p.Name)
			return 2
		}
		found = append(found, a)
	}
	for i, a := range found {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		p.ruleHelp(stdout, a)
	}
	return 0
}

func (p Program) lookup(name string) *analysis.Analyzer {
	for _, a := range p.Analyzers {
		if a.Name == name {
			return a
		}
	}
	return nil
}

func (p Program) ruleNames() []string {
	var names []string
	for _, a := range p.Analyzers {
		names = append(names, a.Name)
	}
	return names
}

// overview prints what "NAME help" prints: what the command does, how to
// run it, and the rules.
func (p Program) overview(w io.Writer) {
	fmt.Fprintf(w, "%s\nUsage:\n", p.Summary)
	usage := [][2]string{
		{p.Name + " [flags] packages", "findings on stderr; exit 3 when there are any"},
		{p.Name + " -format=sarif packages", "SARIF on stdout (also -format=json)"},
		{p.Name + " -fix [-diff] packages", "apply (or show) the suggested fixes"},
		{"go vet -vettool=/path/to/" + p.Name + " packages", ""},
		{p.Name + " graph packages", "draw the deletion graph (-format=mermaid|dot|json, -focus KIND)"},
		{p.Name + " help RULE", "a rule's documentation and settings"},
		{p.Name + " -h", "every flag"},
	}
	if p.Topology == nil {
		usage = slices.DeleteFunc(usage, func(u [2]string) bool { return strings.HasPrefix(u[0], p.Name+" graph") })
	}
	width := 0
	for _, u := range usage {
		if u[1] != "" {
			width = max(width, len(u[0]))
		}
	}
	for _, u := range usage {
		if u[1] == "" {
			fmt.Fprintf(w, "  %s\n", u[0])
		} else {
			fmt.Fprintf(w, "  %-*s   %s\n", width, u[0], u[1])
		}
	}
	fmt.Fprintf(w, "\nRules:\n")
	for _, a := range p.Analyzers {
		summary, _, _ := strings.Cut(a.Doc, "\n")
		off := ""
		if p.Default != nil && !p.Default(a) {
			off = " (off by default)"
		}
		fmt.Fprintf(w, "  %-20s %s%s\n", a.Name, summary, off)
	}
	fmt.Fprintf(w, "\nRun one rule with -RULE, turn one off with -RULE=false, set its settings with\n-RULE.SETTING=VALUE")
	if p.Configure != nil {
		fmt.Fprintf(w, ", or in the module's .deletionlint.yaml")
	}
	fmt.Fprintf(w, ".")
	switch {
	case p.InfoURI != "" && p.Docs != "":
		fmt.Fprintf(w, " Documentation: %s (%s).", p.InfoURI, p.Docs)
	case p.InfoURI != "":
		fmt.Fprintf(w, " Documentation: %s.", p.InfoURI)
	}
	fmt.Fprintln(w)
}

// ruleHelp prints a rule's documentation for "NAME help RULE", in the
// order a reader needs it: the summary and the paragraph that says why it
// matters, the bad and good examples, how to run, silence and configure
// the rule, then the rest of the documentation and the settings.
func (p Program) ruleHelp(w io.Writer, a *analysis.Analyzer) {
	summary, rest, _ := strings.Cut(a.Doc, "\n")
	status := "on by default"
	if p.Default != nil && !p.Default(a) {
		status = "off by default"
	}
	fmt.Fprintf(w, "%s: %s (%s)\n\n", a.Name, strings.TrimSpace(summary), status)

	var parser comment.Parser
	doc := parser.Parse(strings.TrimSpace(rest))
	var intro, examples, others []comment.Block
	for i := 0; i < len(doc.Content); i++ {
		b := doc.Content[i]
		switch {
		case i == 0:
			intro = append(intro, b)
		case isExample(b):
			examples = append(examples, b)
			for ; i+1 < len(doc.Content); i++ {
				if _, ok := doc.Content[i+1].(*comment.Code); !ok {
					break
				}
				examples = append(examples, doc.Content[i+1])
			}
		default:
			others = append(others, b)
		}
	}
	pr := &comment.Printer{TextWidth: 78, TextCodePrefix: "\t"}
	fmt.Fprint(w, string(pr.Text(&comment.Doc{Content: intro})))
	if len(examples) > 0 {
		fmt.Fprintln(w)
		fmt.Fprint(w, string(pr.Text(&comment.Doc{Content: examples})))
	}
	fmt.Fprintf(w, "\nRun it alone with -%[1]s, turn it off with -%[1]s=false", a.Name)
	if p.Configure != nil {
		fmt.Fprintf(w, " (or disable: [%s] in .deletionlint.yaml)", a.Name)
	}
	fmt.Fprintf(w, "; silence one finding with a comment on its line or the line above:\n\t//%s:ignore %s REASON\n", p.Name, a.Name)
	if len(others) > 0 {
		fmt.Fprintf(w, "\n# Details\n\n")
		fmt.Fprint(w, string(pr.Text(&comment.Doc{Content: others})))
	}
	fmt.Fprintf(w, "\n# Flags\n\n")
	n := 0
	a.Flags.VisitAll(func(f *flag.Flag) {
		n++
		def := ""
		if f.DefValue != "" {
			def = fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "  -%s.%s%s\n\t%s\n", a.Name, f.Name, def, f.Usage)
	})
	switch {
	case n == 0:
		fmt.Fprintf(w, "None.\n")
	case p.Configure != nil:
		fmt.Fprintf(w, "In .deletionlint.yaml: %s: {SETTING: VALUE}.\n", a.Name)
	}
	if p.InfoURI != "" && p.Docs != "" {
		fmt.Fprintf(w, "\nDocumentation: %s\n", docsURI(p.InfoURI, p.Docs, a.Name))
	}
}

// docsURI is the address of a rule's section of the documentation docs
// under the project's infoURI.
func docsURI(infoURI, docs, rule string) string {
	return infoURI + "/blob/main/" + docs + "#" + rule
}

// isExample reports whether a block of a rule's documentation introduces
// an example: a paragraph that starts with "Bad" or "Good" followed by a
// colon or a comma.
func isExample(b comment.Block) bool {
	para, ok := b.(*comment.Paragraph)
	if !ok || len(para.Text) == 0 {
		return false
	}
	plain, ok := para.Text[0].(comment.Plain)
	if !ok {
		return false
	}
	for _, word := range []string{"Bad", "Good"} {
		if rest, ok := strings.CutPrefix(string(plain), word); ok && (strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, ",")) {
			return true
		}
	}
	return false
}

// printDefaults prints the flags of fs as flag.PrintDefaults does, but
// names a long list default by its size and first entry: the list of
// dependency errors holds a dozen import paths, which would take the
// screen.
func printDefaults(fs *flag.FlagSet, w io.Writer) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  -" + f.Name
		if name != "" {
			line += " " + name
		}
		if len(line) <= 4 {
			line += "\t" // a one-letter flag: usage on the same line
		} else {
			line += "\n    \t"
		}
		line += strings.ReplaceAll(usage, "\n", "\n    \t")
		if d := f.DefValue; !isZeroValue(f) {
			if entries := strings.Split(d, ","); len(entries) > 3 {
				d = fmt.Sprintf("%d entries: %s, ...", len(entries), entries[0])
			} else if fmt.Sprintf("%T", f.Value) == "*flag.stringValue" {
				d = strconv.Quote(d) // as the flag package quotes strings
			}
			line += " (default " + d + ")"
		}
		fmt.Fprintln(w, line)
	})
}

// isZeroValue reports whether f's default is its type's zero value, which
// the flag package leaves out of the usage too.
func isZeroValue(f *flag.Flag) (zero bool) {
	t := reflect.TypeOf(f.Value)
	var z reflect.Value
	if t.Kind() == reflect.Pointer {
		z = reflect.New(t.Elem())
	} else {
		z = reflect.Zero(t)
	}
	defer func() {
		if recover() != nil {
			zero = false // a String method that needs a set value
		}
	}()
	return f.DefValue == z.Interface().(flag.Value).String()
}
