package finalizersrbac

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
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

// rule is one RBAC policy rule: a +kubebuilder:rbac marker or a rule of a
// Role or ClusterRole manifest.
type rule struct {
	groups, resources, verbs []string
}

// policyRule is a rule of a Role or ClusterRole manifest, as YAML holds it.
type policyRule struct {
	APIGroups []string `yaml:"apiGroups"`
	Resources []string `yaml:"resources"`
	Verbs     []string `yaml:"verbs"`
}

// rule returns the policy rule r holds.
func (r policyRule) rule() rule {
	return rule{groups: r.APIGroups, resources: r.Resources, verbs: r.Verbs}
}

// grants reports whether r lets a client update the finalizers of o.
func (r rule) grants(o owner) bool {
	if !slices.Contains(r.verbs, "update") && !slices.Contains(r.verbs, "*") {
		return false
	}
	if o.grouped && !slices.Contains(r.groups, o.group) && !slices.Contains(r.groups, "*") && (o.group != "" || !slices.Contains(r.groups, "core")) {
		return false
	}
	return slices.Contains(r.resources, o.plural+"/finalizers") || slices.Contains(r.resources, "*/finalizers") || slices.Contains(r.resources, "*")
}

// allows reports whether r grants verb on resource in group.
func (r rule) allows(group, resource, verb string) bool {
	in := func(list []string, v string) bool { return slices.Contains(list, v) || slices.Contains(list, "*") }
	return in(r.groups, group) && in(r.resources, resource) && in(r.verbs, verb)
}

// grantsSomeFinalizers reports whether r lets a client update the
// finalizers of some resource: without one such rule, a blocking reference
// to any owner is rejected, whatever its kind.
func (r rule) grantsSomeFinalizers() bool {
	if !slices.Contains(r.verbs, "update") && !slices.Contains(r.verbs, "*") {
		return false
	}
	return slices.ContainsFunc(r.resources, func(res string) bool { return res == "*" || strings.HasSuffix(res, "/finalizers") })
}

// names reports whether r is about o's resource itself, so that its groups
// are o's group.
func (r rule) names(o owner) bool {
	return slices.Contains(r.resources, o.plural) && len(r.groups) > 0
}

// namesOwner reports whether r lets a client write o's resource itself
// (update, patch or *) in o's group (any group when it is not known): r is
// part of a role of a controller that manages o, not of a component that
// only reads it (a proxy, a scaler, a viewer role).
func (r rule) namesOwner(o owner) bool {
	if !slices.Contains(r.resources, o.plural) {
		return false
	}
	if !slices.Contains(r.verbs, "update") && !slices.Contains(r.verbs, "patch") && !slices.Contains(r.verbs, "*") {
		return false
	}
	return !o.grouped || slices.Contains(r.groups, o.group) || slices.Contains(r.groups, "*") || (o.group == "" && slices.Contains(r.groups, "core"))
}

// manifests is what the RBAC manifests the rule reads grant: the rules of
// their Role and ClusterRole documents, and the <resource>/finalizers their
// templates name (a Helm chart's templates are not YAML until rendered);
// and the resource names their CustomResourceDefinitions declare.
type manifests struct {
	// root is the directory read (the repository, or the roles setting's
	// first path), for messages.
	root     string
	rules    []rule
	mentions map[string]bool
	// plurals maps "group/Kind" to the plural a CRD declares.
	plurals map[string]string
	// units are the rules of the roles of each directory: a deployment
	// of the controller (config/rbac, a Helm chart's templates, deploy/),
	// whose roles must grant what the controller needs.
	units map[string][]rule
	// programs maps a directory of units to the directory of the main
	// package it lies in or below (cmd/importer for
	// cmd/importer/deploy), when there is one: those roles are that
	// program's, not the controller's.
	programs map[string]string
	// helm are the named templates of Helm charts, whose rules count as
	// those of the roles that include them.
	helm helmTemplates
	// roles are the roles read, placed in units by placeRoles once all
	// are read (an aggregated role's rules are those of the roles it
	// selects, wherever they are).
	roles []placedRole
	// kustomize are the kustomization files read, and deployments the
	// directories of units each deploys together (see
	// kustomizations.deployed).
	kustomize   kustomizations
	deployments [][]string
	// generations are the rbac generations of the project's Makefiles
	// (see markersDeployed).
	generations []generation
	// snapshots are, by directory, the newest file named for a release
	// (see readSnapshots).
	snapshots map[string]snapshot
}

