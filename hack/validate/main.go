// Command validate runs deletionlint on a pinned corpus of real
// controller-runtime projects and compares its findings with the reviewed
// expectation files under docs/validation (see docs/validation/README.md).
//
// Usage (from the repository root, after make build):
//
//	go run ./hack/validate [-update] [-only NAME,...] [-list FILE] [-dir DIR]
//
// It exits 1 on any finding that appeared or vanished since the expectation
// files; -update rewrites them, keeping existing verdicts and marking new
// findings "?" for review.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/validation"
)

// project is one line of the pinned list: name module@version, patterns,
// go.mod edits, and -test=false for a project whose test files do not
// type-check as published (generated mocks left out of the module).
type project struct {
	name, module, version string
	patterns              []string
	edits                 []string // arguments to go mod edit, e.g. -replace=a=b
	flags                 []string // deletionlint's: only -test=false
}

// entry is one line of an expectation file.
type entry = validation.Entry

func main() {
	update := flag.Bool("update", false, "rewrite the expectation files (new findings get verdict ?)")
	list := flag.String("list", "docs/validation/projects.txt", "pinned project list")
	dir := flag.String("dir", "docs/validation", "directory of the expectation files")
	only := flag.String("only", "", "comma-separated project names to run (default all)")
	bin := flag.String("bin", "bin/deletionlint", "deletionlint binary")
	flag.Parse()
	projects, err := readList(*list)
	check(err)
	sel := map[string]bool{}
	for _, n := range strings.Split(*only, ",") {
		if n != "" {
			sel[n] = true
		}
	}
	absBin, err := filepath.Abs(*bin)
	check(err)
	changed := false
	stats := map[string]*validation.Counts{}
	for _, p := range projects {
		if len(sel) > 0 && !sel[p.name] {
			continue
		}
		got, err := run(p, absBin)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", p.name, err)
			changed = true
			continue
		}
		file := filepath.Join(*dir, p.name+".txt")
		want, _ := readExpect(file)
		merged, diff := compare(want, got)
		for _, d := range diff {
			fmt.Printf("%s: %s\n", p.name, d)
		}
		if len(diff) > 0 {
			changed = true
		}
		if *update {
			check(writeExpect(file, p, merged))
		}
		for _, e := range merged {
			s := stats[e.Rule]
			if s == nil {
				s = new(validation.Counts)
				stats[e.Rule] = s
			}
			s.Add(e)
		}
	}
	printTable(stats)
	if changed && !*update {
		fmt.Println("validate: findings changed; review the diff above, then run with -update and set verdicts")
		os.Exit(1)
	}
}

