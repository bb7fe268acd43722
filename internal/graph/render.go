package graph

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Formats are the output formats, for -format.
var Formats = []string{"mermaid", "dot", "json"}

// Write writes g in format (one of Formats).
func (g *Graph) Write(w io.Writer, format string) error {
	switch format {
	case "mermaid":
		return g.Mermaid(w)
	case "dot":
		return g.DOT(w)
	case "json":
		return g.JSON(w)
	}
	return fmt.Errorf("unknown graph format %q (want %s)", format, strings.Join(Formats, ", "))
}

// Colours of a problem: the same in every format.
const (
	problemStroke = "#c00000"
	problemFill   = "#fde2e2"
	otherFill     = "#f2f2f2"
	otherStroke   = "#888888"
)

// A line is what a picture draws from one node to another: the edges
// between them that way, merged into one arrow.
type line struct {
	from, to string
	edges    []*Edge
}

// lines merges the edges (sorted by from and to) into lines.
func (g *Graph) lines() []line {
	var out []line
	for _, e := range g.Edges {
		if n := len(out); n > 0 && out[n-1].from == e.From && out[n-1].to == e.To {
			out[n-1].edges = append(out[n-1].edges, e)
			continue
		}
		out = append(out, line{from: e.From, to: e.To, edges: []*Edge{e}})
	}
	return out
}

// problem reports whether a finding is about the line.
func (l line) problem() bool {
	for _, e := range l.edges {
		if len(e.Findings) > 0 {
			return true
		}
	}
	return false
}

// dashed reports whether the line only watches and looks up: it carries
// events or reads, not ownership, deletion or waiting.
func (l line) dashed() bool {
	for _, e := range l.edges {
		if e.Relation != Watches && e.Relation != LooksUp {
			return false
		}
	}
	return true
}

// text returns the lines of the line's label: each relation, and each
// finding about it (see Finding.label).
func (l line) text(split bool) []string {
	var out []string
	for _, e := range l.edges {
		out = append(out, e.text())
		if e.Grant == NotGranted {
			out = append(out, "✗ not granted: "+e.Needs)
		}
		for _, f := range e.Findings {
			out = append(out, f.label(split)...)
		}
	}
	return out
}

// text says the edge's relation in words.
func (e *Edge) text() string {
	switch {
	case e.Relation == WaitsFor:
		return "waits for, while deleting"
	case (e.Relation == Watches || e.Relation == LooksUp) && e.Detail != "":
		return string(e.Relation) + " (" + e.Detail + ")"
	case e.Detail != "":
		return string(e.Relation) + " " + e.Detail
	}
	return string(e.Relation)
}

// tooltip lists the findings' positions and messages, for the formats
// that show a tooltip.
func tooltip(fs []Finding) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, f.Pos.String()+": "+f.Rule+": "+f.Message)
	}
	return strings.Join(parts, "\n")
}

// text returns the lines of a node's label.
func (n *Node) text(split bool) []string {
	out := []string{n.Label}
	if n.Finalizer {
		out = append(out, "finalizer")
	}
	if n.Polls != "" {
		out = append(out, "polls "+n.Polls)
	}
	for _, f := range n.Findings {
		out = append(out, f.label(split)...)
	}
	return out
}

// ids numbers the nodes n0, n1, ... in order: identifiers every format
// accepts.
func (g *Graph) ids() map[string]string {
	ids := make(map[string]string, len(g.Nodes))
	for i, n := range g.Nodes {
		ids[n.ID] = fmt.Sprintf("n%d", i)
	}
	return ids
}

