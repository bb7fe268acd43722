package deletion_test

import (
	"context"
	"errors"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/deletionlint/deletionlint/runtime/deletion"
)

func TestBuildAdapterPaths(t *testing.T) {
	ctx := context.Background()
	live := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "ns"}}
	deleting := live.DeepCopy()
	now := metav1.Now()
	deleting.DeletionTimestamp = &now

	dnf := deletion.NewDependencyNotFound("ConfigMap", "ns", "parent", nil)
	other := errors.New("cloud unavailable")
	builder := func(ref string, specErr error) deletion.AdapterBuilder[string] {
		return deletion.AdapterBuilder[string]{
			ExternalRef:  func() (string, bool) { return ref, ref != "" },
			FromExternal: func(context.Context, string) (string, error) { return "external", nil },
			FromSpec: func(context.Context) (string, error) {
				if specErr != nil {
					return "", specErr
				}
				return "spec", nil
			},
		}
	}
	cases := []struct {
		name                  string
		obj                   *corev1.ConfigMap
		ref                   string
		specErr               error
		want                  string
		wantOrphaned, wantDNF bool
		wantErr               bool
	}{
		{name: "live uses spec even with a ref", obj: live, ref: "r", want: "spec"},
		{name: "deleting with ref uses external", obj: deleting, ref: "r", specErr: dnf, want: "external"},
		{name: "deleting without ref resolves spec", obj: deleting, want: "spec"},
		{name: "deleting, dependency gone: orphaned", obj: deleting, specErr: dnf, wantOrphaned: true, wantDNF: true, wantErr: true},
		{name: "live, dependency gone: retry", obj: live, specErr: dnf, wantDNF: true, wantErr: true},
		{name: "deleting, other error: retry", obj: deleting, specErr: other, wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := deletion.BuildAdapter(ctx, tc.obj, builder(tc.ref, tc.specErr))
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if got != tc.want {
				t.Errorf("adapter = %q, want %q", got, tc.want)
			}
			if deletion.IsOrphaned(err) != tc.wantOrphaned {
				t.Errorf("IsOrphaned(%v) = %v, want %v", err, !tc.wantOrphaned, tc.wantOrphaned)
			}
			if deletion.IsDependencyNotFound(err) != tc.wantDNF {
				t.Errorf("IsDependencyNotFound(%v) = %v, want %v", err, !tc.wantDNF, tc.wantDNF)
			}
		})
	}
}

func TestDependencyNotFoundMessage(t *testing.T) {
	err := deletion.NewDependencyNotFound("Secret", "ns", "creds", errors.New("secrets \"creds\" not found"))
	want := `dependency Secret ns/creds not found: secrets "creds" not found`
	if err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
}
