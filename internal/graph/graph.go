// Package graph is the deletion topology of an operator, as `deletionlint
// graph` draws it: which kinds its controllers reconcile, which they own,
// watch, look up, delete and wait for, which hold a finalizer, and where
// deletionlint's findings fall on that picture.
//
// The analysis (analyzers/internal/topology) gives one Fragment per package:
// the controllers the package builds and the relations their code shows,
// each with the positions that say so. Build merges the fragments of a run,
// places every finding on the node or edge it is about, and returns a Graph
// in a stable order; Focus cuts out one kind's neighbourhood; Mermaid, DOT
// and JSON write it.
package graph

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// A Position is a place in a source file, file:line:col, and where the
// code there ends.
type Position struct {
	File               string
	Line, Col          int
	EndLine, EndColumn int
}

// String returns file:line:col.
func (p Position) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// MarshalJSON writes file:line:col, as go vet -json writes positions.
func (p Position) MarshalJSON() ([]byte, error) { return json.Marshal(p.String()) }

// short returns the file's base name and the line, for a label.
func (p Position) short() string { return fmt.Sprintf("%s:%d", filepath.Base(p.File), p.Line) }

// contains reports whether the span p covers q's start.
func (p Position) contains(q Position) bool {
	if p.File != q.File {
		return false
	}
	after := q.Line > p.Line || q.Line == p.Line && q.Col >= p.Col
	before := q.Line < p.EndLine || q.Line == p.EndLine && q.Col <= p.EndColumn
	return after && before
}

// size orders spans by extent: lines first, then columns.
func (p Position) size() (int, int) { return p.EndLine - p.Line, p.EndColumn - p.Col }

func compareSize(a, b Position) int {
	al, ac := a.size()
	bl, bc := b.size()
	return cmp.Or(cmp.Compare(al, bl), cmp.Compare(ac, bc))
}

func comparePos(a, b Position) int {
	return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
}

// A Relation is what an edge says the code does.
type Relation string

// The relations, in the order edges between the same two nodes are listed.
const (
	// Owns: the source kind's reconciler creates objects of the target
	// kind with a controller reference to the source object.
	Owns Relation = "owns"
	// Watches: the source kind's controller is told of changes to objects
	// of the target kind (Owns, Watches).
	Watches Relation = "watches"
	// LooksUp: the source kind's reconciler reads its owner of the target
	// kind (by a name, or through its owner references).
	LooksUp Relation = "looks up"
	// Deletes: the source kind's deletion code deletes objects of the
	// target kind.
	Deletes Relation = "deletes"
	// WaitsFor: while an object of the source kind is being deleted, its
	// finalizer stays as long as an object of the target kind exists.
	WaitsFor Relation = "waits for"
)

var relationOrder = []Relation{Owns, Watches, LooksUp, Deletes, WaitsFor}

// NodeType tells what a node stands for.
type NodeType string

const (
	// Reconciled: a kind an analysed controller reconciles.
	Reconciled NodeType = "reconciled"
	// Kind: a kind an analysed controller owns, watches, looks up,
	// deletes or waits for, and none reconciles.
	Kind NodeType = "kind"
	// Code: a function with findings that the graph ties to no kind.
	Code NodeType = "code"
)

// A Node is a kind, or a function with findings of no kind.
type Node struct {
	// ID is the kind's GroupKind ("Deployment.apps", "ConfigMap") when
	// its API group is known, else its Go type's key,
	// "import/path.Name"; for a controller whose kind is set at run time
	// (an unstructured object), "reconciler:" and the reconciler's type;
	// for code, "code:" and the function.
	ID    string   `json:"id"`
	Label string   `json:"label"`
	Type  NodeType `json:"type"`
	// GroupKind is the kind as schema.GroupKind writes it, when its API
	// group is known.
	GroupKind string `json:"groupKind,omitempty"`
	// Types are the Go types ("import/path.Name") the code names the
	// kind by: more than one when it uses several API versions of it.
	Types []string `json:"types,omitempty"`
	// Finalizer: the kind's reconciler adds a finalizer to it.
	Finalizer bool `json:"finalizer,omitempty"`
	// Polls says how often the kind's reconciler asks for another pass
	// after each that succeeds and reaches its children ("every 30s"), or
	// is empty.
	Polls    string    `json:"polls,omitempty"`
	Findings []Finding `json:"findings,omitempty"`
	// code is where the controller's code is (its reconciler's functions
	// and where it is built), or the function of a code node.
	code []Position
	// name is the kind's name (a kind node's), for labels and Focus.
	name string
}

