package rbac

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// A generation is a controller-gen run that a Makefile's recipe makes with
// the rbac generator: it writes a role from the +kubebuilder:rbac markers
// of the packages under its paths only.
type generation struct {
	// dirs are the directories whose packages it reads, each with
	// recursive set for a "/..." pattern; nil when its paths are not known
	// (a make variable, no paths argument): it may read any package.
	dirs []genDir
}

type genDir struct {
	dir       string
	recursive bool
}

// reads reports whether g reads the markers of the package in pkgDir.
func (g generation) reads(pkgDir string) bool {
	if g.dirs == nil {
		return true
	}
	for _, d := range g.dirs {
		if pkgDir == d.dir || d.recursive && within(pkgDir, d.dir) {
			return true
		}
	}
	return false
}

// controllerGen matches a recipe line that runs controller-gen, directly or
// through the make variable kubebuilder's layout names it by.
var controllerGen = regexp.MustCompile(`(?i)controller[-_]gen`)

// pathsArg matches controller-gen's paths argument: paths=./...,
// paths="./api/...;./internal/...".
var pathsArg = regexp.MustCompile(`\bpaths=("[^"]*"|'[^']*'|\S+)`)

// readGenerations records the rbac generations of the Makefile in dir, if
// any.
func (m *Manifests) readGenerations(dir string) {
	data, err := os.ReadFile(filepath.Join(dir, "Makefile"))
	if err != nil || len(data) > maxManifest {
		return
	}
	data = bytes.ReplaceAll(data, []byte("\\\n"), []byte(" ")) // continued lines
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "\t") || !controllerGen.MatchString(line) || !strings.Contains(line, "rbac:") {
			continue
		}
		g := generation{}
		if p := pathsArg.FindStringSubmatch(line); p != nil && !strings.Contains(p[1], "$") {
			for _, pat := range strings.FieldsFunc(strings.Trim(p[1], `"'{}`), func(r rune) bool { return r == ';' || r == ',' }) {
				rel, recursive := strings.CutSuffix(pat, "/...")
				if rel == "..." {
					rel, recursive = ".", true
				}
				g.dirs = append(g.dirs, genDir{filepath.Join(dir, rel), recursive})
			}
		}
		m.generations = append(m.generations, g)
	}
}

// markersDeployed reports whether the +kubebuilder:rbac markers of the
// package in pkgDir become a role: true unless the project's Makefile runs
// controller-gen's rbac generator on paths that leave the package out (the
// markers are then notes, and the roles written by hand are the
// deployment's). A project whose Makefile shows no rbac generation is
// taken to generate from every package, as kubebuilder's layout does.
func (m *Manifests) markersDeployed(pkgDir string) bool {
	if len(m.generations) == 0 {
		return true
	}
	for _, g := range m.generations {
		if g.reads(pkgDir) {
			return true
		}
	}
	return false
}
