package rbac_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers/internal/kube/rbac"
)

// grants reports whether the manifests read for a package in dir (with
// the roles setting roles) declare any permission, and whether they let
// the controller update the finalizers of plural in group.
func grants(dir string, roles []string, group, plural string) (seen, granted bool) {
	m := rbac.Of(dir, roles)
	return m.Seen(), m.Grants(rbac.Resource{Plural: plural, Group: group, Grouped: true})
}

// lacking reports whether the manifests read for a package in dir lack the
// update of plural's finalizers in group, and where: the directories of the
// roles the grant goes into, comma-separated, or "" for a marker.
func lacking(dir string, group, plural string) (bool, string) {
	lacks, g := rbac.Of(dir, nil).Missing(rbac.Resource{Plural: plural, Group: group, Grouped: true}, nil, dir)
	return lacks, strings.Join(g.Dirs, ",")
}

// write creates the files of a directory tree under root.
func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const chartRole = `kind: ClusterRole
rules:
- apiGroups: [apps.example.com]
  resources: [widgets, widgets/finalizers]
  verbs: [update]
`

const toolsRole = `kind: ClusterRole
rules:
- apiGroups: [tools.example.com]
  resources: [gizmos/finalizers]
  verbs: [update]
`

const otherRole = `kind: ClusterRole
rules:
- apiGroups: [other.example.com]
  resources: ["gadgets/finalizers"]
  verbs: ["*"]
`

// TestRepositoryManifests: the roles of the repository around the module
// count (a Helm chart beside a Go module in a subdirectory), not those of
// another Go module of the repository; the roles setting replaces them.
func TestRepositoryManifests(t *testing.T) {
	repo := t.TempDir()
	write(t, repo, map[string]string{
		".git/HEAD":                               "ref: refs/heads/main\n",
		"operator/go.mod":                         "module example.com/operator\n",
		"operator/internal/controller/c.go":       "package controller\n",
		"charts/operator/templates/role.yaml":     chartRole,
		"tools/go.mod":                            "module example.com/tools\n",
		"tools/role.yaml":                         toolsRole,
		"deploy/openshift/role.yaml":              otherRole,
		"operator/config/samples/widget.yaml":     "kind: Widget\n",
		"operator/internal/controller/README.txt": "",
	})
	dir := filepath.Join(repo, "operator", "internal", "controller")
	if seen, granted := grants(dir, nil, "apps.example.com", "widgets"); !seen || !granted {
		t.Errorf("widgets: seen, granted = %v, %v; want the chart's grant", seen, granted)
	}
	if _, granted := grants(dir, nil, "other.example.com", "gadgets"); !granted {
		t.Error("gadgets: want deploy/openshift's grant")
	}
	if _, granted := grants(dir, nil, "tools.example.com", "gizmos"); granted {
		t.Error("gizmos: granted by the role of another Go module of the repository")
	}
	if _, granted := grants(dir, []string{"../charts"}, "other.example.com", "gadgets"); granted {
		t.Error("gadgets with roles=../charts: granted by a role outside the setting's paths")
	}
	if seen, _ := grants(dir, []string{"config/rbac"}, "apps.example.com", "widgets"); seen {
		t.Error("roles=config/rbac (absent): want nothing seen")
	}
}

const widgetsOnlyRole = `kind: ClusterRole
rules:
- apiGroups: [apps.example.com]
  resources: [widgets]
  verbs: [get, update]
`