// An Edge is one relation between two nodes.
type Edge struct {
	From     string   `json:"from"`
	To       string   `json:"to"`
	Relation Relation `json:"relation"`
	// Detail says how: the builder method of a watch ("Owns",
	// "Watches"...), "Get" or "owner references" for a lookup, "and
	// waits" for a deletion whose end is waited for.
	Detail string `json:"detail,omitempty"`
	// At are the places in the code that make the relation.
	At       []Position `json:"at"`
	Findings []Finding  `json:"findings,omitempty"`
	// Grant says whether the RBAC roles read (the repository's
	// manifests, the package's +kubebuilder:rbac markers) let the
	// source's controller do it: Granted, NotGranted, or "" when the
	// graph cannot tell.
	Grant Grant `json:"rbac,omitempty"`
	// Needs names the verbs the relation takes on the target's
	// resource, as a role grants them ("delete", "list, watch"), when
	// Grant is set.
	Needs string `json:"needs,omitempty"`
	// IfOwner: a lookup drawn only when the graph shows To owning From,
	// or To is a reconciled kind From does not own, or a finding is about
	// it; other lookups read dependencies outside the deletion topology,
	// or read back the looker's own children.
	IfOwner bool `json:"-"`
}

// A Grant says whether the roles an operator is deployed with allow what an
// edge does.
type Grant string

const (
	// Granted: a role or marker grants the verbs Needs names.
	Granted Grant = "granted"
	// NotGranted: the roles read are those of the source's controller
	// (one of them writes the source's resource), and none grants the
	// verbs: the API server refuses the call.
	NotGranted Grant = "not granted"
)

// merge returns what two answers for one edge say: granted when either
// found a grant (another package's markers), else not granted when
// either knows the roles.
func (g Grant) merge(h Grant) Grant {
	switch {
	case g == Granted || h == Granted:
		return Granted
	case g == NotGranted || h == NotGranted:
		return NotGranted
	}
	return ""
}

// A Finding is a deletionlint diagnostic.
type Finding struct {
	Rule     string     `json:"rule"`
	Category string     `json:"category,omitempty"`
	Message  string     `json:"message"`
	Pos      Position   `json:"posn"`
	Related  []Position `json:"related,omitempty"`
}

// label is the finding as an edge or node label shows it: a warning sign,
// the rule and the position, on two lines when split (Mermaid wraps lines
// wider than 200 pixels, and then lays the labels out over each other).
func (f Finding) label(split bool) []string {
	if split {
		return []string{"⚠ " + f.Rule, f.Pos.short()}
	}
	return []string{"⚠ " + f.Rule + " " + f.Pos.short()}
}

// A Controller is a controller the analysed code builds, for one kind.
type Controller struct {
	// Kind is the reconciled kind's key, or "" when it is set at run time.
	Kind string
	// Reconciler is the reconciler's type, "import/path.Name".
	Reconciler string
	// Finalizer: the reconciler adds a finalizer to the reconciled object.
	Finalizer bool
	// Polls is how often the reconciler polls on the passes that reach
	// its children (polls.Poll.Describe), or "".
	Polls string
	// Code are the spans of the reconciler's functions and of the
	// builder, so that findings there are placed on the kind.
	Code []Position
}

// nodeID is the ID of the controller's node.
func (c Controller) nodeID() string {
	if c.Kind != "" {
		return c.Kind
	}
	return "reconciler:" + c.Reconciler
}

