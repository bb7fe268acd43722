package depnotfound

import (
	"strings"
	"testing"
)

// TestMergeKind: an effect's kinds are a set that grows, names one kind
// only while it holds one, and stands for too many to name beyond
// maxKinds.
func TestMergeKind(t *testing.T) {
	for _, tc := range []struct {
		k, o, want string
		changed    bool
	}{
		{"", "", "", false},
		{"", "a.Secret", "a.Secret", true},
		{"a.Secret", "", "a.Secret", false},
		{"a.Secret", "a.Secret", "a.Secret", false},
		{"b.Identity", "a.Secret", "a.Secret b.Identity", true},
		{"a.Secret b.Identity", "b.Identity", "a.Secret b.Identity", false},
		{"a.Secret b.Identity", "c.Zone a.Secret", "a.Secret b.Identity c.Zone", true},
		{"a.A a.B a.C a.D", "a.E", severalKinds, true},
		{"a.A", severalKinds, severalKinds, true},
		{severalKinds, "a.A", severalKinds, false},
	} {
		k := tc.k
		if changed := mergeKind(&k, tc.o); k != tc.want || changed != tc.changed {
			t.Errorf("mergeKind(%q, %q) = %q, %v; want %q, %v", tc.k, tc.o, k, changed, tc.want, tc.changed)
		}
	}
	for kind, one := range map[string]string{"a.Secret": "a.Secret", "a.Secret b.Identity": "", severalKinds: "", "": ""} {
		if got := oneKind(kind); got != one {
			t.Errorf("oneKind(%q) = %q, want %q", kind, got, one)
		}
	}
	if got := strings.Join(kindsOf("a.Secret b.Identity"), ","); got != "a.Secret,b.Identity" {
		t.Errorf("kindsOf: %q", got)
	}
	if got := kindsOf(severalKinds); got != nil {
		t.Errorf("kindsOf(severalKinds) = %v, want nil", got)
	}
}
