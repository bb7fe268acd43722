package config

import (
	"fmt"
	"path"
	"strings"
)

// CheckPattern reports whether pattern is a valid exclusion pattern (see
// Excluded).
func CheckPattern(pattern string) error {
	if pattern == "" {
		return fmt.Errorf("empty pattern")
	}
	if path.IsAbs(pattern) || strings.Contains(pattern, `\`) {
		return fmt.Errorf("pattern %q: want a slash-separated path relative to the module root, such as internal/legacy/** or **/zz_generated*.go", pattern)
	}
	for _, seg := range strings.Split(strings.TrimSuffix(pattern, "/"), "/") {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Errorf("pattern %q: malformed glob %q", pattern, seg)
		}
	}
	return nil
}

// Excluded reports whether the file at rel (a slash path relative to the
// module root) is matched by pattern: a slash-separated glob of path.Match
// segments in which "**" stands for any number of directories. A pattern
// matches a file when it matches the file's path or one of the directories
// the file is in, so "internal/legacy" leaves out that whole tree. pattern
// must be valid (CheckPattern).
func Excluded(pattern, rel string) bool {
	pat := strings.Split(strings.TrimSuffix(pattern, "/"), "/")
	name := strings.Split(rel, "/")
	for n := len(name); n > 0; n-- { // the file, then each directory it is in
		if match(pat, name[:n]) {
			return true
		}
	}
	return false
}

// match matches path segments against pattern segments.
func match(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if match(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}
