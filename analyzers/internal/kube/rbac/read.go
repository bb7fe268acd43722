package rbac

import (
	"bytes"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// reads caches the manifests read for each set of paths: the packages of a
// repository share one walk.
var reads sync.Map // key (see Of) -> *readOnce

type readOnce struct {
	once sync.Once
	m    *Manifests
}

// Of returns the manifests of the package in dir: those under the
// paths of the roles setting (relative to the package's module root) when
// it is set, else those of the package's repository (see repositoryOf).
// Empty when there is none, or no module around dir.
func Of(dir string, roles []string) *Manifests {
	module := ""
	if gomod := lint.GoMod(dir); gomod != "" {
		module = filepath.Dir(gomod)
	}
	var paths []string
	switch {
	case len(roles) > 0:
		for _, r := range roles {
			if !filepath.IsAbs(r) && module != "" {
				r = filepath.Join(module, r)
			}
			paths = append(paths, r)
		}
	case module != "":
		paths = []string{repositoryOf(module)}
	default:
		return new(Manifests)
	}
	key := module + "\x00" + strings.Join(paths, "\x00")
	v, _ := reads.LoadOrStore(key, new(readOnce))
	ro := v.(*readOnce)
	ro.once.Do(func() {
		ro.m = &Manifests{root: paths[0], mentions: make(map[string]bool), plurals: make(map[string]string), programs: make(map[string]string)}
		for _, p := range paths {
			ro.m.read(p, module)
		}
		ro.m.readSnapshots()
		ro.m.readGenerations(module)
		if repo := repositoryOf(module); repo != module && len(roles) == 0 {
			ro.m.readGenerations(repo)
		}
		ro.m.placeRoles()
		ro.m.addIncluded()
		ro.m.deployments = append(ro.m.kustomize.deployed(ro.m.units), charts(ro.m.units)...)
	})
	return ro.m
}

// repositoryOf returns the root of the repository that holds the module
// rooted at module: the nearest directory at or above it with a .git
// entry, or the module itself when there is none (a module as the proxy
// serves it). Deployed roles often live beside the module (a Helm chart
// at the root of a repository whose Go module is a subdirectory).
func repositoryOf(module string) string {
	for d := module; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return module
		}
		d = parent
	}
}

// Fingerprint describes, by name, size and modification time, the files
// Of reads by default for the packages of the module around dir, so that a
// driver that caches results by the packages' inputs (go vet keys its
// cache on the tool's -V=full line) sees an edit of them. Empty when dir
// is in no module.
func Fingerprint(dir string) []byte {
	gomod := lint.GoMod(dir)
	if gomod == "" {
		return nil
	}
	module := filepath.Dir(gomod)
	var b bytes.Buffer
	walkManifests(repositoryOf(module), module, func(path string, info fs.FileInfo) {
		fmt.Fprintf(&b, "%s %d %d\n", path, info.Size(), info.ModTime().UnixNano())
	})
	for _, dir := range []string{module, repositoryOf(module)} {
		// The Makefiles whose rbac generations readGenerations reads.
		path := filepath.Join(dir, "Makefile")
		if info, err := os.Stat(path); err == nil {
			fmt.Fprintf(&b, "%s %d %d\n", path, info.Size(), info.ModTime().UnixNano())
		}
	}
	return b.Bytes()
}