// A snapshot is a manifest file named for a release (v0.20.0-rc.1.yml):
// what that release was published with.
type snapshot struct {
	path string
	rel  release
}

// seen reports whether the manifests declare any permission at all.
func (m *manifests) seen() bool { return len(m.rules) > 0 || len(m.mentions) > 0 }

// grantsSomeFinalizers reports whether the manifests let a client update
// the finalizers of some resource (see rule.grantsSomeFinalizers).
func (m *manifests) grantsSomeFinalizers() bool {
	return slices.ContainsFunc(m.rules, rule.grantsSomeFinalizers) || len(m.mentions) > 0
}

// plural returns the resource name a CRD of the manifests declares for
// kind in group.
func (m *manifests) plural(group, kind string) (string, bool) {
	p, ok := m.plurals[group+"/"+kind]
	return p, ok
}

// rolePlural returns the resource name that a rule of rules or of the
// manifests gives, in o's group, to o's derived plural spelt otherwise
// (network-attachment-definitions for networkattachmentdefinitions): a
// kind of another project, whose CRD is not in the repository, is named
// as the roles that already read it name it. It returns false when no
// rule names one, or two rules name it differently.
func (m *manifests) rolePlural(o owner, rules []rule) (string, bool) {
	squash := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '-' || r == '_' || r == '.' {
				return -1
			}
			return r
		}, strings.ToLower(s))
	}
	want := squash(o.plural)
	found := ""
	for _, r := range slices.Concat(rules, m.rules) {
		if !slices.Contains(r.groups, o.group) {
			continue
		}
		for _, res := range r.resources {
			res, _, _ = strings.Cut(res, "/")
			if res == o.plural || squash(res) != want {
				continue
			}
			if found != "" && found != res {
				return "", false
			}
			found = res
		}
	}
	return found, found != ""
}

// grants reports whether the manifests let a client update the finalizers
// of o.
func (m *manifests) grants(o owner) bool {
	return slices.ContainsFunc(m.rules, func(r rule) bool { return r.grants(o) }) ||
		m.mentions[o.plural+"/finalizers"] || m.mentions["*/finalizers"]
}