// TestPastReleaseManifests: a directory named for a release older than a
// sibling release directory holds a past release's manifests, not those of
// the code being analysed; the newest release directory still counts.
func TestPastReleaseManifests(t *testing.T) {
	for _, tc := range []struct {
		name, newest string
		want         bool
	}{
		{"the newest release grants it", chartRole, false},
		{"the newest release lacks it", widgetsOnlyRole, true},
	} {
		repo := t.TempDir()
		write(t, repo, map[string]string{
			"go.mod":                        "module example.com/operator\n",
			"internal/controller/c.go":      "package controller\n",
			"install/v0.9.0/role.yaml":      widgetsOnlyRole,
			"install/v0.10.0-rc1/role.yaml": widgetsOnlyRole,
			"install/v0.10.0/role.yaml":     tc.newest,
		})
		dir := filepath.Join(repo, "internal", "controller")
		missing, where := lacking(dir, "apps.example.com", "widgets")
		if missing != tc.want || missing && where != filepath.Join("install", "v0.10.0") {
			t.Errorf("%s: missing %v in %q, want %v (in install/v0.10.0, never in the past releases' install/v0.9.0 and install/v0.10.0-rc1)", tc.name, missing, where, tc.want)
		}
	}
}

// TestReleaseSnapshotFiles: files named for releases (releases/v0.9.0.yml)
// are what past releases were published with. Where the tree has roles of
// its own, those count and the snapshots do not; where it has none, the
// newest snapshot of each directory stands for it, not the older ones.
func TestReleaseSnapshotFiles(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		missing bool
		where   string
	}{
		{"the tree's roles grant it", map[string]string{"config/rbac.yml": chartRole}, false, ""},
		{"the tree's roles lack it", map[string]string{"config/rbac.yml": widgetsOnlyRole}, true, "config"},
		{"no roles but snapshots, the newest grants it", map[string]string{"releases/v0.10.0.yml": chartRole}, false, ""},
		{"no roles but snapshots, the newest lacks it", map[string]string{"releases/v0.10.0.yml": widgetsOnlyRole, "releases/v0.8.0.yml": chartRole}, true, "releases"},
	} {
		repo := t.TempDir()
		files := map[string]string{
			"go.mod":                      "module example.com/operator\n",
			"internal/controller/c.go":    "package controller\n",
			"releases/v0.9.0-alpha.1.yml": widgetsOnlyRole,
			"releases/v0.9.0.yml":         widgetsOnlyRole,
		}
		for name, data := range tc.files {
			files[name] = data
		}
		write(t, repo, files)
		dir := filepath.Join(repo, "internal", "controller")
		missing, where := lacking(dir, "apps.example.com", "widgets")
		if missing != tc.missing || where != tc.where {
			t.Errorf("%s: missing %v in %q, want %v in %q", tc.name, missing, where, tc.missing, tc.where)
		}
	}
}

// TestLibraryChartRoles: roles kept in a library chart's named templates
// deploy nothing where they are defined; they count in the chart that
// includes them, so a daemon's role there (without the finalizers) is not
// one more deployment of the controller. Roles written outside named
// templates still count where they are.
func TestLibraryChartRoles(t *testing.T) {
	const daemonRoles = `{{- define "library.daemon.roles" }}
---
kind: Role
metadata:
  name: agent
rules:
- apiGroups: [apps.example.com]
  resources: [widgets]
  verbs: [get, update]
{{- end }}
`
	const operatorRBAC = `{{ include "library.daemon.roles" . }}
`
	for _, tc := range []struct {
		name, library string
		want          bool
	}{
		{"roles only in named templates", daemonRoles, false},
		{"a role of its own beside them", daemonRoles + widgetsOnlyRole, true},
	} {
		repo := t.TempDir()
		write(t, repo, map[string]string{
			"go.mod":                                     "module example.com/operator\n",
			"internal/controller/c.go":                   "package controller\n",
			"charts/operator/templates/role.yaml":        chartRole,
			"charts/operator/templates/daemon-rbac.yaml": operatorRBAC,
			"charts/library/Chart.yaml":                  "name: library\ntype: library\n",
			"charts/library/templates/_roles.tpl":        tc.library,
		})
		dir := filepath.Join(repo, "internal", "controller")
		missing, where := lacking(dir, "apps.example.com", "widgets")
		if missing != tc.want || missing && where != filepath.Join("charts", "library", "templates") {
			t.Errorf("%s: missing %v in %q, want %v", tc.name, missing, where, tc.want)
		}
	}
}

