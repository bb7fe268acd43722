package ownerbyref_test

import (
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/analyzers/ownerbyref"
)

func TestConfigureOwnerKinds(t *testing.T) {
	t.Cleanup(func() {
		if _, err := analyzers.Configure(nil); err != nil {
			t.Error(err)
		}
	})
	if _, err := analyzers.Configure(map[string]any{"ownerbyref": map[string]any{"owner-kinds": []any{"example.com/api/v1.Tenant"}}}); err != nil {
		t.Fatal(err)
	}
	if got := ownerbyref.Analyzer.Flags.Lookup("owner-kinds").Value.String(); got != "example.com/api/v1.Tenant" {
		t.Errorf("owner-kinds = %q", got)
	}
	_, err := analyzers.Configure(map[string]any{"ownerbyref": map[string]any{"owner-kinds": []any{"Tenant"}}})
	if err == nil || !strings.Contains(err.Error(), "settings.ownerbyref.owner-kinds") {
		t.Errorf("bad owner kind: err = %v", err)
	}
}
