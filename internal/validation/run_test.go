package validation

import "testing"

func TestCopyName(t *testing.T) {
	plain := copyName(Source{Module: "example.com/op", Version: "v1.2.0"}, "op-12")
	if plain != "op-12@v1.2.0" {
		t.Errorf("copyName without edits = %q, want op-12@v1.2.0", plain)
	}
	a := copyName(Source{Module: "example.com/op", Version: "v1.2.0", Edits: []string{"-replace=a=b@v1.0.0"}}, "op-12")
	b := copyName(Source{Module: "example.com/op", Version: "v1.2.0", Edits: []string{"-replace=a=b@v1.0.1"}}, "op-12")
	if a == plain || b == plain || a == b {
		t.Errorf("copyName: edits must name their own copy: %q, %q, %q", plain, a, b)
	}
}

func TestNoSumDB(t *testing.T) {
	if got := noSumDB("", "example.com/op"); got != "example.com/op" {
		t.Errorf("noSumDB without a setting = %q", got)
	}
	if got := noSumDB("corp.example/*", "example.com/op"); got != "corp.example/*,example.com/op" {
		t.Errorf("noSumDB with a setting = %q", got)
	}
}

// TestParse: findings come with positions relative to the module, once for
// a package and its test variant, and a failed analysis is told apart from
// a package without findings.
func TestParse(t *testing.T) {
	out := []byte(`{
  "example.com/op/ctrl": {
    "ownschildren": [{"posn": "/m/ctrl/a.go:3:1", "message": "m", "related": [{"posn": "/m/ctrl/b.go:9:2"}]}],
    "finalizerblock": {"error": "internal error: boom"}
  },
  "example.com/op/ctrl [example.com/op/ctrl.test]": {
    "ownschildren": [{"posn": "/m/ctrl/a.go:3:1", "message": "m"}]
  },
  "example.com/op/api": {"ownschildren": []}
}`)
	found, failed, err := parse(out, "/m")
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 1 || found[0].Posn != "ctrl/a.go:3:1" || found[0].Rule != "ownschildren" || len(found[0].Related) != 1 || found[0].Related[0] != "ctrl/b.go:9:2" {
		t.Errorf("findings = %+v, want one ownschildren finding at ctrl/a.go:3:1 with a related position", found)
	}
	if want := "example.com/op/ctrl: finalizerblock: internal error: boom"; len(failed) != 1 || failed[0] != want {
		t.Errorf("failed = %q, want [%q]", failed, want)
	}
	if _, _, err := parse([]byte("not json"), "/m"); err == nil {
		t.Error("parse of a broken output: no error")
	}
}
