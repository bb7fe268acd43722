// Package validation reads and writes the reviewed expectation files of the
// real-world validation corpus (docs/validation/NAME.txt, see
// docs/validation/README.md), and computes each rule's precision and recall
// over them. make validate (hack/validate) keeps the files current; the
// README's table of rules (internal/rulesdoc) quotes the figures.
package validation

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Verdicts of an entry.
const (
	TP       = "TP"       // a real deletion or self-healing bug or risk
	FP       = "FP"       // the code is correct; kept visible until fixed
	Accepted = "accepted" // true to the rule but narrow
	FN       = "FN"       // a miss found by reading the code
	// Fixed is a former false positive the rule no longer reports: correct
	// code it must keep leaving alone (a finding there again is a
	// regression).
	Fixed      = "fixed"
	Unreviewed = "?"
)

// An Entry is one line of an expectation file:
//
//	VERDICT rule file:line | message | reason
type Entry struct {
	Verdict, Rule, Posn, Message, Reason string
}

// Read parses an expectation file. Lines starting with # are comments.
func Read(path string) ([]Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var es []Entry
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		// The message may contain " | ", the reason must not: split at the last one.
		first, rest, ok1 := strings.Cut(line, " | ")
		i := strings.LastIndex(rest, " | ")
		head := strings.Fields(first)
		if len(head) != 3 || !ok1 || i < 0 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		es = append(es, Entry{Verdict: head[0], Rule: head[1], Posn: head[2], Message: rest[:i], Reason: rest[i+3:]})
	}
	return es, sc.Err()
}

// Write writes es to path under a header naming the project's module and
// version.
func Write(path, module, version string, es []Entry) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s: deletionlint findings, reviewed (see README.md)\n", module, version)
	fmt.Fprintf(&b, "# VERDICT rule file:line | message | reason\n")
	for _, e := range es {
		fmt.Fprintf(&b, "%s %s %s | %s | %s\n", e.Verdict, e.Rule, e.Posn, e.Message, e.Reason)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// Counts are a rule's entries by verdict.
type Counts struct {
	TP, FP, Accepted, FN, Fixed, Unreviewed int
}

// Reviewed counts the entries read by hand: findings, known misses and
// fixed false positives.
func (c Counts) Reviewed() int { return c.TP + c.FP + c.Accepted + c.FN + c.Fixed }

// Add counts e.
func (c *Counts) Add(e Entry) {
	switch e.Verdict {
	case TP:
		c.TP++
	case FP:
		c.FP++
	case Accepted:
		c.Accepted++
	case FN:
		c.FN++
	case Fixed:
		c.Fixed++
	default:
		c.Unreviewed++
	}
}

// Precision is (TP+accepted)/(TP+FP+accepted): the share of the reviewed
// findings that are right. ok is false with no reviewed finding.
func (c Counts) Precision() (p float64, ok bool) {
	return ratio(c.TP+c.Accepted, c.TP+c.FP+c.Accepted)
}

// Recall is (TP+accepted)/(TP+accepted+FN): the share of the known bugs
// that are found. ok is false with none known.
func (c Counts) Recall() (r float64, ok bool) {
	return ratio(c.TP+c.Accepted, c.TP+c.Accepted+c.FN)
}

func ratio(a, b int) (float64, bool) {
	if b == 0 {
		return 0, false
	}
	return float64(a) / float64(b), true
}

// Percent formats a ratio as a whole percentage, "-" when not ok.
func Percent(r float64, ok bool) string {
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*r)
}

// Corpus reads every expectation file (*.txt) of dir and counts its
// entries by rule.
func Corpus(dir string) (map[string]*Counts, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	counts := make(map[string]*Counts)
	for _, f := range files {
		if filepath.Base(f) == "projects.txt" {
			continue
		}
		es, err := Read(f)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			c := counts[e.Rule]
			if c == nil {
				c = new(Counts)
				counts[e.Rule] = c
			}
			c.Add(e)
		}
	}
	return counts, nil
}
