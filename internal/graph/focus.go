package graph

import (
	"fmt"
	"slices"
	"strings"
)

// Focus returns the neighbourhood of one kind: the nodes within depth
// edges of it, either way, and the edges between them. kind is a node's
// label, its kind's name or its full ID, in any case.
func (g *Graph) Focus(kind string, depth int) (*Graph, error) {
	start, err := g.find(kind)
	if err != nil {
		return nil, err
	}
	adj := make(map[string][]string)
	for _, e := range g.Edges {
		adj[e.From] = append(adj[e.From], e.To)
		adj[e.To] = append(adj[e.To], e.From)
	}
	keep := map[string]bool{start.ID: true}
	frontier := []string{start.ID}
	for range depth {
		var next []string
		for _, id := range frontier {
			for _, m := range adj[id] {
				if !keep[m] {
					keep[m] = true
					next = append(next, m)
				}
			}
		}
		frontier = next
	}
	out := &Graph{}
	for _, n := range g.Nodes {
		if keep[n.ID] {
			out.Nodes = append(out.Nodes, n)
		}
	}
	for _, e := range g.Edges {
		if keep[e.From] && keep[e.To] {
			out.Edges = append(out.Edges, e)
		}
	}
	return out, nil
}

// find returns the node named kind; an unknown or ambiguous name is an
// error that lists the candidates.
func (g *Graph) find(kind string) (*Node, error) {
	var found []*Node
	for _, n := range g.Nodes {
		if strings.EqualFold(n.ID, kind) || strings.EqualFold(n.Label, kind) || slices.ContainsFunc(n.Types, func(t string) bool { return strings.EqualFold(t, kind) }) {
			return n, nil
		}
		if strings.EqualFold(n.name, kind) {
			found = append(found, n)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		var names []string
		for _, n := range g.Nodes {
			if n.Type != Code {
				names = append(names, n.Label)
			}
		}
		slices.Sort(names)
		if len(names) == 0 {
			return nil, fmt.Errorf("-focus %s: the graph has no kinds (no controller was found in the packages)", kind)
		}
		return nil, fmt.Errorf("-focus %s: no such kind in the graph; its kinds are %s", kind, strings.Join(names, ", "))
	}
	var ids []string
	for _, n := range found {
		ids = append(ids, n.ID)
	}
	return nil, fmt.Errorf("-focus %s: several kinds have that name, give one of %s", kind, strings.Join(ids, ", "))
}
