package rbac

import (
	"bytes"
	"maps"
	"testing"
)

// TestHasLine: a "key: value" line at the start of a line (or after its
// indentation), the value bare or quoted; not a key that only ends in key,
// nor a value that only starts with one of the values.
func TestHasLine(t *testing.T) {
	for _, tc := range []struct {
		data     string
		indented bool
		want     bool
	}{
		{"kind: Role\n", false, true},
		{"apiVersion: v1\nkind: ClusterRole", false, true},
		{"kind:Role\n", false, true},
		{"kind: \"ClusterRole\"\r\n", false, true},
		{"kind: 'Role'  \n", false, true},
		{"  kind: Role\n", false, false},
		{"  kind: Role\n", true, true},
		{"\t kind: Role\n", true, true},
		{"- kind: Role\n", true, false},
		{"subjectkind: Role\n", true, false},
		{"kind: RoleBinding\nkind: ClusterRoleBinding\n", true, false},
		{"kind: Roles\n", false, false},
		{"description: kind: Role\n", true, false},
		{"kind: Deployment\n---\n  kind: Role", true, true},
		{"", true, false},
		{"kind:", true, false},
	} {
		if got := hasLine([]byte(tc.data), tc.indented, "kind", "Role", "ClusterRole"); got != tc.want {
			t.Errorf("hasLine(%q, indented %v) = %v, want %v", tc.data, tc.indented, got, tc.want)
		}
	}
}

// crds is a YAML stream of two CRDs as controller-gen writes them (the
// versions' sequence at the key's indentation), one of the older API
// (validation), one whose names come after its versions, and a comment in
// a schema.
const crds = `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names:
    kind: Widget
    plural: widgets
  scope: Namespaced
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        description: |
          A widget.

          names:
            kind: NotThis
# a comment at the left margin
        properties:
          kind:
            type: string
    served: true
  -
    name: v2
---
apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
spec:
  group: example.com
  validation:
    openAPIV3Schema:
      type: object
  versions:
    - name: v1
  names:
    kind: Gadget
    plural: gadgetry
`

// TestWithoutSchemas: the CRDs' schemas are left out and their plurals are
// those of the whole stream.
func TestWithoutSchemas(t *testing.T) {
	out := withoutSchemas([]byte(crds))
	for _, gone := range []string{"openAPIV3Schema", "NotThis", "served", "v2"} {
		if bytes.Contains(out, []byte(gone)) {
			t.Errorf("withoutSchemas kept %q:\n%s", gone, out)
		}
	}
	whole, less := &Manifests{plurals: map[string]string{}}, &Manifests{plurals: map[string]string{}}
	if !whole.decodeCRDs([]byte(crds)) || !less.decodeCRDs(out) {
		t.Fatalf("not YAML:\n%s", out)
	}
	want := map[string]string{"example.com/Widget": "widgets", "example.com/Gadget": "gadgetry"}
	if !maps.Equal(whole.plurals, want) || !maps.Equal(less.plurals, want) {
		t.Errorf("plurals: whole stream %v, without schemas %v, want %v", whole.plurals, less.plurals, want)
	}
}

// TestReadCRDsWhole: a stream that is YAML only with its "versions:" block
// (here a key in a flow sequence) is read whole.
func TestReadCRDsWhole(t *testing.T) {
	data := "kind: CustomResourceDefinition\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  other: [a,\n  versions:\n    b]\n"
	if (&Manifests{plurals: map[string]string{}}).decodeCRDs(withoutSchemas([]byte(data))) {
		t.Fatalf("the stream less its versions block is YAML; the test needs one that is not")
	}
	m := &Manifests{plurals: map[string]string{}}
	m.readCRDs([]byte(data))
	if got := m.plurals["example.com/Widget"]; got != "widgets" {
		t.Errorf("plural of Widget: %q, want widgets", got)
	}
}
