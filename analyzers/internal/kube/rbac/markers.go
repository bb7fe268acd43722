package rbac

import (
	"go/ast"
	"strings"
)

// parseRBAC parses "// +kubebuilder:rbac:groups=a;b,resources=c,verbs=d;e"
// (controller-gen also accepts quoted values and {a,b} lists).
func parseRBAC(text string) (Rule, bool) {
	body, ok := markerBody(text, "+kubebuilder:rbac:")
	if !ok {
		return Rule{}, false
	}
	var r Rule
	for key, val := range args(body) {
		switch key {
		case "groups":
			r.Groups = val
		case "resources":
			r.Resources = val
		case "verbs":
			r.Verbs = val
		}
	}
	return r, true
}

// Markers returns the package's +kubebuilder:rbac markers and the
// last one of each file.
func Markers(files []*ast.File) ([]Rule, map[*ast.File]*ast.Comment) {
	var rules []Rule
	last := make(map[*ast.File]*ast.Comment)
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if r, ok := parseRBAC(c.Text); ok {
					rules = append(rules, r)
					last[f] = c
				}
			}
		}
	}
	return rules, last
}

// markerBody returns the text after "+prefix" in a // comment.
func markerBody(text, prefix string) (string, bool) {
	text, ok := strings.CutPrefix(text, "//")
	if !ok {
		return "", false
	}
	return strings.CutPrefix(strings.TrimSpace(text), prefix)
}

// args splits "k=v1;v2,k2={v3,v4},k3=\"v5\"" into its values.
func args(body string) map[string][]string {
	out := make(map[string][]string)
	for len(body) > 0 {
		eq := strings.IndexByte(body, '=')
		if eq < 0 {
			break
		}
		key := strings.TrimSpace(body[:eq])
		body = body[eq+1:]
		var val string
		if strings.HasPrefix(body, "{") {
			end := strings.IndexByte(body, '}')
			if end < 0 {
				end = len(body) - 1
			}
			val = strings.ReplaceAll(body[1:end], ",", ";")
			body = strings.TrimPrefix(body[end+1:], ",")
		} else {
			val, body, _ = strings.Cut(body, ",")
		}
		for _, v := range strings.Split(val, ";") {
			out[key] = append(out[key], strings.Trim(strings.TrimSpace(v), `"`))
		}
	}
	return out
}

// Plural returns controller-gen's default resource name for a kind: the
// lower-cased kind made plural by flect's regular rules (and the built-in
// Endpoints, whose resource is endpoints).
func Plural(kind string) string {
	k := strings.ToLower(kind)
	switch {
	case k == "endpoints":
		return k
	case strings.HasSuffix(k, "s"), strings.HasSuffix(k, "x"), strings.HasSuffix(k, "z"),
		strings.HasSuffix(k, "ch"), strings.HasSuffix(k, "sh"):
		return k + "es"
	case strings.HasSuffix(k, "y") && len(k) > 1 && !strings.ContainsRune("aeiou", rune(k[len(k)-2])):
		return k[:len(k)-1] + "ies"
	}
	return k + "s"
}