// A Func is a function of an analysed package, for the findings that fall
// on no kind.
type Func struct {
	// ID is the function's identity, unique in the program:
	// "import/path.Func" or "import/path.Type.Method".
	ID   string
	Name string // pkg.Func or pkg.Type.Method, for the reader
	Span Position
}

// A Fragment is what one package contributes to the graph.
type Fragment struct {
	Controllers []Controller
	// Edges name kinds by key, or a controller of no kind by its node ID
	// ("reconciler:" and the reconciler's type).
	Edges []Edge
	Funcs []Func
	// GroupKinds maps the kind keys of Controllers and Edges whose API
	// group is known to their GroupKind ("Deployment.apps"): the kinds
	// of one GroupKind are one node, whatever Go type (API version) the
	// code names them by.
	GroupKinds map[string]string
}

// A Graph is the deletion topology of the analysed code.
type Graph struct {
	Nodes []*Node `json:"nodes"`
	Edges []*Edge `json:"edges"`
}

// NodeID returns the ID a fragment gives the node of a controller of
// kind, or of an unknown kind given its reconciler's type key; Build
// makes it the kind's GroupKind when the fragment knows it.
func NodeID(kind, reconciler string) string {
	return Controller{Kind: kind, Reconciler: reconciler}.nodeID()
}

// Build merges the packages' fragments and places the findings. Positions
// under dir are made relative to it.
func Build(frags []*Fragment, findings []Finding, dir string) *Graph {
	b := &builder{nodes: make(map[string]*Node), edges: make(map[edgeKey]*Edge), groupKinds: make(map[string]string)}
	for _, f := range frags {
		if f != nil {
			maps.Copy(b.groupKinds, f.GroupKinds)
		}
	}
	var funcs []Func
	for _, f := range frags {
		if f == nil {
			continue
		}
		for _, c := range f.Controllers {
			n := b.node(c.nodeID(), Reconciled)
			n.Finalizer = n.Finalizer || c.Finalizer
			n.Polls = cmp.Or(n.Polls, c.Polls)
			n.code = append(n.code, c.Code...)
		}
		for _, e := range f.Edges {
			b.edge(e)
		}
		funcs = append(funcs, f.Funcs...)
	}
	g := &Graph{}
	for _, n := range b.nodes {
		g.Nodes = append(g.Nodes, n)
	}
	for _, e := range b.edges {
		g.Edges = append(g.Edges, e)
	}
	g.sort()
	slices.SortFunc(findings, func(a, b Finding) int {
		return cmp.Or(comparePos(a.Pos, b.Pos), strings.Compare(a.Rule, b.Rule), strings.Compare(a.Message, b.Message))
	})
	for _, f := range findings {
		g.place(f, funcs)
	}
	g.prune()
	g.relativize(dir)
	g.label()
	g.sort()
	return g
}

type edgeKey struct {
	from, to string
	rel      Relation
	detail   string
}

type builder struct {
	nodes map[string]*Node
	edges map[edgeKey]*Edge
	// groupKinds are the fragments' GroupKinds of kind keys.
	groupKinds map[string]string
}

// id returns the ID of the node of a fragment's node ID: a kind's
// GroupKind when known, else the ID itself.
func (b *builder) id(key string) string {
	return cmp.Or(b.groupKinds[key], key)
}

// node returns the node of a fragment's node ID key, made of type t if
// new; a reconciled kind stays one.
func (b *builder) node(key string, t NodeType) *Node {
	id := b.id(key)
	n := b.nodes[id]
	if n == nil {
		n = &Node{ID: id, Type: t}
		b.nodes[id] = n
	}
	if gk := b.groupKinds[key]; gk != "" {
		n.GroupKind = gk
		if !slices.Contains(n.Types, key) {
			n.Types = append(n.Types, key)
		}
	}
	if t == Reconciled {
		n.Type = Reconciled
	}
	return n
}

