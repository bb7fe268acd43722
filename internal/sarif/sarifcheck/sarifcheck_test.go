package sarifcheck_test

import (
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/internal/sarif/sarifcheck"
)

func TestCheckRejects(t *testing.T) {
	const base = `"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0"`
	const tool = `"tool":{"driver":{"name":"x","rules":[{"id":"a"}]}}`
	tests := []struct {
		name, log, want string
	}{
		{"not JSON", `{`, "not JSON"},
		{"wrong version", `{"version":"2.0.0","runs":[]}`, `"2.0.0" is not one of`},
		{"no runs", `{` + base + `}`, `missing required property "runs"`},
		{"no driver name", `{` + base + `,"runs":[{"tool":{"driver":{}}}]}`, `missing required property "name"`},
		{"unknown property", `{` + base + `,"runs":[{` + tool + `,"colour":1}]}`, `property "colour" is not allowed`},
		{"result without message", `{` + base + `,"runs":[{` + tool + `,"results":[{"ruleId":"a"}]}]}`, `missing required property "message"`},
		{"bad level", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`, `"fatal" is not one of`},
		{"rule index beyond rules", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"ruleId":"a","ruleIndex":1}]}]}`, "beyond the 1 rules"},
		{"rule index mismatch", `{` + base + `,"runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a"},{"id":"b"}]}},"results":[{"message":{"text":"m"},"ruleId":"a","ruleIndex":1}]}]}`, `rule 1 is "b"`},
		{"column zero", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"file:///a.go"},"region":{"startLine":1,"startColumn":0}}}]}]}]}`, "want an integer >= 1"},
		{"end before start", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"file:///a.go"},"region":{"startLine":2,"endLine":1}}}]}]}]}`, "before startLine"},
		{"unknown base", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.go","uriBaseId":"%SRCROOT%"}}}]}]}]}`, "not in the run's originalUriBaseIds"},
		{"relative uri without base", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.go"}}}]}]}]}`, "want an absolute URI"},
		{"base without slash", `{` + base + `,"runs":[{` + tool + `,"originalUriBaseIds":{"R":{"uri":"file:///src"}}}]}`, "must end with a slash"},
		{"fix without changes", `{` + base + `,"runs":[{` + tool + `,"results":[{"message":{"text":"m"},"fixes":[{"artifactChanges":[]}]}]}]}`, "want at least 1 items"},
		{"invocation without success", `{` + base + `,"runs":[{` + tool + `,"invocations":[{}]}]}`, `missing required property "executionSuccessful"`},
		{"bad column kind", `{` + base + `,"runs":[{` + tool + `,"columnKind":"bytes"}]}`, `"bytes" is not one of`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := sarifcheck.Check([]byte(tt.log))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestCheckAccepts(t *testing.T) {
	const log = `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{
	"tool":{"driver":{"name":"x","rules":[{"id":"a","shortDescription":{"text":"s"}}]}},
	"invocations":[{"executionSuccessful":true}],
	"originalUriBaseIds":{"%SRCROOT%":{"uri":"file:///src/"}},
	"columnKind":"unicodeCodePoints",
	"results":[{"ruleId":"a","ruleIndex":0,"level":"warning","message":{"text":"m"},
		"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.go","uriBaseId":"%SRCROOT%"},"region":{"startLine":1,"startColumn":2,"endLine":1,"endColumn":3}}}],
		"fixes":[{"description":{"text":"f"},"artifactChanges":[{"artifactLocation":{"uri":"a.go","uriBaseId":"%SRCROOT%"},"replacements":[{"deletedRegion":{"byteOffset":0,"byteLength":1},"insertedContent":{"text":"y"}}]}]}]}]}]}`
	if err := sarifcheck.Check([]byte(log)); err != nil {
		t.Error(err)
	}
}