// skipDir reports whether the manifests under a directory of that name are
// not the controller's: tests, examples, documentation, dependencies.
func skipDir(name string) bool {
	switch name {
	case "vendor", "node_modules", "third_party", "examples", "docs", "hack":
		return true
	}
	return recognize.TestSupport(name) || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// maxManifest bounds the size of the files read: RBAC manifests are small;
// the large YAML files of a module are its CRDs.
const maxManifest = 1 << 20

// action matches a template action, {{ ... }}.
var action = regexp.MustCompile(`\{\{.*?\}\}`)

// untemplate drops the lines of data that hold only template actions
// ({{- if .Values.rbac.create }}) and turns the other actions into a word,
// so that a Helm template of a Role reads as YAML.
func untemplate(data []byte) []byte {
	var out [][]byte
	inElse := false // the else branch of an if: the if branch is kept
	for _, line := range bytes.Split(data, []byte("\n")) {
		if t := bytes.TrimSpace(line); len(action.ReplaceAll(t, nil)) == 0 && len(t) > 0 {
			word := strings.Fields(strings.Trim(string(t), "{}- "))
			switch {
			case len(word) > 0 && word[0] == "else":
				inElse = true
			case len(word) > 0 && word[0] == "end":
				inElse = false
			}
			continue
		}
		if inElse {
			continue
		}
		out = append(out, action.ReplaceAll(line, []byte("x")))
	}
	return bytes.Join(out, []byte("\n"))
}

// roleKind reports whether data has the kind line of a Role or ClusterRole
// document.
func roleKind(data []byte) bool { return hasLine(data, true, "kind", "Role", "ClusterRole") }

// finalizersMention matches a resource's finalizers subresource in text.
var finalizersMention = regexp.MustCompile(`(?:[a-z0-9][a-z0-9.-]*|\*)/finalizers\b`)

// walkManifests calls visit for each .yaml, .yml and .tpl file of at most
// maxManifest bytes under root (a file or a directory), except in the
// directories skipDir names and in Go modules other than the one rooted at
// module; the directories on the way to module are always entered.
func walkManifests(root, module string, visit func(path string, info fs.FileInfo)) {
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: not seen
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if within(module, path) {
				return nil // on the way to the package's own module
			}
			if skipDir(name) || pastRelease(path) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
			return nil
		}
		ext := filepath.Ext(name)
		if ext != ".yaml" && ext != ".yml" && ext != ".tpl" {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() <= maxManifest {
			visit(path, info)
		}
		return nil
	})
}

// releaseDir matches a directory named for a release: v1.2.3, 1.2, v0.10,
// v0.11.0-rc0.
var releaseDir = regexp.MustCompile(`^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?$`)

// pastRelease reports whether dir is named for a release older than the
// release one of its sibling directories is named for: install/v0.10.0
// beside install/v0.11.0 holds the manifests of a past release, kept for
// its users, not those the code being analysed is deployed with.
func pastRelease(dir string) bool {
	v, ok := parseRelease(filepath.Base(dir))
	if !ok {
		return false
	}
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		return false
	}
	for _, e := range entries {
		if w, ok := parseRelease(e.Name()); ok && e.IsDir() && w.compare(v) > 0 {
			return true
		}
	}
	return false
}

// A release is the version a directory's name gives.
type release struct {
	nums []int
	pre  string // the pre-release suffix (rc0), or ""
}

// parseRelease returns the release a directory's name gives.
func parseRelease(name string) (release, bool) {
	m := releaseDir.FindStringSubmatch(name)
	if m == nil {
		return release{}, false
	}
	var r release
	for _, part := range m[1:4] {
		n, _ := strconv.Atoi(part) // "" (no patch number) is 0
		r.nums = append(r.nums, n)
	}
	r.pre = m[4]
	return r, true
}

// compare orders releases as semantic versions do: by their numbers, then
// a pre-release before its release.
func (r release) compare(o release) int {
	if c := slices.Compare(r.nums, o.nums); c != 0 {
		return c
	}
	switch {
	case r.pre == o.pre:
		return 0
	case r.pre == "":
		return 1
	case o.pre == "":
		return -1
	}
	return strings.Compare(r.pre, o.pre)
}

// within reports whether path is dir or a directory below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// crdKind reports whether data has the kind line of a
// CustomResourceDefinition document.
func crdKind(data []byte) bool { return hasLine(data, false, "kind", "CustomResourceDefinition") }

