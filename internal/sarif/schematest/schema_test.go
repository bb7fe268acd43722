package schematest

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func compile(t *testing.T) *jsonschema.Schema {
	t.Helper()
	path := os.Getenv("SARIF_SCHEMA")
	if path == "" {
		t.Fatal("SARIF_SCHEMA is not set: run make sarif-schema-test, which fetches the schema")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, name string, data []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("%s does not conform to the SARIF 2.1.0 schema:\n%v", name, err)
	}
}

// TestExampleLog validates the example log of the sarif package's tests,
// which holds every kind of content the command writes (its test keeps the
// file equal to what the package produces).
func TestExampleLog(t *testing.T) {
	s := compile(t)
	data, err := os.ReadFile(filepath.Join("..", "testdata", "example.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	validate(t, s, "example.sarif", data)
}

// TestCommandOutput builds deletionlint and validates the log it writes for
// a package with a malformed directive (reported whenever a rule is
// registered) and a package that cannot be loaded.
func TestCommandOutput(t *testing.T) {
	s := compile(t)
	bin := filepath.Join(t.TempDir(), "deletionlint")
	build := exec.Command("go", "build", "-o", bin, "./cmd/deletionlint")
	build.Dir = filepath.Join("..", "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	gopath, err := filepath.Abs(filepath.Join("..", "..", "..", "cmd", "deletionlint", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []string{"directive", "broken"} {
		cmd := exec.Command(bin, "-format=sarif", pkg)
		cmd.Dir = filepath.Join(gopath, "src")
		cmd.Env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOFLAGS=")
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		_ = cmd.Run() // a load error exits 1 and still writes the log
		if !json.Valid(stdout.Bytes()) {
			t.Fatalf("%s: output is not JSON: %q", pkg, stdout.String())
		}
		validate(t, s, pkg, stdout.Bytes())
	}
}

// TestSchemaRejectsInvalidLog makes sure the schema is in force: a level
// outside the enumeration must be rejected.
func TestSchemaRejectsInvalidLog(t *testing.T) {
	s := compile(t)
	data, err := os.ReadFile(filepath.Join("..", "testdata", "example.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(data, []byte(`"level": "warning"`), []byte(`"level": "fatal"`), 1)
	if bytes.Equal(bad, data) {
		t.Fatal("example.sarif has no warning result to alter")
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(v); err == nil {
		t.Error("a result with level \"fatal\" was accepted")
	}
}

// TestSchemaRejects lists mistakes a SARIF writer can make that the schema
// catches (the sarif package's tests check what it cannot: references
// between objects and the order of region bounds).
func TestSchemaRejects(t *testing.T) {
	s := compile(t)
	const base = `"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0"`
	const tool = `"tool":{"driver":{"name":"x","rules":[{"id":"a"}]}}`
	tests := []struct{ name, log string }{
		{"not JSON", `{`},
		{"wrong version", `{"version":"2.0.0","runs":[]}`},
		{"no runs", `{` + base + `}`},
		{"no driver name", `{` + base + `,"runs":[{"tool":{"driver":{}}}]}`},
		{"unknown property", `{` + base + `,"runs":[{` + tool + `,"colour":1}]}`},
		{"result without message", `{` + base + `,"runs":[{` + tool + `,"results":[{"ruleId":"a"}]}]}`},
		{"message without text or id", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{}}]}]}`},
		{"bad level", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`},
		{"column zero", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"file:///a.go"},"region":{"startLine":1,"startColumn":0}}}]}]}]}`},
		{"fix without changes", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"fixes":[{"artifactChanges":[]}]}]}]}`},
		{"invocation without success", `{` + base + `,"runs":[{` + tool + `,"invocations":[{}]}]}`},
		{"bad column kind", `{` + base + `,"runs":[{` + tool + `,"columnKind":"bytes"}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := jsonschema.UnmarshalJSON(strings.NewReader(tt.log))
			if err == nil {
				err = s.Validate(v)
			}
			if err == nil {
				t.Errorf("accepted: %s", tt.log)
			}
		})
	}
}