// edge adds a fragment's edge, between the nodes of its ends.
func (b *builder) edge(e Edge) {
	b.node(e.From, Kind)
	b.node(e.To, Kind)
	k := edgeKey{b.id(e.From), b.id(e.To), e.Relation, e.Detail}
	if old := b.edges[k]; old != nil {
		old.At = append(old.At, e.At...)
		old.IfOwner = old.IfOwner && e.IfOwner
		old.Grant = old.Grant.merge(e.Grant)
		old.Needs = cmp.Or(old.Needs, e.Needs)
		return
	}
	e.At = slices.Clone(e.At)
	e.From, e.To = k.from, k.to
	b.edges[k] = &e
}

// place puts f on the edge one of whose places holds its position; else on
// the edge that holds one of its related positions (the lookup behind a
// return, the Delete behind a helper call); else on the kind whose
// controller's code holds it; else on a node for its function.
func (g *Graph) place(f Finding, funcs []Func) {
	positions := [][]Position{{f.Pos}, f.Related}
	for _, ps := range positions {
		if e := smallest(g.Edges, ps, func(e *Edge) []Position { return e.At }); e != nil {
			e.Findings = append(e.Findings, f)
			return
		}
	}
	for _, ps := range positions {
		if n := smallest(g.Nodes, ps, func(n *Node) []Position { return n.code }); n != nil {
			n.Findings = append(n.Findings, f)
			return
		}
	}
	id, name, span := "code:"+f.Pos.File, filepath.Base(f.Pos.File), Position{}
	for _, fn := range funcs {
		if fn.Span.contains(f.Pos) && (span.File == "" || compareSize(fn.Span, span) < 0) {
			// By identity: two packages may both have a ctrl.Backup.
			id, name, span = "code:"+cmp.Or(fn.ID, fn.Name), fn.Name, fn.Span
		}
	}
	for _, n := range g.Nodes {
		if n.ID == id {
			n.Findings = append(n.Findings, f)
			return
		}
	}
	g.Nodes = append(g.Nodes, &Node{ID: id, Label: name, Type: Code, Findings: []Finding{f}})
}

// smallest returns the element, of those with a span holding one of ps,
// whose span is the smallest; the first in order on a tie.
func smallest[T any](list []T, ps []Position, spans func(T) []Position) T {
	var best T
	var bestSpan Position
	found := false
	for _, x := range list {
		for _, s := range spans(x) {
			for _, p := range ps {
				if s.contains(p) && (!found || compareSize(s, bestSpan) < 0) {
					best, bestSpan, found = x, s, true
				}
			}
		}
	}
	return best
}

// prune drops the lookups (IfOwner) that no finding is about, of kinds
// that neither own the looker nor are reconciled by the analysed code (a
// dependency, such as a Secret the spec names), or that the looker owns
// (its own child, read back), and then the kinds no edge reaches.
func (g *Graph) prune() {
	owns := make(map[[2]string]bool)
	for _, e := range g.Edges {
		if e.Relation == Owns {
			owns[[2]string{e.From, e.To}] = true
		}
	}
	reconciled := make(map[string]bool)
	for _, n := range g.Nodes {
		reconciled[n.ID] = n.Type == Reconciled
	}
	g.Edges = slices.DeleteFunc(g.Edges, func(e *Edge) bool {
		owner := owns[[2]string{e.To, e.From}] || reconciled[e.To] && !owns[[2]string{e.From, e.To}]
		return e.IfOwner && len(e.Findings) == 0 && !owner
	})
	linked := make(map[string]bool)
	for _, e := range g.Edges {
		linked[e.From], linked[e.To] = true, true
	}
	g.Nodes = slices.DeleteFunc(g.Nodes, func(n *Node) bool {
		return n.Type == Kind && !linked[n.ID] && len(n.Findings) == 0
	})
}

