package driver

import (
	"fmt"
	"strings"
)

// unifiedDiff returns the changes from old to new of the file name as a
// unified diff with three lines of context. The lines between the first
// and the last change are compared with a longest-common-subsequence table
// when it is small enough (fixes are local); beyond that they are shown as
// replaced, which is still a correct diff.
func unifiedDiff(name string, old, new []byte) string {
	a, b := splitLines(string(old)), splitLines(string(new))
	ops := lineOps(a, b)

	var out strings.Builder
	fmt.Fprintf(&out, "--- %s (old)\n+++ %s (new)\n", name, name)
	const context = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: from context lines before this change to context lines
		// after the last change that is within 2*context of the next.
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		aStart, bStart := ops[start].a, ops[start].b
		var aLen, bLen int
		var body strings.Builder
		for _, op := range ops[start:end] {
			line := op.text
			if !strings.HasSuffix(line, "\n") {
				line += "\n\\ No newline at end of file\n"
			}
			body.WriteByte(op.kind)
			body.WriteString(line)
			if op.kind != '+' {
				aLen++
			}
			if op.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n%s", hunkRange(aStart, aLen), hunkRange(bStart, bLen), body.String())
		i = end
	}
	return out.String()
}

// hunkRange formats a hunk's line range; start is 0-based.
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// A lineOp keeps (' '), deletes ('-') or inserts ('+') one line; a and b
// are the indexes of the line (or of the next line) in the old and new
// text.
type lineOp struct {
	kind byte
	text string
	a, b int
}

func lineOps(a, b []string) []lineOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []lineOp
	for i := range pre {
		ops = append(ops, lineOp{' ', a[i], i, i})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	ops = append(ops, middleOps(ma, mb, pre, pre)...)
	for k := range suf {
		i, j := len(a)-suf+k, len(b)-suf+k
		ops = append(ops, lineOp{' ', a[i], i, j})
	}
	return ops
}

// middleOps diffs a and b, which start at lines a0 and b0.
func middleOps(a, b []string, a0, b0 int) []lineOp {
	var ops []lineOp
	if len(a)*len(b) > 4_000_000 {
		for i, l := range a {
			ops = append(ops, lineOp{'-', l, a0 + i, b0})
		}
		for j, l := range b {
			ops = append(ops, lineOp{'+', l, a0 + len(a), b0 + j})
		}
		return ops
	}
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	w := len(b) + 1
	lcs := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, lineOp{' ', a[i], a0 + i, b0 + j})
			i++
			j++
		case i < len(a) && (j == len(b) || lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
			ops = append(ops, lineOp{'-', a[i], a0 + i, b0 + j})
			i++
		default:
			ops = append(ops, lineOp{'+', b[j], a0 + i, b0 + j})
			j++
		}
	}
	return ops
}

// splitLines splits s after each newline; the last line may lack one.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
