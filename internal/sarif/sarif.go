// Package sarif writes go/analysis diagnostics as a SARIF 2.1.0 log (the
// Static Analysis Results Interchange Format, OASIS), the format code
// scanning services such as GitHub's read.
//
// A Log has one run: the tool and its rules (one per analyzer), one result
// per diagnostic with its location, related locations and suggested fixes,
// and one invocation that records whether the analysis completed and the
// errors that stopped it. Columns are counted in Unicode code points
// (columnKind "unicodeCodePoints"); file locations are relative to the
// root directory the Builder is given, the checkout's root (uriBaseId
// "%SRCROOT%"), when they are below it, and absolute file URIs otherwise.
package sarif

import (
	"cmp"
	"encoding/json"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
)

// Level is the SARIF level of a finding when the Builder is given no
// other (SetLevel).
const Level = "warning"

// Version and SchemaURI identify the SARIF version the log conforms to.
const (
	Version   = "2.1.0"
	SchemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
	// SrcRoot is the uriBaseId of locations relative to the root directory.
	SrcRoot = "%SRCROOT%"
)

// Log is a SARIF log file.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []*Run `json:"runs"`
}

// Run is one run of the tool.
type Run struct {
	Tool               Tool                        `json:"tool"`
	Invocations        []*Invocation               `json:"invocations"`
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	ColumnKind         string                      `json:"columnKind"`
	Results            []*Result                   `json:"results"`
}

// Tool describes the analysis tool.
type Tool struct {
	Driver Driver `json:"driver"`
}

// Driver is the tool's main component and the rules it checks.
type Driver struct {
	Name           string                `json:"name"`
	Version        string                `json:"version,omitempty"`
	InformationURI string                `json:"informationUri,omitempty"`
	Rules          []ReportingDescriptor `json:"rules"`
}

// ReportingDescriptor describes one rule.
type ReportingDescriptor struct {
	ID               string   `json:"id"`
	ShortDescription *Message `json:"shortDescription,omitempty"`
	FullDescription  *Message `json:"fullDescription,omitempty"`
	// Help is what code-scanning UIs show beside a finding: the rule's
	// documentation and where to read more.
	Help    *Message `json:"help,omitempty"`
	HelpURI string   `json:"helpUri,omitempty"`
}

// Invocation records whether the run completed.
type Invocation struct {
	ExecutionSuccessful        bool            `json:"executionSuccessful"`
	ToolExecutionNotifications []*Notification `json:"toolExecutionNotifications,omitempty"`
}

// Notification is an error met during the run.
type Notification struct {
	Level   string  `json:"level"`
	Message Message `json:"message"`
}

// Message is a plain-text message.
type Message struct {
	Text string `json:"text"`
}

// Result is one finding.
type Result struct {
	RuleID           string            `json:"ruleId"`
	RuleIndex        int               `json:"ruleIndex"`
	Level            string            `json:"level"`
	Message          Message           `json:"message"`
	Locations        []Location        `json:"locations,omitempty"`
	RelatedLocations []Location        `json:"relatedLocations,omitempty"`
	Fixes            []Fix             `json:"fixes,omitempty"`
	Properties       map[string]string `json:"properties,omitempty"`
}

// Location is a place in a file, with an optional message.
type Location struct {
	ID               *int             `json:"id,omitempty"`
	PhysicalLocation PhysicalLocation `json:"physicalLocation"`
	Message          *Message         `json:"message,omitempty"`
}

// PhysicalLocation is a region of a file.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// ArtifactLocation names a file, relative to a base URI when UriBaseID is
// set.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// Region is a range of text: by line and column for locations, by byte
// offset for the replacements of fixes.
type Region struct {
	StartLine   int  `json:"startLine,omitempty"`
	StartColumn int  `json:"startColumn,omitempty"`
	EndLine     int  `json:"endLine,omitempty"`
	EndColumn   int  `json:"endColumn,omitempty"`
	ByteOffset  *int `json:"byteOffset,omitempty"`
	ByteLength  *int `json:"byteLength,omitempty"`
}