// read adds the manifests under root to m; release snapshots under it are
// kept for readSnapshots, but for root itself (a file the roles setting
// names).
func (m *Manifests) read(root, module string) {
	walkManifests(root, module, func(path string, _ fs.FileInfo) {
		if r, ok := parseRelease(strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))); ok && path != root {
			dir := filepath.Dir(path)
			if s, seen := m.snapshots[dir]; !seen || r.compare(s.rel) > 0 {
				if m.snapshots == nil {
					m.snapshots = make(map[string]snapshot)
				}
				m.snapshots[dir] = snapshot{path, r}
			}
			return
		}
		m.readFile(path)
	})
}

// readSnapshots reads the newest release snapshot of each directory when no
// other file holds a role. Files named for releases (alpha-releases/
// v0.19.0-alpha.9.yml) are what past releases were published with, kept
// for their users: where the tree has roles of its own, those are what its
// code is deployed with; where it has none, its newest snapshots are.
func (m *Manifests) readSnapshots() {
	if len(m.roles) > 0 {
		return
	}
	for _, dir := range slices.Sorted(maps.Keys(m.snapshots)) {
		m.readFile(m.snapshots[dir].path)
	}
}

// readFile adds the manifests of the file at path to m.
func (m *Manifests) readFile(path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	if crdKind(data) {
		m.readCRDs(data)
	}
	if isKustomization(filepath.Base(path)) {
		m.kustomize.read(path, data)
		return
	}
	m.helm.readDefines(data)
	m.readRoles(path, data)
}

// readCRDs records the plurals of the CustomResourceDefinitions of a YAML
// stream. It decodes the stream less the CRDs' schemas (see withoutSchemas),
// and the whole stream only when that is not YAML to its end.
func (m *Manifests) readCRDs(data []byte) {
	if !m.decodeCRDs(withoutSchemas(data)) {
		m.decodeCRDs(data)
	}
}

// decodeCRDs records the plurals of the CustomResourceDefinitions of a YAML
// stream, and reports whether it is YAML to its end.
func (m *Manifests) decodeCRDs(data []byte) bool {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc struct {
			Kind string `yaml:"kind"`
			Spec struct {
				Group string `yaml:"group"`
				Names struct {
					Kind   string `yaml:"kind"`
					Plural string `yaml:"plural"`
				} `yaml:"names"`
			} `yaml:"spec"`
		}
		if err := dec.Decode(&doc); err != nil {
			return err == io.EOF // the end, or not YAML
		}
		if n := doc.Spec.Names; doc.Kind == "CustomResourceDefinition" && n.Kind != "" && n.Plural != "" {
			m.plurals[doc.Spec.Group+"/"+n.Kind] = n.Plural
		}
	}
}

// readRoles adds the rules of the Role and ClusterRole documents of the
// file at path and the finalizers its templates name.
func (m *Manifests) readRoles(path string, data []byte) {
	role := roleKind(data)
	if clusterAdminBinding(data) && bindsClusterAdmin(untemplate(data)) {
		// The built-in ClusterRole cluster-admin, which no manifest
		// defines, bound cluster-wide: read as if the file defined it.
		role, data = true, slices.Concat(data, []byte("\n---\n"+clusterAdmin))
	}
	if !role && !bytes.Contains(data, []byte("/finalizers")) {
		return // most YAML: CRDs, samples, kustomizations
	}
	own := outsideDefines(data)
	if role && !roleKind(own) {
		// Roles only in named templates: deployed where included.
		role = false
	}
	if role {
		data := own
		roles, err := parseRoles(data)
		if err != nil {
			// A Helm template: YAML once its actions are blanked, one
			// document at a time (both branches of an if/else remain).
			roles, err = nil, nil
			for _, doc := range bytes.Split(untemplate(data), []byte("\n---")) {
				if r, err := parseRoles(doc); err == nil {
					roles = append(roles, r...)
				}
			}
		}
		if err == nil {
			dir := filepath.Dir(path)
			m.helm.readIncludes(dir, data)
			if m.units == nil {
				m.units = make(map[string][]Rule)
			}
			if _, ok := m.units[dir]; !ok {
				if prog, ok := programOf(dir, m.root); ok {
					m.programs[dir] = prog
				}
				m.units[dir] = nil
			}
			for _, r := range roles {
				m.roles = append(m.roles, placedRole{dir, path, r})
			}
			if filepath.Ext(path) != ".tpl" {
				return
			}
		}
	}
	for _, r := range finalizersMention.FindAll(data, -1) {
		m.mentions[string(r)] = true
	}
}

