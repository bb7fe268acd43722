package rbac

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Helm charts often keep a role's rules in a named template
// ({{- define "op.rules" }} in _helpers.tpl) that the role's template
// includes ({{ include "op.rules" . | nindent 2 }}, or template): the
// rules of a chart's role are then those of the templates it includes,
// transitively. Others print them from a file of the chart
// ({{ range .Files.Lines "config/rbac/role.yaml" }}, .Files.Get,
// .Files.Glob): a copy of the role controller-gen writes, whose rules are
// then the template's.

// templateAction matches a template action, across lines (comments).
var templateAction = regexp.MustCompile(`(?s)\{\{-?\s*(.*?)\s*-?\}\}`)

// includeAction matches the name of a named template an action includes.
var includeAction = regexp.MustCompile(`\{\{-?\s*(?:include|template)\s+"([^"]+)"`)

// filesAction matches the chart file (or glob) a template reads.
var filesAction = regexp.MustCompile(`\.Files\.(?:Get|Lines|Glob)\s+"([^"]+)"`)

// helmTemplates are the named templates of a chart's templates.
type helmTemplates struct {
	// bodies maps a template's name to its body.
	bodies map[string][]byte
	// includes maps a directory of roles to the templates its role
	// templates include, in the order found; files, to the chart files
	// (paths or globs, from the chart's directory) they read.
	includes map[string][]string
	files    map[string][]string
}

// A namedTemplate is a {{ define "name" }} ... {{ end }} of a file: the
// name, its body (data[body[0]:body[1]]) and the whole of it, the define
// and end actions included (data[span[0]:span[1]]).
type namedTemplate struct {
	name       string
	body, span [2]int
}

// namedTemplates returns the named templates data defines.
func namedTemplates(data []byte) []namedTemplate {
	if !bytes.Contains(data, []byte("define")) {
		return nil
	}
	var out []namedTemplate
	depth, cur := 0, namedTemplate{}
	for _, m := range templateAction.FindAllSubmatchIndex(data, -1) {
		words := strings.Fields(string(data[m[2]:m[3]]))
		if len(words) == 0 {
			continue
		}
		switch words[0] {
		case "define":
			if depth == 0 && len(words) > 1 {
				cur = namedTemplate{name: strings.Trim(words[1], `"`), body: [2]int{m[1], 0}, span: [2]int{m[0], 0}}
			}
			depth++
		case "if", "range", "with", "block":
			if depth > 0 {
				depth++
			}
		case "end":
			if depth == 0 {
				continue
			}
			if depth--; depth == 0 && cur.name != "" {
				cur.body[1], cur.span[1] = m[0], m[1]
				out = append(out, cur)
				cur = namedTemplate{}
			}
		}
	}
	return out
}

// readDefines records the named templates that data defines.
func (h *helmTemplates) readDefines(data []byte) {
	for _, t := range namedTemplates(data) {
		if h.bodies == nil {
			h.bodies = make(map[string][]byte)
		}
		h.bodies[t.name] = data[t.body[0]:t.body[1]]
	}
}

// outsideDefines returns data with its named templates blanked (line
// breaks kept): what the file renders by itself. A role inside a named
// template is deployed where a chart includes it (see addIncluded), not
// where it is defined: a library chart deploys nothing of its own.
func outsideDefines(data []byte) []byte {
	ts := namedTemplates(data)
	if len(ts) == 0 {
		return data
	}
	out := bytes.Clone(data)
	for _, t := range ts {
		for i := t.span[0]; i < t.span[1]; i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	return out
}

// readIncludes records the named templates a role template in dir
// includes, and the chart files it reads.
func (h *helmTemplates) readIncludes(dir string, data []byte) {
	add := func(m *map[string][]string, name string) {
		if *m == nil {
			*m = make(map[string][]string)
		}
		if !slices.Contains((*m)[dir], name) {
			(*m)[dir] = append((*m)[dir], name)
		}
	}
	for _, m := range includeAction.FindAllSubmatch(data, -1) {
		add(&h.includes, string(m[1]))
	}
	for _, m := range filesAction.FindAllSubmatch(data, -1) {
		add(&h.files, string(m[1]))
	}
}

// fileRules returns the rules of the roles in the files of the chart of
// the templates in dir that pattern names.
func fileRules(dir, pattern string) []Rule {
	chart, ok := chartOf(dir)
	if !ok || !filepath.IsLocal(pattern) {
		return nil
	}
	paths, _ := filepath.Glob(filepath.Join(chart, pattern))
	var out []Rule
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		roles, err := parseRoles(data)
		if err != nil {
			roles, _ = parseRoles(untemplate(data))
		}
		for _, r := range roles {
			out = append(out, r.rules...)
		}
	}
	return out
}

// rules returns the rules of the named template and of those it includes,
// read as a YAML list of rules once its actions are blanked; a template
// that is not such a list (labels, names) has none.
func (h *helmTemplates) rules(name string, seen map[string]bool) []Rule {
	body, ok := h.bodies[name]
	if !ok || seen[name] {
		return nil
	}
	seen[name] = true
	var out []Rule
	var list []policyRule
	if yaml.Unmarshal(untemplate(body), &list) == nil {
		for _, r := range list {
			if len(r.Resources) > 0 {
				out = append(out, r.rule())
			}
		}
	}
	for _, m := range includeAction.FindAllSubmatch(body, -1) {
		out = append(out, h.rules(string(m[1]), seen)...)
	}
	return out
}

// addIncluded adds to the roles of each directory the rules of the named
// templates its role templates include and of the chart files they read.
func (m *Manifests) addIncluded() {
	add := func(dir string, rs []Rule) {
		m.rules = append(m.rules, rs...)
		if len(rs) > 0 {
			if m.units == nil {
				m.units = make(map[string][]Rule)
			}
			m.units[dir] = append(m.units[dir], rs...)
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(m.helm.includes)) {
		seen := make(map[string]bool)
		for _, name := range m.helm.includes[dir] {
			add(dir, m.helm.rules(name, seen))
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(m.helm.files)) {
		for _, pattern := range m.helm.files[dir] {
			add(dir, fileRules(dir, pattern))
		}
	}
}
