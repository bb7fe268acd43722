package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"go/token"
	"io"
	"os"
	"slices"

	"golang.org/x/tools/go/analysis/checker"
)

// An edit replaces the bytes [start, end) of a file with text.
type edit struct {
	start, end int
	text       string
}

func (e edit) overlaps(o edit) bool {
	if e == o {
		return false // the same edit, from a test variant of the package
	}
	if e.start == e.end && o.start == o.end {
		return e.start == o.start // two insertions at one place: order unknown
	}
	return e.start < o.end && o.start < e.end
}

// fixReport is what applyFixes did.
type fixReport struct {
	applied   int      // fixes applied (or shown)
	files     int      // files they change
	unfixable int      // findings without a suggested fix
	conflicts []string // fixes left out, one line each
}

// String is the closing line of a -fix run.
func (r fixReport) String() string {
	s := fmt.Sprintf("applied %s in %s", plural(r.applied, "fix", "fixes"), plural(r.files, "file", "files"))
	if r.unfixable > 0 {
		s += fmt.Sprintf("; %s no automatic fix", plural(r.unfixable, "finding has", "findings have"))
	}
	if len(r.conflicts) > 0 {
		s += fmt.Sprintf("; %s with another and %s left for the next run", plural(len(r.conflicts), "fix conflicts", "fixes conflict"),
			map[bool]string{true: "is", false: "are"}[len(r.conflicts) == 1])
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// applyFixes applies the first suggested fix of every finding of the root
// analyses (once, though a package and its test variant report it twice).
// A fix whose edits overlap those of a fix already taken is left out, and
// reported; the files it touches can be fixed by running again. Each
// changed file is gofmt-formatted when it parses. With diff, the changes
// are printed to w as unified diffs instead of written.
func applyFixes(graph *checker.Graph, diff bool, w io.Writer) (fixReport, error) {
	type fix struct {
		pos   token.Position
		what  string
		edits map[string][]edit // by file name
	}
	var report fixReport
	var fixes []fix
	seen := make(map[string]bool) // findings, by position and message
	for _, act := range graph.Roots {
		if act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			pos := fset.Position(d.Pos)
			if key := pos.String() + " " + act.Analyzer.Name + " " + d.Message; seen[key] {
				continue
			} else {
				seen[key] = true
			}
			if len(d.SuggestedFixes) == 0 {
				report.unfixable++
				continue
			}
			f := fix{pos: pos, what: d.SuggestedFixes[0].Message, edits: make(map[string][]edit)}
			for _, e := range d.SuggestedFixes[0].TextEdits {
				tf := fset.File(e.Pos)
				if tf == nil {
					return report, fmt.Errorf("%s: fix %q: edit outside any file", f.pos, f.what)
				}
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				f.edits[tf.Name()] = append(f.edits[tf.Name()], edit{tf.Offset(e.Pos), tf.Offset(end), string(e.NewText)})
			}
			fixes = append(fixes, f)
		}
	}
	slices.SortStableFunc(fixes, func(a, b fix) int {
		return cmp.Or(cmp.Compare(a.pos.Filename, b.pos.Filename), cmp.Compare(a.pos.Offset, b.pos.Offset))
	})

	accepted := make(map[string][]edit)
next:
	for _, f := range fixes {
		for name, edits := range f.edits {
			for _, e := range edits {
				if slices.ContainsFunc(accepted[name], e.overlaps) {
					report.conflicts = append(report.conflicts, fmt.Sprintf("%s: fix %q conflicts with another fix; run again to apply it", f.pos, f.what))
					continue next
				}
			}
		}
		report.applied++
		for name, edits := range f.edits {
			for _, e := range edits {
				if !slices.Contains(accepted[name], e) {
					accepted[name] = append(accepted[name], e)
				}
			}
		}
	}

	names := make([]string, 0, len(accepted))
	for name := range accepted {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		old, err := os.ReadFile(name)
		if err != nil {
			return report, err
		}
		fixed, err := apply(old, accepted[name])
		if err != nil {
			return report, fmt.Errorf("%s: %v", name, err)
		}
		if formatted, err := format.Source(fixed); err == nil {
			fixed = formatted
		}
		if bytes.Equal(old, fixed) {
			continue
		}
		report.files++
		if diff {
			if _, err := io.WriteString(w, unifiedDiff(name, old, fixed)); err != nil {
				return report, err
			}
			continue
		}
		info, err := os.Stat(name)
		if err != nil {
			return report, err
		}
		if err := os.WriteFile(name, fixed, info.Mode().Perm()); err != nil {
			return report, err
		}
	}
	return report, nil
}

// apply returns src with the non-overlapping edits applied.
func apply(src []byte, edits []edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b edit) int { return cmp.Or(a.start-b.start, a.end-b.end) })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last || e.end > len(src) || e.start > e.end {
			return nil, fmt.Errorf("edit [%d,%d) out of range", e.start, e.end)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}
