// Package posn carries source positions across packages in facts.
//
// A token.Pos means something only in the file set of the pass that made
// it: go vet analyses each package with a file set of its own, and a
// fact's positions reach the next package as file:line:col text. Pos turns
// such text back into a token.Pos of the reading pass's file set, so that
// a finding can name, as related information, a line of a package that
// the pass did not parse.
package posn

import (
	"go/token"
	"strconv"
	"strings"
)

// String returns pos of fset as a fact carries it: file:line:col, or ""
// for a position that is not valid.
func String(fset *token.FileSet, pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	return fset.Position(pos).String()
}

// Pos returns the position in fset of s, a file:line:col (or file:line)
// position made by String. When fset holds the file, as when the driver
// parsed every package into one file set, it is that file's position;
// when fset holds no file of that name with that line and column, a file
// of that name is added whose lines say nothing but where they are, as
// the importer of export data does for the declarations it reads. It
// returns token.NoPos when s is no position.
func Pos(fset *token.FileSet, s string) token.Pos {
	name, line, col, ok := parse(s)
	if !ok {
		return token.NoPos
	}
	var found *token.File
	fset.Iterate(func(f *token.File) bool {
		if f.Name() == name && line <= f.LineCount() {
			found = f
			return false
		}
		return true
	})
	if found != nil {
		start := found.LineStart(line)
		end := found.Base() + found.Size()
		if line < found.LineCount() {
			end = int(found.LineStart(line + 1))
		}
		if p := int(start) + col - 1; p < end {
			return token.Pos(p)
		}
		// A line shorter than the column: the importer's stand-in for
		// the file, whose lines are one byte each. A file of our own
		// keeps the column, so that every driver prints one position.
	}
	// One byte a line before the line, and the column's width on it.
	f := fset.AddFile(name, -1, line-1+col)
	lines := make([]int, line)
	for i := range lines {
		lines[i] = i
	}
	f.SetLines(lines)
	return f.LineStart(line) + token.Pos(col-1)
}

// parse splits file:line:col (or file:line); the file name may hold
// colons.
func parse(s string) (name string, line, col int, ok bool) {
	name, last, ok := cut(s)
	if !ok {
		return "", 0, 0, false
	}
	if n, rest, ok := cut(name); ok {
		return n, rest, last, rest > 0 && last > 0
	}
	return name, last, 1, last > 0
}

// cut splits s at its last colon into what precedes it and the number
// that follows.
func cut(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i <= 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil {
		return "", 0, false
	}
	return s[:i], n, true
}
