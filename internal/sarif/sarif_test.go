package sarif_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/internal/sarif"
	"github.com/deletionlint/deletionlint/internal/sarif/sarifcheck"
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
	if err := sarifcheck.Check(buf.Bytes()); err != nil {
		t.Error(err)
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
