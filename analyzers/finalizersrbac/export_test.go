package finalizersrbac

import "strings"

// ParseRoles returns how many rules parseRoles reads from data.
func ParseRoles(data []byte) (int, error) {
	roles, err := parseRoles(data)
	n := 0
	for _, r := range roles {
		n += len(r.rules)
	}
	return n, err
}

// Grants reports whether the manifests the rule reads for a package in dir
// (with the roles setting roles) declare any permission, and whether they
// let the controller update the finalizers of plural in group.
func Grants(dir string, roles []string, group, plural string) (seen, granted bool) {
	m := manifestsOf(dir, roles)
	return m.seen(), m.grants(owner{plural: plural, group: group, grouped: true})
}

// Missing reports whether the manifests the rule reads for a package in
// dir lack the update of plural's finalizers in group, and where: the
// directories of the roles the grant goes into, comma-separated, or "" for
// a marker.
func Missing(dir string, group, plural string) (bool, string) {
	missing, g := manifestsOf(dir, nil).missing(owner{plural: plural, group: group, grouped: true}, nil, dir)
	return missing, strings.Join(g.dirs, ",")
}