// missing reports whether the controller may not update o's finalizers as
// markers (the package's +kubebuilder:rbac markers) and the manifests
// grant, and where: each set of roles that may write o's resource
// (the markers, the roles of one directory: config/rbac, a Helm chart's
// templates, deploy/) must grant its finalizers too, since each is one way
// the controller is deployed; when none names the resource, a grant
// anywhere will do. A role generated from all the module's markers (see
// generatedFrom) stands for the markers of the packages not analysed here;
// the roles of another program (see programOf) do not apply to the
// package in pkgDir; roles a kustomization or a chart deploys beside roles that grant
// it are another component's (see kustomizations). The gap says where
// the grant goes.
func (m *manifests) missing(o owner, markers []rule, pkgDir string) (bool, gap) {
	deployed := m.markersDeployed(pkgDir)
	if !deployed {
		markers = nil // notes: no role is written from them
	}
	// generatedFrom: whether controller-gen writes dir's roles from the
	// markers, which it does not when they are notes.
	generatedFrom := func(dir string) bool { return deployed && m.generatedFrom(dir, markers) }
	grants := func(rs []rule) bool { return slices.ContainsFunc(rs, func(r rule) bool { return r.grants(o) }) }
	names := func(rs []rule) bool { return slices.ContainsFunc(rs, func(r rule) bool { return r.namesOwner(o) }) }
	var dirs []string
	for _, dir := range slices.Sorted(maps.Keys(m.units)) {
		if prog, ok := m.programs[dir]; ok && !within(pkgDir, prog) {
			continue // another program's roles (a tool beside the controller)
		}
		dirs = append(dirs, dir)
	}
	named := names(markers)
	fromMarkers := slices.DeleteFunc(slices.Clone(dirs), func(dir string) bool { return !generatedFrom(dir) })
	// The API server checks the grant only where the admission plugin
	// OwnerReferencesPermissionEnforcement is on: OpenShift turns it on,
	// other distributions leave it off unless a cluster's administrator
	// adds it. When the roles kept for OpenShift grant it, those for
	// other platforms (and the markers) need not.
	onOpenShift := slices.ContainsFunc(dirs, func(dir string) bool { return m.forOpenShift(dir) && grants(m.units[dir]) })
	// The markers are one way the controller is deployed when
	// controller-gen writes roles from them, or when there are no roles
	// yet (make manifests not run); roles all written by hand (a Helm
	// chart) leave markers as notes that deploy nothing.
	if named && !grants(markers) && !onOpenShift && (len(dirs) == 0 || len(fromMarkers) > 0) {
		// The package's markers are not all of the module's: a role
		// controller-gen wrote from all of them may grant it.
		if !slices.ContainsFunc(fromMarkers, func(dir string) bool { return grants(m.units[dir]) }) {
			return true, gap{}
		}
	}
	for _, dir := range dirs {
		rs := m.units[dir]
		if !names(rs) {
			continue
		}
		named = true
		switch {
		case grants(rs):
		case onOpenShift && !m.forOpenShift(dir):
		case generatedFrom(dir):
			// controller-gen writes it from the markers: one of them
			// granting it is enough (make manifests not run yet), and
			// the fix is a marker.
			if !grants(markers) {
				return true, gap{}
			}
		case m.grantedBeside(dir, dirs, grants):
			// Another component's roles, or users': the
			// controller's are deployed with them.
		default:
			return true, gap{dirs: []string{m.rel(dir)}, names: true}
		}
	}
	if named || grants(markers) || m.grants(o) {
		return false, gap{}
	}
	if len(dirs) > 0 && len(fromMarkers) == 0 {
		// Roles all written by hand, none of which names the owner's
		// resource (a controller that only reads its owners): the
		// grant goes into them, not into a marker.
		g := gap{}
		for _, dir := range dirs {
			g.dirs = append(g.dirs, m.rel(dir))
		}
		return true, g
	}
	return true, gap{}
}

// forOpenShift reports whether the roles of dir are kept for OpenShift: a
// directory below the manifests' root named for it (deploy/openshift,
// config/rbac/openshift/namespaced, an okd overlay).
func (m *manifests) forOpenShift(dir string) bool {
	for _, part := range strings.Split(filepath.ToSlash(m.rel(dir)), "/") {
		part = strings.ToLower(part)
		if strings.Contains(part, "openshift") || part == "okd" || part == "ocp" {
			return true
		}
	}
	return false
}

// A gap is where a missing grant goes: a +kubebuilder:rbac marker when
// dirs is empty, else the roles of dirs (relative to the manifests'
// root), which name the owner's resource but not its finalizers when names
// is set.
type gap struct {
	dirs  []string
	names bool
}

// grantedBeside reports whether a kustomization or a Helm chart deploys
// the roles of dir together with those of another directory of dirs that
// grant what grants asks.
func (m *manifests) grantedBeside(dir string, dirs []string, grants func([]rule) bool) bool {
	for _, d := range m.deployments {
		if !slices.Contains(d, dir) {
			continue
		}
		for _, other := range d {
			if other != dir && slices.Contains(dirs, other) && grants(m.units[other]) {
				return true
			}
		}
	}
	return false
}

