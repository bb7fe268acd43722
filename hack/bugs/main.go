// Command bugs scores deletionlint on deletion bugs that users reported and
// maintainers fixed in public operators (hack/bugs/README.md): for each bug
// it runs deletionlint on the module at the commit before the fix and at
// the fix, both from the Go module proxy, and reports whether the bug's rule
// caught it (a finding of that rule in the buggy function, at the finding's
// position or one of its related positions) and whether the fix silences
// that finding.
//
// Usage (from the repository root, after make build; make bugs does both):
//
//	go run ./hack/bugs [-bin bin/deletionlint] [-only ID,...] [-show-heldout] [-min-free GB]
//
// The bugs are split once, at random, into two halves: tune.txt, which
// rule work may read, and heldout.txt, which it may not. The held-out half
// is printed as figures only; -show-heldout also lists its misses, for the
// day a held-out bug is read and moved to the tune half.
package main

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/rulesdoc"
	"github.com/deletionlint/deletionlint/internal/validation"
)

func main() {
	bin := flag.String("bin", "bin/deletionlint", "deletionlint binary")
	dir := flag.String("dir", "hack/bugs", "directory of tune.txt and heldout.txt")
	only := flag.String("only", "", "comma-separated bug IDs to run (default all)")
	ofRules := flag.String("rules", "", "comma-separated rules whose bugs, in both halves, to run (default all): a rule change judged on its own bugs, the held-out ones included, without naming them")
	onlyHalf := flag.String("half", "", "run one half only, "+tune+" or "+heldOut+" (default both): the held-out half judged alone, its bugs unnamed")
	showHeldOut := flag.Bool("show-heldout", false, "list the held-out half's misses too (reading them moves them to the tune half)")
	out := flag.String("results", "hack/bugs/results.txt", "where a run of every bug writes its figures (per rule and half)")
	minFree := flag.Float64("min-free", 15, "GB: empty the benchmark's own build cache before a bug when its disk has this much free or less (0: never)")
	recorded := flag.Bool("recorded", false, "score only the bugs this binary has run at both commits (their findings recorded), running nothing: the bugs a run stopped before it reached are left out, and counted")
	split := flag.String("split", "", "comma-separated files of new bugs to split at random between the halves (appended; prints counts only)")
	flag.Parse()
	if *split != "" {
		check(splitInto(*dir, strings.Split(*split, ",")))
		return
	}
	halves, err := halvesOf(*onlyHalf)
	check(err)
	absBin, err := filepath.Abs(*bin)
	check(err)
	sel := map[string]bool{}
	for _, id := range strings.Split(*only, ",") {
		if id != "" {
			sel[id] = true
		}
	}
	var rules []string
	for _, r := range analyzers.Rules() {
		rules = append(rules, r.Name)
	}
	selRules := map[string]bool{}
	for _, r := range strings.Split(*ofRules, ",") {
		if r == "" {
			continue
		}
		if !slices.Contains(rules, r) {
			check(fmt.Errorf("-rules: no rule %q (rules: %s)", r, strings.Join(rules, ", ")))
		}
		selRules[r] = true
	}
	scratch := filepath.Join(os.TempDir(), "deletionlint-bugs")
	cache, release, err := claimCache(scratch, *minFree)
	check(err)
	atExit = release
	defer release()
	check(cache.use())
	rec, err := newRecord(absBin, scratch)
	check(err)
	var all []score
	for _, half := range halves {
		bugs, err := readBugs(filepath.Join(*dir, half+".txt"), half)
		check(err)
		bugs = slices.DeleteFunc(bugs, func(b bug) bool {
			return len(sel) > 0 && !sel[b.id] || len(selRules) > 0 && !selRules[b.rule]
		})
		left := 0 // of the half, not recorded (-recorded)
		if *recorded {
			n := len(bugs)
			bugs = slices.DeleteFunc(bugs, func(b bug) bool { return !recordedBoth(b, scratch, rules, rec) })
			left = n - len(bugs)
		}
		n := 0 // of the half, run
		for _, b := range bugs {
			check(cache.makeRoom())
			s := runBug(b, absBin, scratch, rules, rec)
			all = append(all, s)
			if half == tune || *showHeldOut {
				fmt.Fprintf(os.Stderr, "%-9s %-40s %s\n", half, b.id, s.outcome())
			} else {
				n++
				fmt.Fprintf(os.Stderr, "%-9s %d of %d run\n", half, n, len(bugs))
			}
		}
		if left > 0 {
			fmt.Printf("%s: %d of %d bugs not run by this binary yet, left out (-recorded)\n", half, left, len(bugs)+left)
		}
	}
	byRule := results(all)
	_, err = os.Stdout.Write(rulesdoc.BugsTable(byRule))
	check(err)
	printMisses(os.Stdout, all, *showHeldOut)
	if len(halves) < 2 {
		fmt.Printf("only the %s half was run: the other half's columns count nothing\n", halves[0])
	}
	if len(sel) == 0 && len(selRules) == 0 && len(halves) == 2 {
		// The whole benchmark: its figures are the README's.
		check(validation.WriteBugResults(*out, byRule))
	}
}

