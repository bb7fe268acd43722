// Package rbac reads what a controller's RBAC grants: the
// +kubebuilder:rbac markers of a package and the Role and ClusterRole
// manifests of its repository (config/rbac, kustomize bases and overlays,
// Helm charts and their named templates, hand-written install manifests,
// aggregated ClusterRoles, a cluster-wide binding of cluster-admin),
// grouped by the way each is deployed, and the resource names the
// repository's CustomResourceDefinitions declare. It is the operator
// model's RBAC part: a repository's manifests are read once, whichever
// package or rule asks (Of), and asked in the model's terms: a Resource,
// an API group and a resource name.
package rbac

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A Rule is one RBAC policy rule: a +kubebuilder:rbac marker or a rule of
// a Role or ClusterRole manifest.
type Rule struct {
	Groups, Resources, Verbs []string
}

// A Resource is an API resource as RBAC rules name it.
type Resource struct {
	// Kind is the kind the resource holds: the plurals of
	// CustomResourceDefinitions are by kind, and messages name it.
	Kind string
	// Plural is its resource name (widgets).
	Plural string
	// Group is its API group ("" for the core group) when Grouped is
	// set; a resource of an unknown group is granted by a rule of any
	// group.
	Group   string
	Grouped bool
}

// policyRule is a rule of a Role or ClusterRole manifest, as YAML holds it.
type policyRule struct {
	APIGroups []string `yaml:"apiGroups"`
	Resources []string `yaml:"resources"`
	Verbs     []string `yaml:"verbs"`
}

// rule returns the policy rule r holds.
func (r policyRule) rule() Rule {
	return Rule{Groups: r.APIGroups, Resources: r.Resources, Verbs: r.Verbs}
}

// Grants reports whether r lets a client update the finalizers of o.
func (r Rule) Grants(o Resource) bool {
	if !slices.Contains(r.Verbs, "update") && !slices.Contains(r.Verbs, "*") {
		return false
	}
	if o.Grouped && !slices.Contains(r.Groups, o.Group) && !slices.Contains(r.Groups, "*") && (o.Group != "" || !slices.Contains(r.Groups, "core")) {
		return false
	}
	return slices.Contains(r.Resources, o.Plural+"/finalizers") || slices.Contains(r.Resources, "*/finalizers") || slices.Contains(r.Resources, "*")
}

// allows reports whether r grants verb on resource in group.
func (r Rule) allows(group, resource, verb string) bool {
	in := func(list []string, v string) bool { return slices.Contains(list, v) || slices.Contains(list, "*") }
	return in(r.Groups, group) && in(r.Resources, resource) && in(r.Verbs, verb)
}

// allowsOn reports whether r grants verb on o's resource itself, in o's
// group (any group when it is not known; "core" for the core group).
func (r Rule) allowsOn(o Resource, verb string) bool {
	in := func(list []string, v string) bool { return slices.Contains(list, v) || slices.Contains(list, "*") }
	group := !o.Grouped || in(r.Groups, o.Group) || o.Group == "" && slices.Contains(r.Groups, "core")
	return group && in(r.Resources, o.Plural) && in(r.Verbs, verb)
}

// GrantsSomeFinalizers reports whether r lets a client update the
// finalizers of some resource: without one such rule, a blocking reference
// to any owner is rejected, whatever its kind.
func (r Rule) GrantsSomeFinalizers() bool {
	if !slices.Contains(r.Verbs, "update") && !slices.Contains(r.Verbs, "*") {
		return false
	}
	return slices.ContainsFunc(r.Resources, func(res string) bool { return res == "*" || strings.HasSuffix(res, "/finalizers") })
}

// names reports whether r is about o's resource itself, so that its groups
// are o's group.
func (r Rule) names(o Resource) bool {
	return slices.Contains(r.Resources, o.Plural) && len(r.Groups) > 0
}