// charts returns, for each Helm chart (a directory with a Chart.yaml), the
// directories of units under its templates, when there are two or more:
// installing a chart deploys every template of it, so, as in a
// kustomization, one component's role granting the finalizers is the
// controller's (another program of the chart, a webhook server, may edit
// the resource without them).
func charts(units map[string][]rule) [][]string {
	members := make(map[string][]string)
	for _, dir := range slices.Sorted(maps.Keys(units)) {
		if chart, ok := chartOf(dir); ok {
			members[chart] = append(members[chart], dir)
		}
	}
	var out [][]string
	for _, chart := range slices.Sorted(maps.Keys(members)) {
		if len(members[chart]) > 1 {
			out = append(out, members[chart])
		}
	}
	return out
}

// chartOf returns the Helm chart whose templates hold dir: the nearest
// directory above a "templates" directory at or above dir that has a
// Chart.yaml.
func chartOf(dir string) (string, bool) {
	for d := dir; filepath.Dir(d) != d; d = filepath.Dir(d) {
		if filepath.Base(d) != "templates" {
			continue
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(d), "Chart.yaml")); err == nil {
			return filepath.Dir(d), true
		}
	}
	return "", false
}

// generated reports whether dir is the config/rbac directory of the
// kubebuilder and Operator SDK layouts, whose role controller-gen writes
// from the module's +kubebuilder:rbac markers.
func generated(dir string) bool {
	return filepath.Base(dir) == "rbac" && filepath.Base(filepath.Dir(dir)) == "config"
}

// generatedFrom reports whether the roles of dir are those controller-gen
// writes from the module's markers: they are in config/rbac, or they grant
// everything the package's markers ask for (wherever the project has
// controller-gen write them, as config/components/rbac).
func (m *manifests) generatedFrom(dir string, markers []rule) bool {
	if generated(dir) {
		return true
	}
	if len(markers) == 0 {
		return false
	}
	rs := m.units[dir]
	for _, mk := range markers {
		for _, g := range mk.groups {
			for _, res := range mk.resources {
				for _, v := range mk.verbs {
					if !slices.ContainsFunc(rs, func(r rule) bool { return r.allows(g, res, v) }) {
						return false
					}
				}
			}
		}
	}
	return true
}

// rel returns dir relative to the manifests' root, for messages.
func (m *manifests) rel(dir string) string {
	if r, err := filepath.Rel(m.root, dir); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return dir
}

// reads caches the manifests read for each set of paths: the packages of a
// repository share one walk.
var reads sync.Map // key (see manifestsOf) -> *readOnce

type readOnce struct {
	once sync.Once
	m    *manifests
}

