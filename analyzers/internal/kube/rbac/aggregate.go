package rbac

import (
	"maps"
	"slices"
	"strings"
)

// An aggregated ClusterRole's rules are those of the ClusterRoles its
// aggregationRule selects by label: the roles a controller's role
// aggregates are its own, wherever they are kept. A role labelled to be
// aggregated into a role that is not among the manifests
// (rbac.authorization.k8s.io/aggregate-to-edit, or a platform's
// aggregate-to-<platform>-admin) extends the roles of users, not the
// controller's, and grants the controller nothing.

// role is a Role or ClusterRole document.
type role struct {
	rules  []Rule
	labels map[string]string
	// selectors are the label sets of its aggregationRule: a ClusterRole
	// labelled with all of one set adds its rules to this role.
	selectors []map[string]string
}

// placedRole is a role, the directory of its manifest and the manifest.
type placedRole struct {
	dir, path string
	role
}

// aggregatedElsewhere reports whether r is labelled to be aggregated
// into another role (a label aggregate-to-<role>, under any prefix).
func (r role) aggregatedElsewhere() bool {
	for k := range r.labels {
		if strings.HasPrefix(k[strings.LastIndex(k, "/")+1:], "aggregate-to-") {
			return true
		}
	}
	return false
}

// selects reports whether the aggregationRule of r selects a role with
// labels.
func (r role) selects(labels map[string]string) bool {
	for _, sel := range r.selectors {
		matches := true
		for k, v := range sel {
			if got, ok := labels[k]; !ok || got != v {
				matches = false
				break
			}
		}
		if matches {
			return true
		}
	}
	return false
}

// placeRoles adds the rules of each role read to the manifests and to the
// units of the roles that hold them: its own directory's, or those of
// the roles that aggregate it; a role aggregated only into roles that are
// not among the manifests (users'), or kept beside a kustomization that
// does not deploy it, adds nothing.
func (m *Manifests) placeRoles() {
	m.roles = slices.DeleteFunc(m.roles, func(r placedRole) bool { return m.kustomize.leavesOut(r.path) })
	var aggregating []placedRole
	for _, r := range m.roles {
		if len(r.selectors) > 0 {
			aggregating = append(aggregating, r)
		}
	}
	for _, r := range m.roles {
		into := map[string]bool{}
		for _, agg := range aggregating {
			if agg.selects(r.labels) {
				into[agg.dir] = true
			}
		}
		if len(into) == 0 && !r.aggregatedElsewhere() {
			into[r.dir] = true
		}
		if len(into) > 0 {
			m.rules = append(m.rules, r.rules...)
		}
		for dir := range maps.Keys(into) {
			m.units[dir] = append(m.units[dir], r.rules...)
		}
	}
	m.roles = nil
}
