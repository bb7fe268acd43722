package blockownerdeletion_test

import (
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/analyzers/blockownerdeletion"
)

func TestConfigureAllOwnerReferences(t *testing.T) {
	t.Cleanup(func() {
		if _, err := analyzers.Configure(nil); err != nil {
			t.Error(err)
		}
	})
	if _, err := analyzers.Configure(map[string]any{"blockownerdeletion": map[string]any{"all-owner-references": true}}); err != nil {
		t.Fatal(err)
	}
	if got := blockownerdeletion.Analyzer.Flags.Lookup("all-owner-references").Value.String(); got != "true" {
		t.Errorf("all-owner-references = %q", got)
	}
	if _, err := analyzers.Configure(map[string]any{"blockownerdeletion": map[string]any{"all-owner-references": "yes"}}); err == nil {
		t.Error("a string value was accepted")
	}
}
