package ownerbyref_test

import (
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/analyzers/ownerbyref"
)

func TestConfigureOwnerKinds(t *testing.T) {
	f := ownerbyref.Analyzer.Flags.Lookup("owner-kinds")
	old := f.Value.String()
	defer func() {
		if err := f.Value.Set(old); err != nil {
			t.Error(err)
		}
	}()
	if _, err := analyzers.Configure(map[string]any{"ownerbyref": map[string]any{"owner-kinds": []any{"example.com/api/v1.Tenant"}}}); err != nil {
		t.Fatal(err)
	}
	if got := f.Value.String(); got != "example.com/api/v1.Tenant" {
		t.Errorf("owner-kinds = %q", got)
	}
	_, err := analyzers.Configure(map[string]any{"ownerbyref": map[string]any{"owner-kinds": []any{"Tenant"}}})
	if err == nil || !strings.Contains(err.Error(), "settings.ownerbyref.owner-kinds") {
		t.Errorf("bad owner kind: err = %v", err)
	}
}
