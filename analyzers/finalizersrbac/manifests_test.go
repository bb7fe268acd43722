package finalizersrbac_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers/finalizersrbac"
)

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
	if seen, granted := finalizersrbac.Grants(dir, nil, "apps.example.com", "widgets"); !seen || !granted {
		t.Errorf("widgets: seen, granted = %v, %v; want the chart's grant", seen, granted)
	}
	if _, granted := finalizersrbac.Grants(dir, nil, "other.example.com", "gadgets"); !granted {
		t.Error("gadgets: want deploy/openshift's grant")
	}
	if _, granted := finalizersrbac.Grants(dir, nil, "tools.example.com", "gizmos"); granted {
		t.Error("gizmos: granted by the role of another Go module of the repository")
	}
	if _, granted := finalizersrbac.Grants(dir, []string{"../charts"}, "other.example.com", "gadgets"); granted {
		t.Error("gadgets with roles=../charts: granted by a role outside the setting's paths")
	}
	if seen, _ := finalizersrbac.Grants(dir, []string{"config/rbac"}, "apps.example.com", "widgets"); seen {
		t.Error("roles=config/rbac (absent): want nothing seen")
	}
}