// TestHandWrittenRolesNotNamingOwner: a controller that only reads its
// owners (a Node) has roles, all written by hand, that name the owner's
// resource for reading at most; the missing grant goes into those roles,
// not into a +kubebuilder:rbac marker that nothing generates a role from.
func TestHandWrittenRolesNotNamingOwner(t *testing.T) {
	const readOnly = `kind: ClusterRole
metadata:
  name: operator
rules:
- apiGroups: [apps.example.com]
  resources: [widgets]
  verbs: [get, list, watch]
`
	for _, tc := range []struct {
		name  string
		files map[string]string
		where string
	}{
		{"hand-written roles only", map[string]string{"deploy/static/role.yaml": readOnly, "deploy/helm/templates/rbac.yaml": readOnly}, filepath.Join("deploy", "helm", "templates") + "," + filepath.Join("deploy", "static")},
		{"a role controller-gen writes", map[string]string{"config/rbac/role.yaml": readOnly}, ""},
	} {
		repo := t.TempDir()
		tc.files["go.mod"] = "module example.com/operator\n"
		tc.files["internal/controller/c.go"] = "package controller\n"
		write(t, repo, tc.files)
		missing, where := lacking(filepath.Join(repo, "internal", "controller"), "apps.example.com", "widgets")
		if !missing || where != tc.where {
			t.Errorf("%s: missing %v in %q, want true in %q", tc.name, missing, where, tc.where)
		}
	}
}

func TestPlural(t *testing.T) {
	for kind, want := range map[string]string{
		"Widget": "widgets", "Policy": "policies", "Gateway": "gateways", "Box": "boxes",
		"Ingress": "ingresses", "Batch": "batches", "Mesh": "meshes", "Deployment": "deployments",
	} {
		if got := rbac.Plural(kind); got != want {
			t.Errorf("Plural(%q) = %q, want %q", kind, got, want)
		}
	}
}

// TestKustomizationLeavesOut: a role kept beside a kustomization that does
// not name it (an editor role scaffolded for users) is not deployed from
// there: it neither grants the finalizers nor makes its directory one of
// the controller's roles that must grant them; a role the kustomization
// names, itself or by its directory, still is.
func TestKustomizationLeavesOut(t *testing.T) {
	const editor = `kind: ClusterRole
metadata:
  name: widget-editor-role
rules:
- apiGroups: [apps.example.com]
  resources: [widgets]
  verbs: [create, get, list, update, patch, delete]
`
	const grantAll = `kind: ClusterRole
metadata:
  name: operator
rules:
- apiGroups: [apps.example.com]
  resources: ["*"]
  verbs: ["*"]
`
	const withFinalizers = `kind: ClusterRole
rules:
- apiGroups: [apps.example.com]
  resources: [widgets/finalizers]
  verbs: [update]
`
	// The package's markers: what controller-gen writes deploy/rbac's
	// role.yaml from.
	markers := []rbac.Rule{{Groups: []string{""}, Resources: []string{"secrets"}, Verbs: []string{"*"}}}
	for _, tc := range []struct {
		name    string
		files   map[string]string
		missing bool
	}{
		{"editor role left out, chart grants all", map[string]string{
			"deploy/rbac/kustomization.yaml":                    "resources:\n- role.yaml\n",
			"deploy/rbac/role.yaml":                             "kind: Role\nrules:\n- apiGroups: [\"\"]\n  resources: [secrets]\n  verbs: [\"*\"]\n",
			"deploy/rbac/widget_editor_role.yaml":               editor,
			"deploy/charts/operator/Chart.yaml":                 "name: operator\n",
			"deploy/charts/operator/templates/clusterrole.yaml": grantAll,
		}, false},
		{"editor role deployed, no grant", map[string]string{
			"deploy/rbac/kustomization.yaml":                    "resources:\n- role.yaml\n- widget_editor_role.yaml\n",
			"deploy/rbac/role.yaml":                             "kind: Role\nrules:\n- apiGroups: [\"\"]\n  resources: [secrets]\n  verbs: [\"*\"]\n",
			"deploy/rbac/widget_editor_role.yaml":               editor,
			"deploy/charts/operator/Chart.yaml":                 "name: operator\n",
			"deploy/charts/operator/templates/clusterrole.yaml": grantAll,
		}, true},
		{"grant left out of the kustomization", map[string]string{
			"deploy/rbac/kustomization.yaml": "resources:\n- role.yaml\n",
			"deploy/rbac/role.yaml":          editor,
			"deploy/rbac/finalizers.yaml":    withFinalizers,
		}, true},
		{"grant the kustomization names", map[string]string{
			"deploy/rbac/kustomization.yaml": "resources:\n- role.yaml\n- ./finalizers.yaml\n",
			"deploy/rbac/role.yaml":          editor,
			"deploy/rbac/finalizers.yaml":    withFinalizers,
		}, false},
	} {
		repo := t.TempDir()
		tc.files["go.mod"] = "module example.com/operator\n"
		tc.files["internal/controller/c.go"] = "package controller\n"
		write(t, repo, tc.files)
		dir := filepath.Join(repo, "internal", "controller")
		if missing, _ := rbac.Of(dir, nil).Missing(rbac.Resource{Plural: "widgets", Group: "apps.example.com", Grouped: true}, markers, dir); missing != tc.missing {
			t.Errorf("%s: missing %v, want %v", tc.name, missing, tc.missing)
		}
	}
}