// clusterAdminBinding reports whether a YAML stream may bind
// cluster-admin.
func clusterAdminBinding(data []byte) bool { return hasLine(data, true, "name", "cluster-admin") }

// clusterAdmin is the built-in ClusterRole cluster-admin, as a manifest.
const clusterAdmin = "kind: ClusterRole\nmetadata:\n  name: cluster-admin\nrules:\n- apiGroups: ['*']\n  resources: ['*']\n  verbs: ['*']\n"

// bindsClusterAdmin reports whether a YAML stream holds a
// ClusterRoleBinding to the ClusterRole cluster-admin: its subjects may do
// anything anywhere. A RoleBinding to it grants it in one namespace only,
// and is not counted.
func bindsClusterAdmin(data []byte) bool {
	for _, doc := range bytes.Split(data, []byte("\n---")) {
		var b struct {
			Kind    string `yaml:"kind"`
			RoleRef struct {
				Kind string `yaml:"kind"`
				Name string `yaml:"name"`
			} `yaml:"roleRef"`
		}
		if yaml.Unmarshal(doc, &b) == nil && b.Kind == "ClusterRoleBinding" && b.RoleRef.Kind == "ClusterRole" && b.RoleRef.Name == "cluster-admin" {
			return true
		}
	}
	return false
}

// programOf returns the directory of the main package that dir lies in
// or below, up to root (exclusive): roles kept beside a program's source
// are for that program's service account.
func programOf(dir, root string) (string, bool) {
	for d := dir; within(d, root) && d != root; d = filepath.Dir(d) {
		if isMain(d) {
			return d, true
		}
	}
	return "", false
}

// isMain reports whether dir holds the Go files of a main package.
func isMain(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.PackageClauseOnly)
		if err == nil {
			return f.Name.Name == "main"
		}
	}
	return false
}

// parseRoles reads the Role and ClusterRole documents of a YAML stream;
// an error means the stream is not YAML (a template).
func parseRoles(data []byte) ([]role, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var roles []role
	for {
		var doc struct {
			Kind  string       `yaml:"kind"`
			Rules []policyRule `yaml:"rules"`
			// Nodes, decoded apart: a Helm template's
			// labels: x (once untemplated) must not lose the
			// document's rules.
			Metadata        yaml.Node `yaml:"metadata"`
			AggregationRule yaml.Node `yaml:"aggregationRule"`
		}
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return roles, nil
		}
		if err != nil {
			return nil, err
		}
		if doc.Kind != "Role" && doc.Kind != "ClusterRole" {
			continue
		}
		var meta struct {
			Labels map[string]string `yaml:"labels"`
		}
		var agg struct {
			ClusterRoleSelectors []struct {
				MatchLabels map[string]string `yaml:"matchLabels"`
			} `yaml:"clusterRoleSelectors"`
		}
		_ = doc.Metadata.Decode(&meta) // not a mapping: no labels
		_ = doc.AggregationRule.Decode(&agg)
		r := role{labels: meta.Labels}
		for _, pr := range doc.Rules {
			r.rules = append(r.rules, pr.rule())
		}
		for _, sel := range agg.ClusterRoleSelectors {
			if len(sel.MatchLabels) > 0 {
				r.selectors = append(r.selectors, sel.MatchLabels)
			}
		}
		roles = append(roles, r)
	}
}