// salt orders each rule's new bugs for the split: the order of the SHA-256
// of salt and the bug's ID is random, and anyone can recompute it.
const salt = "deletionlint-bugs-2026-11-28"

// splitInto appends the bugs of files to the two halves in dir: each
// rule's bugs in the order of the hash of their ID, each to the half
// that has fewer of that rule's bugs (tune on a tie), so that the halves
// stay even, as alternation does once they are. Bugs already in a half are skipped, so
// a collector's file can be split again as it grows. It prints counts
// only, so that whoever runs it does not read the held-out bugs.
func splitInto(dir string, files []string) error {
	var halves [2][]bug
	for i, half := range []string{tune, heldOut} {
		bs, err := readBugs(filepath.Join(dir, half+".txt"), half)
		if err != nil {
			return err
		}
		halves[i] = bs
	}
	known := map[string]bool{}
	same := map[string]bool{} // one bug under two IDs, from two collectors
	count := map[string]*[2]int{}
	for i := range halves {
		for _, b := range halves[i] {
			known[b.id] = true
			same[b.place()] = true
			if count[b.rule] == nil {
				count[b.rule] = new([2]int)
			}
			count[b.rule][i]++
		}
	}
	inHalves := maps.Clone(known)
	skipped, dups := 0, 0
	byRule := map[string][]string{} // lines
	keys := map[string]string{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			b, err := parseBug(line, "")
			if err != nil {
				return fmt.Errorf("%s:%d: %v", file, i+1, err)
			}
			if inHalves[b.id] {
				skipped++ // split before: a collector's file grows
				continue
			}
			if known[b.id] {
				return fmt.Errorf("%s:%d: bug %s is listed twice", file, i+1, b.id)
			}
			known[b.id] = true
			if same[b.place()] {
				dups++
				continue
			}
			same[b.place()] = true
			sum := sha256.Sum256([]byte(salt + "/" + b.id))
			line = strings.TrimSpace(line)
			keys[line] = hex.EncodeToString(sum[:])
			byRule[b.rule] = append(byRule[b.rule], line)
		}
	}
	var add [2][]string
	for rule, lines := range byRule {
		slices.SortFunc(lines, func(a, b string) int { return cmp.Compare(keys[a], keys[b]) })
		c := count[rule]
		if c == nil {
			c = new([2]int)
		}
		for _, l := range lines {
			i := 0
			if c[1] < c[0] {
				i = 1
			}
			c[i]++
			add[i] = append(add[i], l)
		}
		fmt.Printf("%-20s tune %d, held-out %d\n", rule, c[0], c[1])
	}
	if skipped > 0 {
		fmt.Printf("%d bugs already in a half\n", skipped)
	}
	if dups > 0 {
		fmt.Printf("%d bugs left out: the same module, rule, file and function as another bug\n", dups)
	}
	for i, half := range []string{tune, heldOut} {
		slices.Sort(add[i])
		f, err := os.OpenFile(filepath.Join(dir, half+".txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		for _, l := range add[i] {
			fmt.Fprintln(f, l)
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}

// The two halves of the benchmark.
const (
	tune    = "tune"
	heldOut = "heldout"
)

// halvesOf returns the halves the -half flag's value selects: both when
// it is empty.
func halvesOf(value string) ([]string, error) {
	switch value {
	case "":
		return []string{tune, heldOut}, nil
	case tune, heldOut:
		return []string{value}, nil
	}
	return nil, fmt.Errorf("-half: no half %q (halves: %s, %s)", value, tune, heldOut)
}

// A bug is one line of a half's file:
//
//	ID RULE MODULE BEFORE FIX PATTERNS FILE:LINE FUNCTION REPORT [EDITS...] -- ACCOUNT
type bug struct {
	id, rule, half   string
	module           string
	before, fix      string // versions
	patterns         []string
	file             string
	line             int
	function, report string
	edits            []string
	account          string
}

// place identifies a bug apart from its ID: two collectors may find one
// bug and name it differently.
func (b bug) place() string {
	return b.module + " " + b.rule + " " + b.file + " " + b.function
}

// readBugs parses a half's file. A missing file is an empty half.
func readBugs(path, half string) ([]bug, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var bugs []bug
	ids := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		b, err := parseBug(line, half)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		if ids[b.id] {
			return nil, fmt.Errorf("%s:%d: bug %s is listed twice", path, i+1, b.id)
		}
		ids[b.id] = true
		bugs = append(bugs, b)
	}
	return bugs, nil
}

func parseBug(line, half string) (bug, error) {
	head, account, _ := strings.Cut(line, " -- ")
	f := strings.Fields(head)
	if len(f) < 9 {
		return bug{}, fmt.Errorf("want ID RULE MODULE BEFORE FIX PATTERNS FILE:LINE FUNCTION REPORT [EDITS...] -- ACCOUNT, have %d fields", len(f))
	}
	file, ln, ok := strings.Cut(f[6], ":")
	n, err := strconv.Atoi(ln)
	if !ok || err != nil || n < 1 {
		return bug{}, fmt.Errorf("FILE:LINE: %q is not file:line", f[6])
	}
	if !slices.ContainsFunc(analyzers.Rules(), func(r *analyzers.Rule) bool { return r.Name == f[1] }) {
		return bug{}, fmt.Errorf("unknown rule %q", f[1])
	}
	for _, e := range f[9:] {
		if !strings.HasPrefix(e, "-") {
			return bug{}, fmt.Errorf("go mod edit argument %q does not start with -", e)
		}
	}
	return bug{id: f[0], rule: f[1], half: half, module: f[2], before: f[3], fix: f[4],
		patterns: strings.Split(f[5], ","), file: file, line: n, function: f[7], report: f[8],
		edits: f[9:], account: strings.TrimSpace(account)}, nil
}

// A score is what deletionlint did on one bug.
type score struct {
	bug
	err      error  // the run failed at one of the two commits
	caught   bool   // the rule reported in the buggy function before the fix
	silent   bool   // and no longer at the fix
	seen     string // the rule's findings in the buggy file before the fix, for a miss
	atFix    string // the rule's claims in the function at the fix, when none is gone
	span     [2]int // the buggy function's lines before the fix
	fixSpan  [2]int // the same function's lines at the fix
	notFound bool   // the buggy function is not in the file at the fix
}

func (s score) outcome() string {
	switch {
	case s.err != nil:
		return "error: " + firstLine(s.err.Error())
	case !s.caught:
		return "missed"
	case !s.silent:
		return "caught, not silent at the fix"
	}
	return "caught, silent at the fix"
}

// copyName names the directory of b's sources under the scratch
// directory: its ID, or for a held-out bug a digest of it, so that a look
// at the scratch directory does not name the held-out bugs.
func copyName(b bug) string {
	if b.half != heldOut {
		return b.id
	}
	sum := sha256.Sum256([]byte(b.id))
	return "heldout-" + hex.EncodeToString(sum[:4])
}

// recordedBoth reports whether rec holds the findings of b's runs at both
// commits, so that runBug reads them back and runs nothing.
func recordedBoth(b bug, scratch string, rules []string, rec record) bool {
	for _, v := range []string{b.before, b.fix} {
		dir := validation.CopyDir(validation.Source{Module: b.module, Version: v, Edits: b.edits}, scratch, copyName(b))
		if !rec.has(dir, rules, b.patterns, bugFlags...) {
			return false
		}
	}
	return true
}

// bugFlags are the flags of each run: the bugs are in the operators'
// code, and their tests' own dependencies (the proxy refuses some) are not
// needed.
var bugFlags = []string{"-test=false"}

// runBug runs deletionlint at both commits of b and scores it.
func runBug(b bug, bin, scratch string, rules []string, rec record) score {
	s := score{bug: b}
	var runs [2][]validation.Finding
	var dirs [2]string
	for i, v := range []string{b.before, b.fix} {
		dir, err := validation.Fetch(validation.Source{Module: b.module, Version: v, Edits: b.edits}, scratch, copyName(b))
		if err == nil {
			runs[i], err = rec.run(bin, dir, rules, b.patterns, bugFlags...)
		}
		if err != nil {
			s.err = fmt.Errorf("at %s: %v", v, err)
			return s
		}
		dirs[i] = dir
	}
	span, name, err := enclosing(filepath.Join(dirs[0], b.file), b.line)
	if err != nil {
		s.err = err
		return s
	}
	s.span = span
	var claims []string
	claims, s.seen = reports(runs[0], b.rule, b.file, span)
	s.caught = len(claims) > 0
	fixSpan, err := named(filepath.Join(dirs[1], b.file), name)
	if err != nil {
		// The function is gone at the fix (renamed, moved, rewritten):
		// silent when the rule reports nothing in the file.
		s.notFound = true
		fixSpan = [2]int{1, 1 << 30}
	}
	s.fixSpan = fixSpan
	after, _ := reports(runs[1], b.rule, b.file, fixSpan)
	// Silent when a claim the rule made there before the fix is gone: the
	// function may hold other findings of the rule, about other objects,
	// that the fix did not touch.
	s.silent = slices.ContainsFunc(claims, func(c string) bool { return !slices.Contains(after, c) })
	if !s.silent {
		s.atFix = strings.Join(after, "; ")
	}
	return s
}

// reports returns the claims of the findings of rule that fall, at their
// own position or a related one, in file within lines span, and lists the
// rule's findings in file. A claim is a message up to its first ": ":
// what is wrong with which objects, without the advice, which names line
// numbers and files that move between versions.
func reports(fs []validation.Finding, rule, file string, span [2]int) (claims []string, seen string) {
	in := func(posn string) bool {
		f, l := splitPosn(posn)
		return f == file && l >= span[0] && l <= span[1]
	}
	var files []string
	for _, f := range fs {
		if f.Rule != rule {
			continue
		}
		if in(f.Posn) || slices.ContainsFunc(f.Related, in) {
			claim, _, _ := strings.Cut(f.Message, ": ")
			if !slices.Contains(claims, claim) {
				claims = append(claims, claim)
			}
		}
		if fl, _ := splitPosn(f.Posn); fl == file {
			files = append(files, validation.FileLine(f.Posn))
		}
	}
	return claims, strings.Join(files, ", ")
}

func splitPosn(posn string) (string, int) {
	parts := strings.Split(posn, ":")
	if len(parts) < 2 {
		return posn, 0
	}
	n, _ := strconv.Atoi(parts[1])
	return parts[0], n
}

// enclosing returns the lines of the function declaration around line in
// file, and its name (Recv.Name for a method); a line outside any function
// (a variable, a manifest) is a span of its own and has no name.
func enclosing(file string, line int) ([2]int, string, error) {
	if !strings.HasSuffix(file, ".go") {
		return [2]int{line, line}, "", nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return [2]int{}, "", fmt.Errorf("the buggy file: %v", err)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		start, end := fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line
		if line >= start && line <= end {
			return [2]int{start, end}, funcName(fd), nil
		}
	}
	return [2]int{line, line}, "", nil
}

// named returns the lines of the function declaration called name in file.
func named(file, name string) ([2]int, error) {
	if name == "" {
		return [2]int{}, fmt.Errorf("no function")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		return [2]int{}, err
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && funcName(fd) == name {
			return [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}, nil
		}
	}
	return [2]int{}, fmt.Errorf("no function %s", name)
}

// funcName is Name, or Recv.Name for a method (the receiver's type name,
// without pointer or type parameters).
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := ast.Unparen(t).(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		default:
			return fd.Name.Name
		}
	}
}

