// Package configtest sets deletionlint's settings for a test the way users
// do: a document of the configuration file (.deletionlint.yaml,
// docs/configuration.md), read by internal/config and applied by
// analyzers.Apply, as every driver applies it. The test's cleanup applies
// the empty document, which puts every setting back to its default.
package configtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/internal/config"
)

// Apply applies document, the text of a configuration file, with
// exclusion patterns relative to root, until the end of the test.
func Apply(t testing.TB, root, document string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), config.FileName)
	if err := os.WriteFile(path, []byte(document), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := config.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	settings, err := analyzers.DecodeSettings(f.Settings)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := analyzers.Apply(nil, ""); err != nil {
			t.Error(err)
		}
	})
	if _, err := analyzers.Apply(settings, root); err != nil {
		t.Fatal(err)
	}
}