// manifestsOf returns the manifests of the package in dir: those under the
// paths of the roles setting (relative to the package's module root) when
// it is set, else those of the package's repository (see repositoryOf).
// Empty when there is none, or no module around dir.
func manifestsOf(dir string, roles []string) *manifests {
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
		return new(manifests)
	}
	key := module + "\x00" + strings.Join(paths, "\x00")
	v, _ := reads.LoadOrStore(key, new(readOnce))
	ro := v.(*readOnce)
	ro.once.Do(func() {
		ro.m = &manifests{root: paths[0], mentions: make(map[string]bool), plurals: make(map[string]string), programs: make(map[string]string)}
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
// the rule reads by default for the packages of the module around dir (see
// manifestsOf), so that a driver that caches results by the packages'
// inputs (go vet keys its cache on the tool's -V=full line) sees an edit of
// them. Empty when dir is in no module.
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

// testDir reports whether a directory of that name holds tests or test
// support rather than the deployed controller: its manifests are not the
// controller's, and its owner references never reach an API server under
// the controller's role.
func testDir(name string) bool { return recognize.TestSupport(name) }

// skipDir reports whether the manifests under a directory of that name are
// not the controller's: tests, examples, documentation, dependencies.
func skipDir(name string) bool {
	switch name {
	case "vendor", "node_modules", "third_party", "examples", "docs", "hack":
		return true
	}
	return testDir(name) || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
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
func (m *manifests) read(root, module string) {
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
func (m *manifests) readSnapshots() {
	if len(m.roles) > 0 {
		return
	}
	for _, dir := range slices.Sorted(maps.Keys(m.snapshots)) {
		m.readFile(m.snapshots[dir].path)
	}
}

// readFile adds the manifests of the file at path to m.
func (m *manifests) readFile(path string) {
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
func (m *manifests) readCRDs(data []byte) {
	if !m.decodeCRDs(withoutSchemas(data)) {
		m.decodeCRDs(data)
	}
}

// decodeCRDs records the plurals of the CustomResourceDefinitions of a YAML
// stream, and reports whether it is YAML to its end.
func (m *manifests) decodeCRDs(data []byte) bool {
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
func (m *manifests) readRoles(path string, data []byte) {
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
				m.units = make(map[string][]rule)
			}
			if _, ok := m.units[dir]; !ok {
				if prog, ok := programOf(dir, m.root); ok {
					m.programs[dir] = prog
				}
				m.units[dir] = nil
			}
			for _, r := range roles {
				m.roles = append(m.roles, placedRole{dir, r})
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

// parseRBAC parses "// +kubebuilder:rbac:groups=a;b,resources=c,verbs=d;e"
// (controller-gen also accepts quoted values and {a,b} lists).
func parseRBAC(text string) (rule, bool) {
	body, ok := markerBody(text, "+kubebuilder:rbac:")
	if !ok {
		return rule{}, false
	}
	var r rule
	for key, val := range args(body) {
		switch key {
		case "groups":
			r.groups = val
		case "resources":
			r.resources = val
		case "verbs":
			r.verbs = val
		}
	}
	return r, true
}

// packageRules returns the package's +kubebuilder:rbac markers and the
// last one of each file.
func packageRules(files []*ast.File) ([]rule, map[*ast.File]*ast.Comment) {
	var rules []rule
	last := make(map[*ast.File]*ast.Comment)
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if r, ok := parseRBAC(c.Text); ok {
					rules = append(rules, r)
					last[f] = c
				}
			}
		}
	}
	return rules, last
}

// markerBody returns the text after "+prefix" in a // comment.
func markerBody(text, prefix string) (string, bool) {
	text, ok := strings.CutPrefix(text, "//")
	if !ok {
		return "", false
	}
	return strings.CutPrefix(strings.TrimSpace(text), prefix)
}

// parseResourcePath returns the path of a +kubebuilder:resource marker.
func parseResourcePath(text string) (string, bool) {
	body, ok := markerBody(text, "+kubebuilder:resource:")
	if !ok {
		return "", false
	}
	v := args(body)["path"]
	if len(v) != 1 || v[0] == "" {
		return "", false
	}
	return v[0], true
}

// args splits "k=v1;v2,k2={v3,v4},k3=\"v5\"" into its values.
func args(body string) map[string][]string {
	out := make(map[string][]string)
	for len(body) > 0 {
		eq := strings.IndexByte(body, '=')
		if eq < 0 {
			break
		}
		key := strings.TrimSpace(body[:eq])
		body = body[eq+1:]
		var val string
		if strings.HasPrefix(body, "{") {
			end := strings.IndexByte(body, '}')
			if end < 0 {
				end = len(body) - 1
			}
			val = strings.ReplaceAll(body[1:end], ",", ";")
			body = strings.TrimPrefix(body[end+1:], ",")
		} else {
			val, body, _ = strings.Cut(body, ",")
		}
		for _, v := range strings.Split(val, ";") {
			out[key] = append(out[key], strings.Trim(strings.TrimSpace(v), `"`))
		}
	}
	return out
}