// namesOwner reports whether r lets a client write o's resource itself
// (update, patch or *) in o's group (any group when it is not known): r is
// part of a role of a controller that manages o, not of a component that
// only reads it (a proxy, a scaler, a viewer role).
func (r Rule) namesOwner(o Resource) bool {
	if !slices.Contains(r.Resources, o.Plural) {
		return false
	}
	if !slices.Contains(r.Verbs, "update") && !slices.Contains(r.Verbs, "patch") && !slices.Contains(r.Verbs, "*") {
		return false
	}
	return !o.Grouped || slices.Contains(r.Groups, o.Group) || slices.Contains(r.Groups, "*") || (o.Group == "" && slices.Contains(r.Groups, "core"))
}

// Manifests is what the RBAC manifests of a repository grant: the rules of
// their Role and ClusterRole documents, and the <resource>/finalizers their
// templates name (a Helm chart's templates are not YAML until rendered);
// and the resource names their CustomResourceDefinitions declare.
type Manifests struct {
	// root is the directory read (the repository, or the roles setting's
	// first path), for messages.
	root     string
	rules    []Rule
	mentions map[string]bool
	// plurals maps "group/Kind" to the plural a CRD declares.
	plurals map[string]string
	// units are the rules of the roles of each directory: a deployment
	// of the controller (config/rbac, a Helm chart's templates, deploy/),
	// whose roles must grant what the controller needs.
	units map[string][]Rule
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

// Seen reports whether the manifests declare any permission at all.
func (m *Manifests) Seen() bool { return len(m.rules) > 0 || len(m.mentions) > 0 }

// GrantsSomeFinalizers reports whether the manifests let a client update
// the finalizers of some resource (see Rule.GrantsSomeFinalizers).
func (m *Manifests) GrantsSomeFinalizers() bool {
	return slices.ContainsFunc(m.rules, Rule.GrantsSomeFinalizers) || len(m.mentions) > 0
}

// Plural returns the resource name a CRD of the manifests declares for
// kind in group.
func (m *Manifests) Plural(group, kind string) (string, bool) {
	p, ok := m.plurals[group+"/"+kind]
	return p, ok
}

// RolePlural returns the resource name that a rule of rules or of the
// manifests gives, in o's group, to o's derived plural spelt otherwise
// (network-attachment-definitions for networkattachmentdefinitions): a
// kind of another project, whose CRD is not in the repository, is named
// as the roles that already read it name it. It returns false when no
// rule names one, or two rules name it differently.
func (m *Manifests) RolePlural(o Resource, rules []Rule) (string, bool) {
	squash := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == '-' || r == '_' || r == '.' {
				return -1
			}
			return r
		}, strings.ToLower(s))
	}
	want := squash(o.Plural)
	found := ""
	for _, r := range slices.Concat(rules, m.rules) {
		if !slices.Contains(r.Groups, o.Group) {
			continue
		}
		for _, res := range r.Resources {
			res, _, _ = strings.Cut(res, "/")
			if res == o.Plural || squash(res) != want {
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

// Grants reports whether the manifests let a client update the finalizers
// of o.
func (m *Manifests) Grants(o Resource) bool {
	return slices.ContainsFunc(m.rules, func(r Rule) bool { return r.Grants(o) }) ||
		m.mentions[o.Plural+"/finalizers"] || m.mentions["*/finalizers"]
}

// Allows reports whether a rule of markers or of the manifests lets a
// client use verb on o's resource (update on widgets, not on
// widgets/finalizers). Any role read counts, another program's too: a
// grant is looked for, not the controller's own role.
func (m *Manifests) Allows(o Resource, verb string, markers []Rule) bool {
	allows := func(r Rule) bool { return r.allowsOn(o, verb) }
	return slices.ContainsFunc(markers, allows) || slices.ContainsFunc(m.rules, allows)
}

// Manages reports whether a rule of markers or of the manifests lets a
// client write o's resource itself (update, patch or *): the roles read
// include those of a controller of o, so what none of them grants, that
// controller lacks.
func (m *Manifests) Manages(o Resource, markers []Rule) bool {
	return slices.ContainsFunc(markers, func(r Rule) bool { return r.namesOwner(o) }) ||
		slices.ContainsFunc(m.rules, func(r Rule) bool { return r.namesOwner(o) })
}

// Missing reports whether the controller may not update o's finalizers as
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
func (m *Manifests) Missing(o Resource, markers []Rule, pkgDir string) (bool, Gap) {
	deployed := m.markersDeployed(pkgDir)
	if !deployed {
		markers = nil // notes: no role is written from them
	}
	// generatedFrom: whether controller-gen writes dir's roles from the
	// markers, which it does not when they are notes.
	generatedFrom := func(dir string) bool { return deployed && m.generatedFrom(dir, markers) }
	grants := func(rs []Rule) bool { return slices.ContainsFunc(rs, func(r Rule) bool { return r.Grants(o) }) }
	names := func(rs []Rule) bool { return slices.ContainsFunc(rs, func(r Rule) bool { return r.namesOwner(o) }) }
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
			return true, Gap{}
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
				return true, Gap{}
			}
		case m.grantedBeside(dir, dirs, grants):
			// Another component's roles, or users': the
			// controller's are deployed with them.
		default:
			return true, Gap{Dirs: []string{m.rel(dir)}, Names: true}
		}
	}
	if named || grants(markers) || m.Grants(o) {
		return false, Gap{}
	}
	if len(dirs) > 0 && len(fromMarkers) == 0 {
		// Roles all written by hand, none of which names the owner's
		// resource (a controller that only reads its owners): the
		// grant goes into them, not into a marker.
		g := Gap{}
		for _, dir := range dirs {
			g.Dirs = append(g.Dirs, m.rel(dir))
		}
		return true, g
	}
	return true, Gap{}
}

