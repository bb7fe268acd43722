package drift_test

import (
	"context"
	"os"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/deletionlint/deletionlint/runtime/drift"
	"github.com/deletionlint/deletionlint/runtime/internal/testapi"
	"github.com/deletionlint/deletionlint/runtime/internal/testenv"
	"github.com/deletionlint/deletionlint/runtime/ownership"
)

var env *testenv.Env

func TestMain(m *testing.M) {
	os.Exit(testenv.Run(m, testenv.Options{}, &env))
}

func desired(ns, name, value string) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Labels: map[string]string{"app": "widget"}},
		Data:       map[string]string{"value": value},
	}
}

func TestCheck(t *testing.T) {
	ctx := context.Background()
	ns := env.Namespace(t)
	owner := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Name: "owner", Namespace: ns}}
	if err := env.Client.Create(ctx, owner); err != nil {
		t.Fatal(err)
	}
	ensure := func(cm *corev1.ConfigMap) {
		t.Helper()
		want := cm.DeepCopy()
		if _, err := ownership.EnsureChild(ctx, env.Client, owner, cm, func() error {
			cm.Labels, cm.Data = want.Labels, want.Data
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	ensure(desired(ns, "intact", "v"))
	ensure(desired(ns, "edited", "v"))
	foreign := desired(ns, "foreign", "v")
	if err := env.Client.Create(ctx, foreign); err != nil {
		t.Fatal(err)
	}
	var edited corev1.ConfigMap
	if err := env.Client.Get(ctx, client.ObjectKey{Namespace: ns, Name: "edited"}, &edited); err != nil {
		t.Fatal(err)
	}
	edited.Data["value"] = "changed by someone else"
	edited.Data["extra"] = "added by someone else"
	if err := env.Client.Update(ctx, &edited); err != nil {
		t.Fatal(err)
	}
	generation := owner.Generation

	children := []client.Object{
		desired(ns, "intact", "v"),
		desired(ns, "edited", "v"),
		desired(ns, "foreign", "v"),
		desired(ns, "missing", "v"),
	}
	findings, err := drift.Check(ctx, env.Client, owner, children...)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]drift.Finding{}
	for _, f := range findings {
		got[f.Child.GetName()] = f
	}
	want := map[string]drift.Finding{
		"edited":  {Reason: drift.Modified, Field: "data.value"},
		"foreign": {Reason: drift.NotControlled},
		"missing": {Reason: drift.Missing},
	}
	if len(got) != len(want) {
		t.Errorf("findings for %v, want %v", keys(got), keys(want))
	}
	for name, w := range want {
		if g := got[name]; g.Reason != w.Reason || g.Field != w.Field {
			t.Errorf("%s: reason %q field %q, want %q %q", name, g.Reason, g.Field, w.Reason, w.Field)
		}
	}

	missing, err := drift.MissingChildren(ctx, env.Client, owner, children...)
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) != 3 || missing[0].GetName() != "edited" || missing[1].GetName() != "foreign" || missing[2].GetName() != "missing" {
		t.Errorf("MissingChildren = %v, want edited, foreign, missing in order", names(missing))
	}

	var after testapi.Widget
	if err := env.Client.Get(ctx, client.ObjectKeyFromObject(owner), &after); err != nil {
		t.Fatal(err)
	}
	if after.Generation != generation {
		t.Errorf("owner generation moved %d -> %d: drift must be found without it", generation, after.Generation)
	}
}

func keys(m map[string]drift.Finding) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func names(objs []client.Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.GetName())
	}
	return out
}
