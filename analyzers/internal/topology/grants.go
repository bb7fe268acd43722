package topology

import (
	"go/ast"
	"path/filepath"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/finalizersrbac"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/clients"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/groupkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/rbac"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/internal/graph"
)

// needs are, by relation, the ways RBAC lets a controller do it: each a
// set of verbs on the target's resource that must all be granted. A
// relation not here (waits for) takes no verb of its own.
var needs = map[graph.Relation][][]string{
	graph.Owns:    {{"create"}, {"patch"}}, // created, or applied
	graph.Watches: {{"list", "watch"}},
	// A Get through the manager's cached client lists and watches.
	graph.LooksUp: {{"get"}, {"list", "watch"}},
	graph.Deletes: {{"delete"}, {"deletecollection"}},
}

// grants says, on each edge of the fragment, whether the roles the
// operator is deployed with (the repository's manifests and the roles
// setting, read once per repository, and the package's +kubebuilder:rbac
// markers) let the source's controller do what the edge does. An edge
// is not granted only when the roles read write the source kind's
// resource, so they are its controller's; a call through another
// cluster's client (s.remote), or to a kind of unknown group, is left
// unsaid.
func (s *state) grants() {
	if len(s.frag.Edges) == 0 || len(s.pass.Files) == 0 {
		return
	}
	tf := s.pass.Fset.File(s.pass.Files[0].Package)
	if tf == nil {
		return
	}
	markers, _ := rbac.Markers(inspection.Of(s.pass).Files)
	m := rbac.Of(filepath.Dir(tf.Name()), finalizersrbac.Roles())
	if len(markers) == 0 && !m.Seen() {
		return
	}
	ix := groupkind.Of(s.pass)
	for i := range s.frag.Edges {
		e := &s.frag.Edges[i]
		ways := needs[e.Relation]
		to, ok := resource(ix, m, markers, e.To)
		if len(ways) == 0 || !ok || s.remote[i] {
			continue
		}
		// Needs names the way granted, else the relation's first.
		e.Grant, e.Needs = graph.NotGranted, strings.Join(ways[0], ", ")
		for _, verbs := range ways {
			if allowsAll(m, to, verbs, markers) {
				e.Grant, e.Needs = graph.Granted, strings.Join(verbs, ", ")
				break
			}
		}
		if from, ok := resource(ix, m, markers, e.From); e.Grant == graph.NotGranted && (!ok || !m.Manages(from, markers)) {
			e.Grant, e.Needs = "", "" // not known to be its controller's roles
		}
	}
}

// allowsAll reports whether the roles grant every verb of verbs on o.
func allowsAll(m *rbac.Manifests, o rbac.Resource, verbs []string, markers []rbac.Rule) bool {
	for _, v := range verbs {
		if !m.Allows(o, v, markers) {
			return false
		}
	}
	return true
}

// resource returns the API resource of the objects of kind, a kind key,
// when its group is known: its plural is the one a marker or a CRD
// declares, else the one roles already spell for it, else the one
// controller-gen derives.
func resource(ix *groupkind.Index, m *rbac.Manifests, markers []rbac.Rule, kind string) (rbac.Resource, bool) {
	gk, ok := ix.GroupKind(kind)
	if !ok {
		return rbac.Resource{}, false
	}
	o := rbac.Resource{Kind: gk.Kind, Group: gk.Group, Grouped: true, Plural: rbac.Plural(gk.Kind)}
	if p, ok := ix.Resource(kind); ok {
		o.Plural = p
	} else if p, ok := m.Plural(gk.Group, gk.Kind); ok {
		o.Plural = p
	} else if p, ok := m.RolePlural(o, markers); ok {
		o.Plural = p
	}
	return o, true
}

// viaRemote reports whether call goes through another cluster's client: its
// receiver's, or an argument's that is a client (a lookup helper's, as
// util.GetOwnerCluster(ctx, c, meta)). That cluster's roles are not
// among those read.
func (s *state) viaRemote(call *ast.CallExpr) bool {
	vals := inspection.Of(s.pass).Values
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && s.info.Selections[sel] != nil && clients.Remote(s.info, vals, sel.X) {
		return true
	}
	for _, a := range call.Args {
		if recognize.IsClientType(s.info.TypeOf(a)) && clients.Remote(s.info, vals, a) {
			return true
		}
	}
	return false
}
