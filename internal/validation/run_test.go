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
