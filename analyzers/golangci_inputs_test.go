package analyzers

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestGolangciInputs checks that mk/golangci.mk's GOLANGCI_INTERNAL names
// every package of the module's internal/ that the analyzers import: the
// golangci-lint binary is rebuilt, and its result cache salted anew, only
// when one of its inputs changes, so a package missing from the list would
// leave a stale plugin in use.
func TestGolangciInputs(t *testing.T) {
	mk, err := os.ReadFile("../mk/golangci.mk")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^GOLANGCI_INTERNAL\s*:=\s*(.*)$`).FindSubmatch(mk)
	if m == nil {
		t.Fatal("mk/golangci.mk: no GOLANGCI_INTERNAL line")
	}
	listed := strings.Fields(string(m[1]))
	cmd := exec.Command("go", "list", "-deps", "./analyzers/...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./analyzers/...: %v", err)
	}
	const prefix = "github.com/deletionlint/deletionlint/"
	var want []string
	for _, p := range strings.Fields(string(out)) {
		if rel, ok := strings.CutPrefix(p, prefix); ok && strings.HasPrefix(rel, "internal/") {
			want = append(want, rel)
		}
	}
	slices.Sort(want)
	slices.Sort(listed)
	if !slices.Equal(listed, want) {
		t.Errorf("mk/golangci.mk: GOLANGCI_INTERNAL = %v, want the internal packages the analyzers import: %v", listed, want)
	}
}