// relativize makes the positions under dir relative to it, so that the
// output is the same on every machine.
func (g *Graph) relativize(dir string) {
	rel := func(p *Position) {
		if dir == "" || !filepath.IsAbs(p.File) {
			return
		}
		if r, err := filepath.Rel(dir, p.File); err == nil && !strings.HasPrefix(r, "..") {
			p.File = filepath.ToSlash(r)
		}
	}
	fix := func(fs []Finding) {
		for i := range fs {
			rel(&fs[i].Pos)
			for j := range fs[i].Related {
				rel(&fs[i].Related[j])
			}
		}
	}
	for _, n := range g.Nodes {
		fix(n.Findings)
		for i := range n.code {
			rel(&n.code[i])
		}
	}
	for _, e := range g.Edges {
		fix(e.Findings)
		for i := range e.At {
			rel(&e.At[i])
		}
	}
}

// label gives each node its label: the kind's name; when two kinds share
// a name, its GroupKind, or when its group is not known its name qualified
// by its package's name, and by its path when that is not enough either.
func (g *Graph) label() {
	key := func(n *Node) string { return strings.TrimPrefix(n.ID, "reconciler:") }
	qualified := func(key string) string {
		path, name := splitKind(key)
		return pathBase(path) + "." + name
	}
	count := make(map[string]int)
	codeLabels := make(map[string]int)
	for _, n := range g.Nodes {
		switch {
		case n.Type == Code:
			codeLabels[n.Label]++
			continue
		case n.GroupKind != "":
			n.name, _, _ = strings.Cut(n.GroupKind, ".")
		default:
			_, n.name = splitKind(key(n))
			count[qualified(key(n))]++
		}
		count[n.name]++
	}
	for _, n := range g.Nodes {
		k := key(n)
		switch {
		case n.Type == Code:
			if codeLabels[n.Label] > 1 {
				// Two functions of one name in two packages: their
				// identities tell them apart.
				n.Label = strings.TrimPrefix(n.ID, "code:")
			}
		case k != n.ID:
			n.Label = qualified(k) + " (kind set at run time)"
		case count[n.name] == 1:
			n.Label = n.name
		case n.GroupKind != "":
			n.Label = n.GroupKind
		case count[qualified(k)] == 1:
			n.Label = qualified(k)
		default:
			n.Label = k
		}
	}
}

// splitKind splits "import/path.Name" into the path and the name.
func splitKind(key string) (path, name string) {
	i := strings.LastIndex(key, ".")
	if i < 0 || strings.LastIndex(key, "/") > i {
		return "", key
	}
	return key[:i], key[i+1:]
}

// pathBase is the last element of an import path, without a major
// version suffix.
func pathBase(path string) string {
	parts := strings.Split(path, "/")
	base := parts[len(parts)-1]
	if len(parts) > 1 && len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = parts[len(parts)-2] + "/" + base
	}
	return base
}

// sort puts nodes, edges, places and findings in a stable order.
func (g *Graph) sort() {
	byPos := func(fs []Finding) {
		slices.SortFunc(fs, func(a, b Finding) int {
			return cmp.Or(comparePos(a.Pos, b.Pos), strings.Compare(a.Rule, b.Rule), strings.Compare(a.Message, b.Message))
		})
	}
	for _, n := range g.Nodes {
		byPos(n.Findings)
		slices.SortFunc(n.code, comparePos)
		n.code = slices.Compact(n.code)
		slices.Sort(n.Types)
	}
	for _, e := range g.Edges {
		byPos(e.Findings)
		slices.SortFunc(e.At, comparePos)
		e.At = slices.CompactFunc(e.At, func(a, b Position) bool { return comparePos(a, b) == 0 })
	}
	slices.SortFunc(g.Nodes, func(a, b *Node) int { return strings.Compare(a.ID, b.ID) })
	slices.SortFunc(g.Edges, func(a, b *Edge) int {
		return cmp.Or(strings.Compare(a.From, b.From), strings.Compare(a.To, b.To),
			cmp.Compare(slices.Index(relationOrder, a.Relation), slices.Index(relationOrder, b.Relation)),
			strings.Compare(a.Detail, b.Detail))
	})
}