// forOpenShift reports whether the roles of dir are kept for OpenShift: a
// directory below the manifests' root named for it (deploy/openshift,
// config/rbac/openshift/namespaced, an okd overlay).
func (m *Manifests) forOpenShift(dir string) bool {
	for _, part := range strings.Split(filepath.ToSlash(m.rel(dir)), "/") {
		part = strings.ToLower(part)
		if strings.Contains(part, "openshift") || part == "okd" || part == "ocp" {
			return true
		}
	}
	return false
}

// A Gap is where a missing grant goes: a +kubebuilder:rbac marker when
// Dirs is empty, else the roles of Dirs (relative to the manifests'
// root), which name the resource but not its finalizers when Names is
// set.
type Gap struct {
	Dirs  []string
	Names bool
}

// grantedBeside reports whether a kustomization or a Helm chart deploys
// the roles of dir together with those of another directory of dirs that
// grant what grants asks.
func (m *Manifests) grantedBeside(dir string, dirs []string, grants func([]Rule) bool) bool {
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
func charts(units map[string][]Rule) [][]string {
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
func (m *Manifests) generatedFrom(dir string, markers []Rule) bool {
	if generated(dir) {
		return true
	}
	if len(markers) == 0 {
		return false
	}
	rs := m.units[dir]
	for _, mk := range markers {
		for _, g := range mk.Groups {
			for _, res := range mk.Resources {
				for _, v := range mk.Verbs {
					if !slices.ContainsFunc(rs, func(r Rule) bool { return r.allows(g, res, v) }) {
						return false
					}
				}
			}
		}
	}
	return true
}

// rel returns dir relative to the manifests' root, for messages.
func (m *Manifests) rel(dir string) string {
	if r, err := filepath.Rel(m.root, dir); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return dir
}

// GroupNaming returns the groups of the first rule, of markers and then of
// the manifests, that names o's resource itself, joined as a marker joins
// them, or "": for a message about a resource whose group is not known.
func (m *Manifests) GroupNaming(markers []Rule, o Resource) string {
	for _, r := range slices.Concat(markers, m.rules) {
		if r.names(o) {
			return strings.Join(r.Groups, ";")
		}
	}
	return ""
}