// Fix is a suggested fix.
type Fix struct {
	Description     Message          `json:"description"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
}

// ArtifactChange is the edits of a fix in one file.
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// Replacement replaces a byte range with new text.
type Replacement struct {
	DeletedRegion   Region   `json:"deletedRegion"`
	InsertedContent *Content `json:"insertedContent,omitempty"`
}

// Content is inserted text.
type Content struct {
	Text string `json:"text"`
}

// A Builder accumulates the results of one run.
type Builder struct {
	fset     *token.FileSet
	root     string
	readFile func(string) ([]byte, error)
	files    map[string][]byte
	run      *Run
	rules    map[string]int
	level    func(rule, category string) string
}

// NewBuilder returns a Builder for a run of the named tool checking the
// given analyzers' rules. Positions are resolved through fset; locations
// below root (an absolute directory) are written relative to it.
func NewBuilder(fset *token.FileSet, root, name, version, infoURI string, analyzers []*analysis.Analyzer) *Builder {
	b := &Builder{
		fset:     fset,
		root:     root,
		readFile: os.ReadFile,
		files:    make(map[string][]byte),
		rules:    make(map[string]int),
		run: &Run{
			Tool:        Tool{Driver: Driver{Name: name, Version: version, InformationURI: infoURI, Rules: []ReportingDescriptor{}}},
			Invocations: []*Invocation{{ExecutionSuccessful: true}},
			ColumnKind:  "unicodeCodePoints",
			Results:     []*Result{},
		},
	}
	if root != "" {
		b.run.OriginalURIBaseIDs = map[string]ArtifactLocation{SrcRoot: {URI: fileURI(root) + "/"}}
	}
	for _, a := range analyzers {
		b.rule(a)
	}
	return b
}

// SetHelpURI sets each rule's helpUri, and the address its help ends
// with, to uri(rule) instead of its analyzer's URL.
func (b *Builder) SetHelpURI(uri func(rule string) string) {
	for i := range b.run.Tool.Driver.Rules {
		d := &b.run.Tool.Driver.Rules[i]
		old := d.HelpURI
		d.HelpURI = uri(d.ID)
		if d.Help != nil && old != "" {
			d.Help.Text = strings.Replace(d.Help.Text, "Documentation: "+old, "Documentation: "+d.HelpURI, 1)
		}
	}
}

// SetLevel sets the SARIF level of each rule's results, by rule and the
// diagnostic's category ("error", "warning", "note"); without it, every
// result is at Level.
func (b *Builder) SetLevel(level func(rule, category string) string) { b.level = level }

func (b *Builder) rule(a *analysis.Analyzer) int {
	if i, ok := b.rules[a.Name]; ok {
		return i
	}
	d := ReportingDescriptor{ID: a.Name, HelpURI: a.URL}
	if doc := strings.TrimSpace(a.Doc); doc != "" {
		short, _, _ := strings.Cut(doc, "\n\n")
		d.ShortDescription = &Message{Text: strings.Join(strings.Fields(short), " ")}
		d.FullDescription = &Message{Text: doc}
		help := doc
		if a.URL != "" {
			help += "\n\nDocumentation: " + a.URL
		}
		d.Help = &Message{Text: help}
	}
	b.run.Tool.Driver.Rules = append(b.run.Tool.Driver.Rules, d)
	i := len(b.run.Tool.Driver.Rules) - 1
	b.rules[a.Name] = i
	return i
}

// Add records a diagnostic reported by a.
func (b *Builder) Add(a *analysis.Analyzer, d analysis.Diagnostic) {
	r := &Result{
		RuleID:    a.Name,
		RuleIndex: b.rule(a),
		Level:     Level,
		Message:   Message{Text: d.Message},
	}
	if b.level != nil {
		r.Level = b.level(a.Name, d.Category)
	}
	if d.Category != "" {
		r.Properties = map[string]string{"category": d.Category}
	}
	if loc, ok := b.location(d.Pos, d.End); ok {
		r.Locations = []Location{loc}
	}
	for i, rel := range d.Related {
		loc, ok := b.location(rel.Pos, rel.End)
		if !ok {
			continue
		}
		id := i + 1
		loc.ID = &id
		loc.Message = &Message{Text: rel.Message}
		r.RelatedLocations = append(r.RelatedLocations, loc)
	}
	for _, f := range d.SuggestedFixes {
		if fix, ok := b.fix(f); ok {
			r.Fixes = append(r.Fixes, fix)
		}
	}
	b.run.Results = append(b.run.Results, r)
}

// Fail records an error that kept the analysis from completing.
func (b *Builder) Fail(message string) {
	inv := b.run.Invocations[0]
	inv.ExecutionSuccessful = false
	inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
		&Notification{Level: "error", Message: Message{Text: message}})
}

// Log returns the log, its results sorted by location and rule.
func (b *Builder) Log() *Log {
	slices.SortStableFunc(b.run.Results, func(x, y *Result) int {
		return cmp.Or(
			cmp.Compare(locKey(x), locKey(y)),
			cmp.Compare(line(x), line(y)),
			cmp.Compare(column(x), column(y)),
			cmp.Compare(x.RuleID, y.RuleID),
			cmp.Compare(x.Message.Text, y.Message.Text),
		)
	})
	return &Log{Schema: SchemaURI, Version: Version, Runs: []*Run{b.run}}
}

// Write writes the log as indented JSON.
func (l *Log) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(l)
}

func locKey(r *Result) string {
	if len(r.Locations) == 0 {
		return ""
	}
	return r.Locations[0].PhysicalLocation.ArtifactLocation.URI
}

func line(r *Result) int {
	if len(r.Locations) == 0 || r.Locations[0].PhysicalLocation.Region == nil {
		return 0
	}
	return r.Locations[0].PhysicalLocation.Region.StartLine
}

func column(r *Result) int {
	if len(r.Locations) == 0 || r.Locations[0].PhysicalLocation.Region == nil {
		return 0
	}
	return r.Locations[0].PhysicalLocation.Region.StartColumn
}

// location converts a position range; ok is false when pos is unknown.
func (b *Builder) location(pos, end token.Pos) (Location, bool) {
	if !pos.IsValid() {
		return Location{}, false
	}
	start := b.fset.Position(pos)
	if start.Filename == "" {
		return Location{}, false
	}
	region := &Region{StartLine: start.Line, StartColumn: b.column(start)}
	if end.IsValid() && end >= pos {
		if e := b.fset.Position(end); e.Filename == start.Filename && e.Line > 0 {
			region.EndLine, region.EndColumn = e.Line, b.column(e)
		}
	}
	return Location{PhysicalLocation: PhysicalLocation{ArtifactLocation: b.artifact(start.Filename), Region: region}}, true
}

// column converts a position's byte column to a code point column, from
// the file's contents; when they cannot be read it keeps the byte column.
func (b *Builder) column(p token.Position) int {
	content, ok := b.files[p.Filename]
	if !ok {
		var err error
		content, err = b.readFile(p.Filename)
		if err != nil {
			content = nil
		}
		b.files[p.Filename] = content
	}
	if p.Column < 1 {
		return 1
	}
	lineStart := p.Offset - (p.Column - 1)
	if content == nil || lineStart < 0 || p.Offset > len(content) {
		return p.Column
	}
	return utf8.RuneCount(content[lineStart:p.Offset]) + 1
}

func (b *Builder) fix(f analysis.SuggestedFix) (Fix, bool) {
	byFile := make(map[string][]Replacement)
	var order []string
	for _, e := range f.TextEdits {
		tf := b.fset.File(e.Pos)
		if tf == nil {
			return Fix{}, false
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		offset, length := tf.Offset(e.Pos), tf.Offset(end)-tf.Offset(e.Pos)
		r := Replacement{DeletedRegion: Region{ByteOffset: &offset, ByteLength: &length}}
		if len(e.NewText) > 0 {
			r.InsertedContent = &Content{Text: string(e.NewText)}
		}
		name := tf.Name()
		if _, ok := byFile[name]; !ok {
			order = append(order, name)
		}
		byFile[name] = append(byFile[name], r)
	}
	if len(order) == 0 {
		return Fix{}, false
	}
	fix := Fix{Description: Message{Text: f.Message}}
	for _, name := range order {
		fix.ArtifactChanges = append(fix.ArtifactChanges, ArtifactChange{ArtifactLocation: b.artifact(name), Replacements: byFile[name]})
	}
	return fix, true
}

// artifact names a file relative to the root when it is below it.
func (b *Builder) artifact(filename string) ArtifactLocation {
	if b.root != "" {
		if rel, err := filepath.Rel(b.root, filename); err == nil && filepath.IsLocal(rel) {
			return ArtifactLocation{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: SrcRoot}
		}
	}
	return ArtifactLocation{URI: fileURI(filename)}
}

func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
