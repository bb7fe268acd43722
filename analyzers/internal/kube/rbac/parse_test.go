package rbac

import "testing"

func TestParseRoles(t *testing.T) {
	count := func(data string) (int, error) {
		roles, err := parseRoles([]byte(data))
		n := 0
		for _, r := range roles {
			n += len(r.rules)
		}
		return n, err
	}
	if _, err := count("rules: [\n"); err == nil {
		t.Error("parseRoles accepted a YAML syntax error")
	}
	rules, err := count("kind: ClusterRole\nrules:\n- apiGroups: [\"\"]\n  resources: [pods/finalizers]\n  verbs: [update]\n---\nkind: ConfigMap\ndata: {a: b}\n")
	if err != nil || rules != 1 {
		t.Errorf("parseRoles = %d rules, %v; want 1, nil", rules, err)
	}
	// A Helm template's labels: {{ toYaml .Values.labels }}, untemplated.
	rules, err = count("kind: ClusterRole\nmetadata:\n  labels: x\naggregationRule: x\nrules:\n- apiGroups: [\"\"]\n  resources: [pods/finalizers]\n  verbs: [update]\n")
	if err != nil || rules != 1 {
		t.Errorf("parseRoles with labels not a mapping = %d rules, %v; want 1, nil", rules, err)
	}
}
