package driver

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/deletionlint/deletionlint/internal/config"
	"github.com/deletionlint/deletionlint/internal/load"
)

// patternError is a command line whose package patterns match nothing: a
// usage error (exit code 2), one line per pattern saying why.
type patternError struct{ lines []string }

func (e *patternError) Error() string { return strings.Join(e.lines, "\n") }

// badPatterns returns, for each pattern that matched nothing, a line that
// names it and says why, as the go command found: go/packages returns such
// a pattern as a package of its own, with no file and only a listing
// error. dir is the working directory, from which patterns are relative.
func badPatterns(roots []*packages.Package, dir string) []string {
	var lines []string
	seen := make(map[string]bool)
	for _, p := range roots {
		if p.Name != "" || len(p.GoFiles)+len(p.CompiledGoFiles)+len(p.OtherFiles) > 0 || len(p.Errors) == 0 || seen[p.ID] {
			continue
		}
		if slices.ContainsFunc(p.Errors, func(e packages.Error) bool { return e.Kind != packages.ListError || e.Pos != "" }) {
			continue
		}
		seen[p.ID] = true
		lines = append(lines, p.ID+": "+why(p.ID, p.Errors[0].Msg, dir))
	}
	return lines
}

// why turns the go command's reason for a pattern that matched nothing
// into a short one.
func why(pattern, msg, dir string) string {
	msg = strings.TrimPrefix(msg, "pattern "+pattern+": ")
	msg, _, _ = strings.Cut(msg, "\n") // "...; to add it:\n\tgo get ..."
	switch {
	case strings.Contains(msg, "no such file or directory"), strings.HasSuffix(msg, "directory not found"):
		return "no such directory"
	case strings.Contains(msg, "does not contain main module"), strings.Contains(msg, "outside main module"):
		root, ok := config.ModuleRoot(dir)
		if !ok {
			return "not in a Go module (no go.mod here or above): run it in the module's directory"
		}
		return fmt.Sprintf("outside the module at %s: run it in the directory of the module that holds these packages", root)
	}
	return strings.TrimSuffix(msg, "; to add it:")
}

// listError rewords an error of listing the packages: go/packages reports
// a failure of the go command as "err: exit status 1: stderr: go: ...",
// where only the go command's own message matters.
func listError(err error) error {
	if errors.Is(err, load.ErrNoPackages) {
		return &patternError{[]string{err.Error()}}
	}
	msg := err.Error()
	if _, stderr, ok := strings.Cut(msg, "stderr: "); ok && strings.HasPrefix(msg, "err: ") {
		return fmt.Errorf("listing the packages failed: %s", strings.TrimSpace(stderr))
	}
	return err
}