// results sums the scores per rule.
func results(all []score) map[string]*validation.BugCounts {
	out := map[string]*validation.BugCounts{}
	for _, s := range all {
		c := out[s.rule]
		if c == nil {
			c = new(validation.BugCounts)
			out[s.rule] = c
		}
		h := validation.Tune
		if s.half == heldOut {
			h = validation.HeldOut
		}
		c.Bugs[h]++
		switch {
		case s.err != nil:
			c.Errors[h]++
		case s.caught:
			c.Caught[h]++
			if s.silent {
				c.Silent[h]++
			}
		}
	}
	return out
}

// printMisses lists the tune half's misses, findings that stay at the fix,
// and run errors (the held-out half's too with showHeldOut).
func printMisses(w *os.File, all []score, showHeldOut bool) {
	var lines []string
	for _, s := range all {
		if s.half == heldOut && !showHeldOut {
			continue
		}
		where := fmt.Sprintf("%s:%d (%s, lines %d-%d)", s.file, s.line, s.function, s.span[0], s.span[1])
		switch {
		case s.err != nil:
			lines = append(lines, fmt.Sprintf("%s %s %s: error: %v", s.half, s.rule, s.id, s.err))
		case !s.caught:
			seen := "none in the file"
			if s.seen != "" {
				seen = "in the file at " + s.seen
			}
			lines = append(lines, fmt.Sprintf("%s %s %s: missed at %s; the rule's findings: %s; %s", s.half, s.rule, s.id, where, seen, s.report))
		case !s.silent:
			lines = append(lines, fmt.Sprintf("%s %s %s: still reported at the fix %s (%s); %s", s.half, s.rule, s.id, s.fix, s.atFix, s.report))
		}
	}
	slices.SortFunc(lines, func(a, b string) int { return cmp.Compare(a, b) })
	if len(lines) > 0 {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Misses, findings that stay at the fix, and failed runs:")
		for _, l := range lines {
			fmt.Fprintln(w, "- "+l)
		}
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// atExit releases the run's build cache when check ends the run.
var atExit = func() {}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bugs:", err)
		atExit()
		os.Exit(2)
	}
}