// TestAllows: a verb on a resource itself, granted by a role of the
// manifests or by a marker, a wildcard or the core group's alias; and
// whether the roles read are those of a controller of a kind (it may
// write that kind's resource).
func TestAllows(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"go.mod": "module example.com/op\n",
		"config/rbac/role.yaml": `kind: ClusterRole
rules:
- apiGroups: [apps.example.com]
  resources: [widgets]
  verbs: [get, list, watch, update]
- apiGroups: [""]
  resources: [secrets]
  verbs: [get, list, watch, create, delete]
- apiGroups: [core]
  resources: [configmaps]
  verbs: ["*"]
- apiGroups: [apps]
  resources: [deployments/status]
  verbs: [delete]
`,
	})
	m := rbac.Of(filepath.Join(root, "internal/controller"), nil)
	widgets := rbac.Resource{Kind: "Widget", Plural: "widgets", Group: "apps.example.com", Grouped: true}
	secrets := rbac.Resource{Kind: "Secret", Plural: "secrets", Grouped: true}
	configMaps := rbac.Resource{Kind: "ConfigMap", Plural: "configmaps", Grouped: true}
	deployments := rbac.Resource{Kind: "Deployment", Plural: "deployments", Group: "apps", Grouped: true}
	pods := rbac.Resource{Kind: "Pod", Plural: "pods", Grouped: true}
	marker := []rbac.Rule{{Groups: []string{""}, Resources: []string{"pods"}, Verbs: []string{"delete"}}}
	for _, c := range []struct {
		o       rbac.Resource
		verb    string
		markers []rbac.Rule
		want    bool
	}{
		{secrets, "delete", nil, true},
		{secrets, "patch", nil, false},
		{configMaps, "delete", nil, true},                                       // core, and *
		{widgets, "delete", nil, false},                                         // update only
		{deployments, "delete", nil, false},                                     // the status subresource is not the resource
		{pods, "delete", nil, false},                                            // no role names pods
		{pods, "delete", marker, true},                                          // a marker does
		{rbac.Resource{Kind: "Secret", Plural: "secrets"}, "create", nil, true}, // group not known
	} {
		if got := m.Allows(c.o, c.verb, c.markers); got != c.want {
			t.Errorf("Allows(%s, %s) = %v, want %v", c.o.Plural, c.verb, got, c.want)
		}
	}
	if !m.Manages(widgets, nil) {
		t.Errorf("Manages(widgets) = false: the role updates widgets")
	}
	if m.Manages(deployments, nil) {
		t.Errorf("Manages(deployments) = true: no role writes deployments")
	}
}