// Mermaid writes g as a Mermaid flowchart, for Markdown that GitHub and
// most documentation sites render.
func (g *Graph) Mermaid(w io.Writer) error {
	bw := bufio.NewWriter(w)
	ids := g.ids()
	esc := func(lines []string) string {
		r := strings.NewReplacer(`"`, "#quot;", "<", "#lt;", ">", "#gt;")
		for i, s := range lines {
			lines[i] = r.Replace(s)
		}
		return `"` + strings.Join(lines, "<br/>") + `"`
	}
	fmt.Fprintln(bw, "flowchart LR")
	var problems, others, code []string
	for _, n := range g.Nodes {
		id, label := ids[n.ID], esc(n.text(true))
		switch n.Type {
		case Reconciled:
			fmt.Fprintf(bw, "  %s[%s]\n", id, label)
		case Kind:
			fmt.Fprintf(bw, "  %s(%s)\n", id, label)
			others = append(others, id)
		case Code:
			fmt.Fprintf(bw, "  %s[/%s/]\n", id, label)
			code = append(code, id)
		}
		if len(n.Findings) > 0 {
			problems = append(problems, id)
		}
	}
	var red []string
	drawn := make(map[[2]string]bool)
	for i, l := range g.lines() {
		arrow := "-->"
		if l.dashed() {
			arrow = "-.->"
		}
		if drawn[[2]string{l.to, l.from}] {
			// The way back between two kinds: one rank longer, or
			// Mermaid draws the two labels over each other.
			arrow = arrow[:len(arrow)-2] + arrow[len(arrow)-3:]
		}
		drawn[[2]string{l.from, l.to}] = true
		fmt.Fprintf(bw, "  %s %s|%s| %s\n", ids[l.from], arrow, esc(l.text(true)), ids[l.to])
		if l.problem() {
			red = append(red, fmt.Sprint(i))
		}
	}
	// The classes in use only: a graph without findings has nothing in
	// the problem colour.
	for _, c := range []struct {
		name, style string
		ids         []string
	}{
		{"kind", fmt.Sprintf("fill:%s,stroke:%s,color:#333", otherFill, otherStroke), others},
		{"code", "stroke-dasharray:5 3", code},
		{"problem", fmt.Sprintf("fill:%s,stroke:%s,stroke-width:3px,color:#000", problemFill, problemStroke), problems},
	} {
		if len(c.ids) > 0 {
			fmt.Fprintf(bw, "  classDef %s %s\n  class %s %s\n", c.name, c.style, strings.Join(c.ids, ","), c.name)
		}
	}
	if len(red) > 0 {
		fmt.Fprintf(bw, "  linkStyle %s stroke:%s,stroke-width:3px,color:%s\n", strings.Join(red, ","), problemStroke, problemStroke)
	}
	return bw.Flush()
}

// DOT writes g in Graphviz's DOT language; the findings' messages are the
// tooltips of SVG output.
func (g *Graph) DOT(w io.Writer) error {
	bw := bufio.NewWriter(w)
	ids := g.ids()
	q := func(s string) string {
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
	}
	fmt.Fprintln(bw, "digraph deletion {")
	fmt.Fprintln(bw, `  rankdir=LR;`)
	fmt.Fprintln(bw, `  node [shape=box, style=filled, fillcolor="#ffffff", fontname="Helvetica"];`)
	fmt.Fprintln(bw, `  edge [fontname="Helvetica", fontsize=10];`)
	for _, n := range g.Nodes {
		attrs := []string{"label=" + q(strings.Join(n.text(false), "\n"))}
		switch n.Type {
		case Kind:
			attrs = append(attrs, `style="rounded,filled"`, "fillcolor="+q(otherFill), "color="+q(otherStroke))
		case Code:
			attrs = append(attrs, "shape=note", `style="dashed,filled"`)
		}
		if n.Finalizer {
			attrs = append(attrs, "peripheries=2")
		}
		if len(n.Findings) > 0 {
			attrs = append(attrs, "fillcolor="+q(problemFill), "color="+q(problemStroke), "penwidth=3", "tooltip="+q(tooltip(n.Findings)))
		}
		fmt.Fprintf(bw, "  %s [%s];\n", ids[n.ID], strings.Join(attrs, ", "))
	}
	for _, l := range g.lines() {
		attrs := []string{"label=" + q(strings.Join(l.text(false), "\n"))}
		if l.dashed() {
			attrs = append(attrs, "style=dashed")
		}
		if l.problem() {
			var fs []Finding
			for _, e := range l.edges {
				fs = append(fs, e.Findings...)
			}
			attrs = append(attrs, "color="+q(problemStroke), "fontcolor="+q(problemStroke), "penwidth=3", "tooltip="+q(tooltip(fs)))
		}
		fmt.Fprintf(bw, "  %s -> %s [%s];\n", ids[l.from], ids[l.to], strings.Join(attrs, ", "))
	}
	fmt.Fprintln(bw, "}")
	return bw.Flush()
}

// JSON writes g as JSON: its nodes and edges, each with the findings about
// it and their positions.
func (g *Graph) JSON(w io.Writer) error {
	out := struct {
		Nodes []*Node `json:"nodes"`
		Edges []*Edge `json:"edges"`
	}{g.Nodes, g.Edges}
	if out.Nodes == nil {
		out.Nodes = []*Node{}
	}
	if out.Edges == nil {
		out.Edges = []*Edge{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