func printTable(stats map[string]*validation.Counts) {
	var rules []string
	for r := range stats {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	const row = "%-20s %5d %5d %8d %5d %5d %5d %9s %6s\n"
	fmt.Printf("%-20s %5s %5s %8s %5s %5s %5s %9s %6s\n", "rule", "TP", "FP", "accepted", "FN", "fixed", "?", "precision", "recall")
	var all validation.Counts
	for _, r := range rules {
		s := stats[r]
		fmt.Printf(row, r, s.TP, s.FP, s.Accepted, s.FN, s.Fixed, s.Unreviewed,
			validation.Percent(s.Precision()), validation.Percent(s.Recall()))
		all.TP, all.FP, all.Accepted, all.FN, all.Fixed, all.Unreviewed = all.TP+s.TP, all.FP+s.FP, all.Accepted+s.Accepted, all.FN+s.FN, all.Fixed+s.Fixed, all.Unreviewed+s.Unreviewed
	}
	fmt.Printf(row, "all", all.TP, all.FP, all.Accepted, all.FN, all.Fixed, all.Unreviewed,
		validation.Percent(all.Precision()), validation.Percent(all.Recall()))
}

// run downloads p from the module proxy into a writable scratch directory
// (see validation.Fetch) and returns the findings of every rule as
// expectation entries with verdict "?", their positions file:line (the
// column is noise).
func run(p project, bin string) ([]entry, error) {
	dir, err := validation.Fetch(validation.Source{Module: p.module, Version: p.version, Edits: p.edits},
		filepath.Join(os.TempDir(), "deletionlint-validate"), p.name)
	if err != nil {
		return nil, err
	}
	var rules []string
	for _, r := range analyzers.Rules() {
		rules = append(rules, r.Name)
	}
	fs, failed, err := validation.Run(bin, dir, rules, p.patterns, p.flags...)
	if err != nil {
		return nil, err
	}
	if len(failed) > 0 {
		// Not a change of findings, but their packages went unread.
		fmt.Fprintf(os.Stderr, "%s: %d analyses failed, their findings are missing; the first: %s\n", p.name, len(failed), failed[0])
	}
	var got []entry
	seen := map[entry]bool{}
	for _, f := range fs {
		e := entry{Verdict: validation.Unreviewed, Rule: f.Rule, Posn: validation.FileLine(f.Posn), Message: f.Message}
		if !seen[e] {
			seen[e] = true
			got = append(got, e)
		}
	}
	return got, nil
}

// compare matches got against want by rule, file and message (so a finding
// that only moved lines is the same finding), then what is left by rule and
// position (so a finding whose message was reworded keeps its verdict, and
// is listed as reworded for a reviewer to read again), carrying verdicts
// and reasons over; it returns the merged list and the appeared, reworded
// and vanished lines.
func compare(want, got []entry) ([]entry, []string) {
	id := func(e entry) string { return e.Rule + "|" + file(e.Posn) + "|" + e.Message }
	at := func(e entry) string { return e.Rule + "|" + e.Posn }
	pool := map[string][]entry{}
	guards := map[string]entry{} // fixed false positives, by position
	var merged []entry
	for _, w := range want {
		switch w.Verdict {
		case validation.FN:
			merged = append(merged, w)
		case validation.Fixed:
			guards[at(w)] = w
		default:
			pool[id(w)] = append(pool[id(w)], w)
		}
	}
	var diff []string
	var unmatched []entry
	for _, g := range got {
		if ws := pool[id(g)]; len(ws) > 0 {
			w := ws[0]
			pool[id(g)] = ws[1:]
			w.Posn = g.Posn
			merged = append(merged, w)
			continue
		}
		unmatched = append(unmatched, g)
	}
	byPos := map[string][]entry{}
	for _, ws := range pool {
		for _, w := range ws {
			byPos[at(w)] = append(byPos[at(w)], w)
		}
	}
	for _, ws := range byPos {
		// In the file's order, not the map's.
		sort.SliceStable(ws, func(i, j int) bool { return ws[i].Message < ws[j].Message })
	}
	for _, g := range unmatched {
		if ws := byPos[at(g)]; len(ws) > 0 {
			// Several findings at one line reworded at once (kinds
			// renamed): each keeps the verdict of the one it is most
			// like.
			i := mostAlike(g.Message, ws)
			w := ws[i]
			byPos[at(g)] = slices.Delete(ws, i, i+1)
			diff = append(diff, fmt.Sprintf("reworded  %s %s: %s (was: %s)", g.Rule, g.Posn, g.Message, w.Message))
			w.Message = g.Message
			merged = append(merged, w)
			continue
		}
		if w, ok := guards[at(g)]; ok {
			// A fixed false positive is back: a regression, and an FP
			// again after -update.
			delete(guards, at(g))
			diff = append(diff, fmt.Sprintf("appeared  %s %s: %s (was fixed: %s)", g.Rule, g.Posn, g.Message, w.Reason))
			w.Verdict, w.Message = validation.FP, g.Message
			merged = append(merged, w)
			continue
		}
		diff = append(diff, fmt.Sprintf("appeared  %s %s: %s", g.Rule, g.Posn, g.Message))
		merged = append(merged, g)
	}
	for _, w := range guards {
		merged = append(merged, w)
	}
	for _, ws := range byPos {
		for _, w := range ws {
			diff = append(diff, fmt.Sprintf("vanished  %s %s: %s (was %s: %s)", w.Rule, w.Posn, w.Message, w.Verdict, w.Reason))
			// A real bug no longer found is a miss: it counts against
			// recall now and stays on record as FN after -update. A
			// vanished false positive is a fix, kept as a guard: correct
			// code the rule must keep leaving alone.
			switch w.Verdict {
			case validation.TP, validation.Accepted:
				w.Reason = "(no longer found; was " + w.Verdict + ") " + w.Reason
				w.Verdict = validation.FN
				merged = append(merged, w)
			case validation.FP:
				w.Verdict = validation.Fixed
				merged = append(merged, w)
			}
		}
	}
	sort.Strings(diff)
	sort.Slice(merged, func(i, j int) bool { return merged[i].Posn+merged[i].Rule < merged[j].Posn+merged[j].Rule })
	return merged, diff
}

// mostAlike returns the index of the entry of ws whose message shares the
// most words with msg, the first of those that share as many.
func mostAlike(msg string, ws []entry) int {
	words := func(s string) map[string]bool {
		m := make(map[string]bool)
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			m[w] = true
		}
		return m
	}
	have := words(msg)
	best, most := 0, -1
	for i, w := range ws {
		n := 0
		for x := range words(w.Message) {
			if have[x] {
				n++
			}
		}
		if n > most {
			best, most = i, n
		}
	}
	return best
}

func file(posn string) string {
	if i := strings.Index(posn, ":"); i >= 0 {
		return posn[:i]
	}
	return posn
}

// readList parses the pinned list: "name module version patterns [go-mod-edit-args...]",
// patterns comma-separated; # starts a comment.
func readList(path string) ([]project, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ps []project
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(strings.SplitN(line, "#", 2)[0])
		if len(f) == 0 {
			continue
		}
		if len(f) < 4 {
			return nil, fmt.Errorf("%s: want name module version patterns [edits]: %q", path, line)
		}
		pr := project{name: f[0], module: f[1], version: f[2], patterns: strings.Split(f[3], ",")}
		for _, a := range f[4:] {
			if a == "-test=false" {
				pr.flags = append(pr.flags, a)
			} else {
				pr.edits = append(pr.edits, a)
			}
		}
		ps = append(ps, pr)
	}
	return ps, nil
}

func readExpect(path string) ([]entry, error) { return validation.Read(path) }

func writeExpect(path string, p project, es []entry) error {
	return validation.Write(path, p.module, p.version, es)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "validate:", err)
		os.Exit(2)
	}
}
