package objkind

import (
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// HeldData returns what objects of kind (see Of) hold that the deletion of
// another object may need, for core/v1 Secrets (credentials) and
// ConfigMaps (settings); "" for other kinds.
func HeldData(kind string) string {
	path, name := Split(kind)
	if !recognize.PathIs(path, recognize.PkgCoreV1) {
		return ""
	}
	switch name {
	case "Secret":
		return "credentials to clean up outside the cluster"
	case "ConfigMap":
		return "settings the cleanup reads"
	}
	return ""
}

// HeldAmong returns, of kinds (one missing object may be of any of them),
// the one that holds data a deletion may need (HeldData), a Secret before a
// ConfigMap; "" when none does.
func HeldAmong(kinds []string) string {
	held := ""
	for _, k := range kinds {
		if d := HeldData(k); d != "" && (held == "" || strings.HasSuffix(k, ".Secret")) {
			held = k
		}
	}
	return held
}

// KeepRemedy is the fix for a deletion stuck on a missing object of kind,
// one that holds data (HeldData): going on without what it holds may leak
// what the deletion cleans up, so the object must outlive the deletion (a
// namespace deletion deletes both in no order); otherwise is the fix when
// the deletion does not need it.
func KeepRemedy(kind, otherwise string) string {
	_, name := Split(kind)
	return "if the deletion needs what the " + name + " holds (" + HeldData(kind) + "), keep the " + name +
		" until then with a finalizer that this deletion removes last (a namespace deletion deletes both in any order); otherwise " + otherwise
}
