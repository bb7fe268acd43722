package adapterdeletion_test

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/deletionlint/deletionlint/analyzers"
	"github.com/deletionlint/deletionlint/analyzers/adapterdeletion"
	"github.com/deletionlint/deletionlint/analyzers/internal/configtest"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
	"github.com/deletionlint/deletionlint/internal/gopathtest"
)

func TestAdapters(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/redis")
}

func TestLegacySignature(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/legacy/adapters")
}

// TestCaller: the caller of an adapter-building call that classifies its
// error as a missing dependency (a classifier, errors.As to a seed type,
// errors.Is of the value a model answers a missing reference with) and
// requeues before its deletion branch; errors.Is of another value
// classifies nothing.
func TestCaller(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/caller")
}

func TestStrict(t *testing.T) {
	configtest.Apply(t, "", "adapterdeletion: {strict: true}")
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/strict")
}

// TestIllTyped runs the rule and its prerequisites on a package with type
// errors and a file that does not parse, as drivers that run analyzers
// despite errors would: no panic, no finding from guesses.
func TestIllTyped(t *testing.T) {
	var all []*analysis.Analyzer
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if slices.Contains(all, a) {
			return
		}
		all = append(all, a)
		for _, r := range a.Requires {
			visit(r)
		}
	}
	visit(adapterdeletion.Analyzer)
	for _, a := range all {
		old := a.RunDespiteErrors
		a.RunDespiteErrors = true
		defer func() { a.RunDespiteErrors = old }()
	}
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/illtyped")
}

// TestConfigure sets every setting the way the golangci-lint plugin does and
// checks that bad values are rejected with the setting's path.
func TestConfigure(t *testing.T) {
	t.Cleanup(func() {
		if _, err := analyzers.Apply(nil, ""); err != nil {
			t.Error(err)
		}
	})
	c, err := analyzers.Apply(map[string]any{
		"adapterdeletion": map[string]any{
			"methods":          []any{"AdapterForObject", "AdapterForReference"},
			"model-interfaces": []any{"pkg/controller/direct/directbase.Model", "example.com/op/pkg/model.Model"},
			"strict":           true,
		},
		"dependency-errors": []any{"example.com/op/pkg/errs.NotFound", "example.com/op/pkg/errs.NewNotFound"},
	}, "")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(c.Analyzers, adapterdeletion.Analyzer) {
		t.Errorf("adapterdeletion is not run by default")
	}
	if got := adapterdeletion.Analyzer.Flags.Lookup("methods").Value.String(); got != "AdapterForObject,AdapterForReference" {
		t.Errorf("methods = %q", got)
	}
	if adapterdeletion.Analyzer.Flags.Lookup("strict").Value.String() != "true" {
		t.Errorf("strict not set")
	}
	if _, err := analyzers.Apply(map[string]any{"adapterdeletion": map[string]any{"methods": []any{"not a name"}}}, ""); err == nil ||
		!strings.Contains(err.Error(), "settings.adapterdeletion.methods") {
		t.Errorf("bad method name: err = %v", err)
	}
}

// TestExtraDeletionCheck names a deletion test the analysis cannot see
// through in the suite-wide deletion-checks setting.
func TestExtraDeletionCheck(t *testing.T) {
	configtest.Apply(t, "", "deletion-checks: [adapterdeletion/extracheck.markedForDeletion]")
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/extracheck")
}

// TestResolverFacts checks the facts of the helper package the adapters
// call.
func TestResolverFacts(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), depnotfound.Analyzer, "adapterdeletion/resolvers")
}

// TestUntyped runs the default mode on reads of referenced objects whose
// not-found is an untyped error (Config Connector's design example and its
// project resolution), and on the reads that do not strand a deletion.
func TestUntyped(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/untyped/...")
	// One finding per adapter: the read inside the helper it calls and the
	// other resolutions before the deletion test are its related
	// information.
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			if !strings.HasSuffix(pos.Filename, "several_resolutions.go") || pos.Line != 14 {
				continue
			}
			var got []string
			for _, rel := range d.Related {
				got = append(got, rel.Message)
			}
			want := []string{
				"which calls reader.Get", // inside resolveTopic: the line to change
				"also resolves obj.Spec.SchemaRef.Resolve before the deletion test",
				"also resolves obj.Spec.SchemaRef.ResolveReady before the deletion test",
				"deletion is tested here",
			}
			if !slices.Equal(got, want) {
				t.Errorf("related information %q, want %q", got, want)
			}
			return
		}
	}
	t.Error("no finding on several_resolutions.go:14")
}

// TestFrameworkEntryPoints: crossplane-runtime's managed reconciler calls a
// provider's ExternalConnecter.Connect and ExternalClient.Observe on every
// reconcile, deletion included, and keeps the finalizer while they fail:
// resolving references there before testing deletion is reported in the
// framework's words; resolving them only when !meta.WasDeleted, or taking
// a missing one to mean nothing is left while deleting, is not.
func TestFrameworkEntryPoints(t *testing.T) {
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/provider")
}

// TestDeclaredEntryPoints: the entry-points setting declares a method that
// a framework deletionlint cannot see calls on every reconcile.
func TestDeclaredEntryPoints(t *testing.T) {
	configtest.Apply(t, "", "entry-points: [adapterdeletion/declared/fw.Syncer.Sync]")
	analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/declared")
}

// TestHeldDataCategory: a resolution of a Secret or a ConfigMap (or of a
// few kinds, one of them a Secret), which the deletion itself may need, has
// a category of its own, so that teams can
// rate it apart; other resolutions keep their sub-check's.
func TestHeldDataCategory(t *testing.T) {
	results := analysistest.Run(t, gopathtest.TestData(t), adapterdeletion.Analyzer, "adapterdeletion/provider")
	got := make(map[string]string) // file:line -> category
	for _, r := range results {
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			got[filepath.Base(p.Filename)+":"+strconv.Itoa(p.Line)] = d.Category
		}
	}
	for at, want := range map[string]string{
		"connect_reads_credentials.go:38": "secret",
		"connect_reads_identity.go:35":    "secret",
		"connect_tracks_usage.go:82":      "entrypoint",
	} {
		if got[at] != want {
			t.Errorf("category at %s = %q, want %q (all: %v)", at, got[at], want, got)
		}
	}
}
