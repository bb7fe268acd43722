package sarif_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/internal/sarif"
)

var update = flag.Bool("update", false, "rewrite testdata/example.sarif")

// The source the example diagnostics point into: a line with non-ASCII
// text before the finding, so byte and code point columns differ.
const src = "package p\n\n// Größe ≠ size\nvar s = \"日本\"; var x = 1\n"

// exampleLog builds a log with every kind of content the command writes:
// results with and without a category, related locations, a suggested fix,
// a result in a file outside the root, and a failure notification.
func exampleLog(t *testing.T) *sarif.Log {
	t.Helper()
	fset := token.NewFileSet()
	root := "/src/project"
	inRoot := fset.AddFile(filepath.Join(root, "pkg", "p.go"), -1, len(src))
	inRoot.SetLinesForContent([]byte(src))
	outside := fset.AddFile("/elsewhere/q.go", -1, len(src))
	outside.SetLinesForContent([]byte(src))
	files := map[string][]byte{inRoot.Name(): []byte(src), outside.Name(): []byte(src)}

	alpha := &analysis.Analyzer{Name: "alpha", Doc: "check alpha things\n\nLonger text about alpha.", URL: "https://example.com/alpha"}
	beta := &analysis.Analyzer{Name: "beta", Doc: "check beta things"}
	b := sarif.NewBuilder(fset, root, "deletionlint", "v1.2.3", "https://example.com", []*analysis.Analyzer{alpha, beta})
	b.SetReadFile(func(name string) ([]byte, error) {
		if c, ok := files[name]; ok {
			return c, nil
		}
		return nil, os.ErrNotExist
	})
	offset := bytes.Index([]byte(src), []byte("var x"))
	pos := inRoot.Pos(offset)
	end := inRoot.Pos(offset + len("var x = 1"))
	b.Add(alpha, analysis.Diagnostic{
		Pos: pos, End: end, Category: "sub", Message: "x is suspicious",
		Related: []analysis.RelatedInformation{{Pos: inRoot.Pos(0), End: inRoot.Pos(len("package p")), Message: "package clause"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "rename x to y",
			TextEdits: []analysis.TextEdit{{Pos: pos + 4, End: pos + 5, NewText: []byte("y")}},
		}},
	})
	b.Add(beta, analysis.Diagnostic{Pos: outside.Pos(0), Message: "outside the root"})
	b.Add(beta, analysis.Diagnostic{Pos: token.NoPos, Message: "no position"})
	b.Fail("p: a load error")
	return b.Log()
}

func TestExampleMatchesGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := exampleLog(t).Write(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "example.sarif")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("log differs from %s (run go test -update):\n%s", golden, buf.String())
	}
	// The schema test (../schematest) validates the golden file against
	// the SARIF 2.1.0 schema; what the schema cannot say is checked here.
	for _, v := range references(buf.Bytes()) {
		t.Error(v)
	}
}

func TestColumnsAndRegions(t *testing.T) {
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine, StartColumn, EndLine, EndColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	var buf bytes.Buffer
	if err := exampleLog(t).Write(&buf); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	results := log.Runs[0].Results
	if len(results) != 3 {
		t.Fatalf("%d results, want 3", len(results))
	}
	// Sorted: no location first, then by URI.
	if len(results[0].Locations) != 0 {
		t.Errorf("first result has a location: %+v", results[0])
	}
	got := results[2].Locations[0].PhysicalLocation
	if got.ArtifactLocation.URI != "pkg/p.go" || got.ArtifactLocation.URIBaseID != sarif.SrcRoot {
		t.Errorf("artifact %+v, want pkg/p.go relative to %s", got.ArtifactLocation, sarif.SrcRoot)
	}
	// `var s = "日本"; ` is 14 code points (18 bytes): var x starts at 15.
	if r := got.Region; r == nil || r.StartLine != 4 || r.StartColumn != 15 || r.EndLine != 4 || r.EndColumn != 24 {
		t.Errorf("region %+v, want 4:15-4:24", got.Region)
	}
	if uri := results[1].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "file:///elsewhere/q.go" {
		t.Errorf("file outside the root: uri %q, want file:///elsewhere/q.go", uri)
	}
}

