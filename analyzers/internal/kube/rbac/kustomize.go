package rbac

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A kustomization that installs several components (a controller, its
// UI, a database manager, roles aggregated for users) deploys the roles of
// each: the controller's service account is bound to one of them, the
// others are other programs' or users'. Among the roles one kustomization
// deploys, one granting the finalizers is enough.

// kustomizations are the resources the kustomization files read include.
type kustomizations struct {
	// includes maps the directory of a kustomization file to the paths
	// its resources, bases and components name, made absolute.
	includes map[string][]string
}

// leavesOut reports whether the manifest at path is kept beside a
// kustomization that names resources but not it: kustomize deploys only
// what it names, so the file is not deployed from there (kubebuilder's
// editor and viewer roles, scaffolded for users beside the controller's
// role and left out of its kustomization).
func (k *kustomizations) leavesOut(path string) bool {
	includes := k.includes[filepath.Dir(path)]
	return len(includes) > 0 && !slices.Contains(includes, path)
}

// isKustomization reports whether a file of that name is a kustomization.
func isKustomization(name string) bool {
	return name == "kustomization.yaml" || name == "kustomization.yml"
}

// read records what the kustomization file at path, whose content is
// data, includes. Remote resources (URLs) are not followed.
func (k *kustomizations) read(path string, data []byte) {
	var doc struct {
		Resources  []string `yaml:"resources"`
		Bases      []string `yaml:"bases"`
		Components []string `yaml:"components"`
	}
	if yaml.Unmarshal(data, &doc) != nil {
		return
	}
	dir := filepath.Dir(path)
	if k.includes == nil {
		k.includes = make(map[string][]string)
	}
	for _, p := range slices.Concat(doc.Resources, doc.Bases, doc.Components) {
		if p == "" || strings.Contains(p, "://") || strings.HasPrefix(p, "github.com/") || filepath.IsAbs(p) {
			continue
		}
		k.includes[dir] = append(k.includes[dir], filepath.Join(dir, p))
	}
}

// deployed returns, for each kustomization, the directories of units
// it deploys, directly or through the kustomizations it includes; only
// those deploying the roles of two directories or more.
func (k *kustomizations) deployed(units map[string][]Rule) [][]string {
	var out [][]string
	for _, dir := range slices.Sorted(maps.Keys(k.includes)) {
		members := make(map[string]bool)
		k.collect(dir, units, members, make(map[string]bool))
		if len(members) > 1 {
			out = append(out, slices.Sorted(maps.Keys(members)))
		}
	}
	return out
}

// collect adds to members the directories of units the kustomization in
// dir deploys.
func (k *kustomizations) collect(dir string, units map[string][]Rule, members, seen map[string]bool) {
	if seen[dir] {
		return // a base two kustomizations share, or a cycle (kustomize rejects it)
	}
	seen[dir] = true
	if _, ok := units[dir]; ok {
		members[dir] = true // roles kept beside the kustomization
	}
	for _, p := range k.includes[dir] {
		switch _, unit := units[p]; {
		case k.includes[p] != nil:
			k.collect(p, units, members, seen)
		case unit:
			members[p] = true // a directory of roles without a kustomization read
		case strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml"):
			if _, ok := units[filepath.Dir(p)]; ok {
				members[filepath.Dir(p)] = true // a file of roles
			}
		}
	}
}
