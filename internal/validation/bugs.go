package validation

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
)

// Halves of the benchmark of reported bugs (hack/bugs): Tune, which rule
// work may read, and HeldOut, which it may not.
const (
	Tune    = 0
	HeldOut = 1
)

// BugCounts are one rule's results on the benchmark of reported bugs, per
// half (Tune, HeldOut).
type BugCounts struct {
	Bugs, Caught, Silent, Errors [2]int
}

// Add adds o's counts to c's.
func (c *BugCounts) Add(o BugCounts) {
	for h := range 2 {
		c.Bugs[h] += o.Bugs[h]
		c.Caught[h] += o.Caught[h]
		c.Silent[h] += o.Silent[h]
		c.Errors[h] += o.Errors[h]
	}
}

// Recall returns caught / bugs of both halves together.
func (c BugCounts) Recall() (float64, bool) {
	return ratio(c.Caught[0]+c.Caught[1], c.Bugs[0]+c.Bugs[1])
}

// ReadBugResults reads the results make bugs writes (hack/bugs/results.txt):
// a line per rule, "rule tune-bugs tune-caught tune-silent tune-errors
// held-out-bugs held-out-caught held-out-silent held-out-errors". No file
// is no results.
func ReadBugResults(path string) (map[string]*BugCounts, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]*BugCounts{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]*BugCounts{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		var c BugCounts
		var rule string
		n, err := fmt.Sscanf(line, "%s %d %d %d %d %d %d %d %d", &rule,
			&c.Bugs[0], &c.Caught[0], &c.Silent[0], &c.Errors[0], &c.Bugs[1], &c.Caught[1], &c.Silent[1], &c.Errors[1])
		if err != nil || n != 9 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		out[rule] = &c
	}
	return out, nil
}

// WriteBugResults writes results as ReadBugResults reads them.
func WriteBugResults(path string, results map[string]*BugCounts) error {
	var b bytes.Buffer
	b.WriteString("# Results of make bugs (hack/bugs): per rule, the tune half's bugs, caught, silent at the fix and failed runs,\n")
	b.WriteString("# then the held-out half's. Written by make bugs; read by make docs for the README's table.\n")
	for _, rule := range slices.Sorted(maps.Keys(results)) {
		c := results[rule]
		fmt.Fprintf(&b, "%s %d %d %d %d %d %d %d %d\n", rule,
			c.Bugs[0], c.Caught[0], c.Silent[0], c.Errors[0], c.Bugs[1], c.Caught[1], c.Silent[1], c.Errors[1])
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