// refLog is what references reads of a SARIF log.
type refLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID string `json:"id"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		OriginalURIBaseIDs map[string]struct {
			URI string `json:"uri"`
		} `json:"originalUriBaseIds"`
		Results []struct {
			RuleID           string        `json:"ruleId"`
			RuleIndex        *int          `json:"ruleIndex"`
			Locations        []refLocation `json:"locations"`
			RelatedLocations []refLocation `json:"relatedLocations"`
			Fixes            []struct {
				ArtifactChanges []struct {
					ArtifactLocation refArtifact `json:"artifactLocation"`
					Replacements     []struct {
						DeletedRegion   refRegion `json:"deletedRegion"`
						InsertedContent *struct {
							Text   *string `json:"text"`
							Binary *string `json:"binary"`
						} `json:"insertedContent"`
					} `json:"replacements"`
				} `json:"artifactChanges"`
			} `json:"fixes"`
		} `json:"results"`
	} `json:"runs"`
}

type refLocation struct {
	ID               *int `json:"id"`
	PhysicalLocation *struct {
		ArtifactLocation refArtifact `json:"artifactLocation"`
		Region           *refRegion  `json:"region"`
	} `json:"physicalLocation"`
}

type refArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

type refRegion struct {
	StartLine, StartColumn, EndLine, EndColumn *int
	ByteOffset, CharOffset                     *int
}

// references returns what the log gets wrong that the SARIF 2.1.0 JSON
// schema does not check, as the specification requires it: rule ids are
// unique and a result's ruleIndex names its ruleId's rule; related
// locations have unique ids; a uriBaseId is one of the run's
// originalUriBaseIds, which are absolute URIs ending in a slash, and a URI
// without a base is absolute; a region starts somewhere and does not end
// before it starts; an insertion has text or binary content.
func references(data []byte) []string {
	var log refLog
	if err := json.Unmarshal(data, &log); err != nil {
		return []string{"not a SARIF log: " + err.Error()}
	}
	var out []string
	bad := func(path, format string, a ...any) { out = append(out, path+": "+fmt.Sprintf(format, a...)) }
	for i, run := range log.Runs {
		rp := fmt.Sprintf("runs[%d]", i)
		var ids []string
		for j, r := range run.Tool.Driver.Rules {
			if slices.Contains(ids, r.ID) {
				bad(fmt.Sprintf("%s.tool.driver.rules[%d]", rp, j), "duplicate rule id %q", r.ID)
			}
			ids = append(ids, r.ID)
		}
		for name, base := range run.OriginalURIBaseIDs {
			if u, err := url.Parse(base.URI); err != nil || !u.IsAbs() || !strings.HasSuffix(base.URI, "/") {
				bad(rp+".originalUriBaseIds."+name, "a base URI must be absolute and end with a slash, got %q", base.URI)
			}
		}
		artifact := func(path string, a refArtifact) {
			if a.URIBaseID != "" {
				if _, ok := run.OriginalURIBaseIDs[a.URIBaseID]; !ok {
					bad(path, "uriBaseId %q is not in the run's originalUriBaseIds", a.URIBaseID)
				}
			} else if u, err := url.Parse(a.URI); err != nil || !u.IsAbs() {
				bad(path, "a URI without uriBaseId must be absolute, got %q", a.URI)
			}
		}
		region := func(path string, r refRegion) {
			switch {
			case r.StartLine == nil && r.ByteOffset == nil && r.CharOffset == nil:
				bad(path, "a region needs startLine, byteOffset or charOffset")
			case r.StartLine == nil && (r.StartColumn != nil || r.EndLine != nil || r.EndColumn != nil):
				bad(path, "columns and endLine need startLine")
			case r.EndLine != nil && *r.EndLine < *r.StartLine:
				bad(path, "endLine %d is before startLine %d", *r.EndLine, *r.StartLine)
			case r.StartColumn != nil && r.EndColumn != nil && (r.EndLine == nil || *r.EndLine == *r.StartLine) && *r.EndColumn < *r.StartColumn:
				bad(path, "endColumn %d is before startColumn %d on the same line", *r.EndColumn, *r.StartColumn)
			}
		}
		location := func(path string, l refLocation) {
			if pl := l.PhysicalLocation; pl != nil {
				artifact(path+".physicalLocation.artifactLocation", pl.ArtifactLocation)
				if pl.Region != nil {
					region(path+".physicalLocation.region", *pl.Region)
				}
			}
		}
		for j, res := range run.Results {
			p := fmt.Sprintf("%s.results[%d]", rp, j)
			if ri := res.RuleIndex; ri != nil {
				switch {
				case *ri >= len(ids):
					bad(p+".ruleIndex", "%d is beyond the %d rules", *ri, len(ids))
				case *ri >= 0 && res.RuleID != "" && ids[*ri] != res.RuleID:
					bad(p+".ruleIndex", "rule %d is %q, but ruleId is %q", *ri, ids[*ri], res.RuleID)
				}
			}
			for k, l := range res.Locations {
				location(fmt.Sprintf("%s.locations[%d]", p, k), l)
			}
			seen := make(map[int]bool)
			for k, l := range res.RelatedLocations {
				lp := fmt.Sprintf("%s.relatedLocations[%d]", p, k)
				location(lp, l)
				if l.ID != nil {
					if seen[*l.ID] {
						bad(lp+".id", "duplicate id %d", *l.ID)
					}
					seen[*l.ID] = true
				}
			}
			for k, f := range res.Fixes {
				for m, ch := range f.ArtifactChanges {
					cp := fmt.Sprintf("%s.fixes[%d].artifactChanges[%d]", p, k, m)
					artifact(cp+".artifactLocation", ch.ArtifactLocation)
					for n, rep := range ch.Replacements {
						rp := fmt.Sprintf("%s.replacements[%d]", cp, n)
						region(rp+".deletedRegion", rep.DeletedRegion)
						if ic := rep.InsertedContent; ic != nil && ic.Text == nil && ic.Binary == nil {
							bad(rp+".insertedContent", "needs text or binary")
						}
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestReferencesRejects makes sure references finds each mistake it is
// for; the schema test finds the others.
func TestReferencesRejects(t *testing.T) {
	const tool = `"tool":{"driver":{"name":"x","rules":[{"id":"a"}]}}`
	loc := func(artifact, region string) string {
		return `"locations":[{"physicalLocation":{"artifactLocation":` + artifact + `,"region":` + region + `}}]`
	}
	const file = `{"uri":"file:///a.go"}`
	tests := []struct {
		name, run, want string
	}{
		{"rule index beyond rules", tool + `,"results":[{"message":{"text":"m"},"ruleId":"a","ruleIndex":1}]`, "beyond the 1 rules"},
		{"rule index mismatch", `"tool":{"driver":{"name":"x","rules":[{"id":"a"},{"id":"b"}]}},"results":[{"message":{"text":"m"},"ruleId":"a","ruleIndex":1}]`, `rule 1 is "b"`},
		{"duplicate rule id", `"tool":{"driver":{"name":"x","rules":[{"id":"a"},{"id":"a"}]}}`, `duplicate rule id "a"`},
		{"end before start", tool + `,"results":[{"message":{"text":"m"},` + loc(file, `{"startLine":2,"endLine":1}`) + `}]`, "before startLine"},
		{"end column before start column", tool + `,"results":[{"message":{"text":"m"},` + loc(file, `{"startLine":2,"startColumn":5,"endColumn":4}`) + `}]`, "before startColumn"},
		{"region without start", tool + `,"results":[{"message":{"text":"m"},` + loc(file, `{"endColumn":4}`) + `}]`, "needs startLine"},
		{"unknown base", tool + `,"results":[{"message":{"text":"m"},` + loc(`{"uri":"a.go","uriBaseId":"%SRCROOT%"}`, `{"startLine":1}`) + `}]`, "not in the run's originalUriBaseIds"},
		{"relative uri without base", tool + `,"results":[{"message":{"text":"m"},` + loc(`{"uri":"a.go"}`, `{"startLine":1}`) + `}]`, "must be absolute"},
		{"base without slash", tool + `,"originalUriBaseIds":{"R":{"uri":"file:///src"}}`, "end with a slash"},
		{"duplicate related id", tool + `,"results":[{"message":{"text":"m"},"relatedLocations":[{"id":1},{"id":1}]}]`, "duplicate id 1"},
		{"insertion without content", tool + `,"results":[{"message":{"text":"m"},"fixes":[{"artifactChanges":[{"artifactLocation":` + file + `,"replacements":[{"deletedRegion":{"byteOffset":0},"insertedContent":{}}]}]}]}]`, "needs text or binary"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := references([]byte(`{"version":"2.1.0","runs":[{` + tt.run + `}]}`))
			if !slices.ContainsFunc(got, func(v string) bool { return strings.Contains(v, tt.want) }) {
				t.Errorf("references: %q, want one containing %q", got, tt.want)
			}
		})
	}
}

// TestSetLevel: each rule's results take the level SetLevel gives it.
func TestSetLevel(t *testing.T) {
	fset := token.NewFileSet()
	a := &analysis.Analyzer{Name: "a", Doc: "a"}
	b := &analysis.Analyzer{Name: "b", Doc: "b"}
	s := sarif.NewBuilder(fset, "", "t", "", "", []*analysis.Analyzer{a, b})
	s.Add(a, analysis.Diagnostic{Message: "default"})
	s.SetLevel(func(rule, _ string) string {
		if rule == "a" {
			return "error"
		}
		return "warning"
	})
	s.Add(a, analysis.Diagnostic{Message: "error"})
	s.Add(b, analysis.Diagnostic{Message: "warning"})
	for _, r := range s.Log().Runs[0].Results {
		want := r.Message.Text
		if want == "default" {
			want = sarif.Level
		}
		if r.Level != want {
			t.Errorf("result %q has level %q, want %q", r.Message.Text, r.Level, want)
		}
	}
}
