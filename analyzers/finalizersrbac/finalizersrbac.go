package finalizersrbac

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

//go:embed doc.go
var doc string

// Analyzer reports owner references blocking owner deletion without the
// RBAC permission the API server requires for them.
var Analyzer = &analysis.Analyzer{
	Name:     "finalizersrbac",
	Doc:      lint.Doc(doc, "finalizersrbac"),
	URL:      "https://pkg.go.dev/github.com/deletionlint/deletionlint/analyzers/finalizersrbac",
	Requires: []*analysis.Analyzer{inspection.Analyzer},
	Run:      lint.Run(run),
	// Sound on packages with type errors: an owner without a type is
	// skipped (see analyzers.TestRunDespiteErrors).
	RunDespiteErrors: true,
}

// rule is one +kubebuilder:rbac marker.
type rule struct {
	groups, resources, verbs []string
}

func run(pass *analysis.Pass) (any, error) {
	ins := inspection.Of(pass)
	if ins == nil {
		return nil, nil
	}
	rules, paths, last := markers(pass)
	if len(rules) == 0 {
		return nil, nil // permissions declared elsewhere, if at all: say nothing
	}
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := recognize.Callee(pass.TypesInfo, call)
		if fn == nil || len(call.Args) < 2 {
			continue
		}
		switch {
		case recognize.IsFunc(fn, recognize.PkgControllerutil, "SetControllerReference"):
			if len(call.Args) > 3 && !blocks(pass.TypesInfo, call.Args[3:]) {
				continue
			}
		case recognize.IsFunc(fn, recognize.PkgMetaV1, "NewControllerRef"):
		default:
			continue
		}
		kind := ownerKind(pass.TypesInfo.TypeOf(call.Args[0]))
		if kind == nil {
			continue
		}
		plural, ok := paths[kind.Obj()]
		if !ok {
			plural = Plural(kind.Obj().Name())
		}
		if granted(rules, plural) {
			continue
		}
		group := groupOf(rules, plural)
		marker := fmt.Sprintf("// +kubebuilder:rbac:groups=%s,resources=%s/finalizers,verbs=update", group, plural)
		var opts []lint.Option
		if c := last[recognize.FileOf(pass.Files, call.Pos())]; c != nil && group != unknownGroup {
			// Beside the file's other RBAC markers, at their indentation.
			indent := strings.Repeat("\t", pass.Fset.Position(c.Pos()).Column-1)
			opts = append(opts, lint.Fix("Add "+marker, analysis.TextEdit{Pos: c.End(), End: c.End(), NewText: []byte("\n" + indent + marker)}))
		}
		lint.Report(pass, call, "", fmt.Sprintf(
			"%s sets blockOwnerDeletion on a reference to a %s, which the API server rejects (where OwnerReferencesPermissionEnforcement is on, as on OpenShift; envtest does not enable it) unless the controller may update %s/finalizers: add %s",
			fn.Name(), kind.Obj().Name(), plural, marker), opts...)
	}
	return nil, nil
}

// blocks reports whether SetControllerReference options leave
// blockOwnerDeletion set: no WithBlockOwnerDeletion option other than a
// constant true.
func blocks(info *types.Info, opts []ast.Expr) bool {
	for _, o := range opts {
		call, ok := ast.Unparen(o).(*ast.CallExpr)
		if !ok {
			return false // an option value we cannot see: say nothing
		}
		fn := recognize.Callee(info, call)
		if fn == nil || !recognize.IsFunc(fn, recognize.PkgControllerutil, "WithBlockOwnerDeletion") {
			continue
		}
		if len(call.Args) != 1 {
			return false
		}
		tv := info.Types[call.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.Bool || !constant.BoolVal(tv.Value) {
			return false
		}
	}
	return true
}

// ownerKind returns the named struct type of an owner, or nil when the
// static type does not say (an interface such as client.Object).
func ownerKind(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n
}

// markers parses the package's +kubebuilder:rbac markers and the
// +kubebuilder:resource:path= markers of its type declarations; it also
// returns the last RBAC marker of each file.
func markers(pass *analysis.Pass) ([]rule, map[*types.TypeName]string, map[*ast.File]*ast.Comment) {
	var rules []rule
	paths := make(map[*types.TypeName]string)
	last := make(map[*ast.File]*ast.Comment)
	for _, f := range inspection.Of(pass).Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if r, ok := parseRBAC(c.Text); ok {
					rules = append(rules, r)
					last[f] = c
				}
			}
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, c := range typeMarkers(pass.Fset, f, gd) {
				path, ok := parseResourcePath(c.Text)
				if !ok {
					continue
				}
				for _, s := range gd.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						if tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName); ok {
							paths[tn] = path
						}
					}
				}
			}
		}
	}
	return rules, paths, last
}

// typeMarkers returns the comments controller-gen reads markers of a type
// declaration from: its doc comment and the comment group just above it,
// separated by one blank line.
func typeMarkers(fset *token.FileSet, f *ast.File, gd *ast.GenDecl) []*ast.Comment {
	var out []*ast.Comment
	top := gd.Pos()
	if gd.Doc != nil {
		out = append(out, gd.Doc.List...)
		top = gd.Doc.Pos()
	}
	// The comment group just before top, found by binary search.
	i := sort.Search(len(f.Comments), func(i int) bool { return f.Comments[i].End() >= top }) - 1
	if i >= 0 && fset.Position(f.Comments[i].End()).Line == fset.Position(top).Line-2 {
		out = append(out, f.Comments[i].List...)
	}
	return out
}

// markerBody returns the text after "+prefix" in a // comment.
func markerBody(text, prefix string) (string, bool) {
	text, ok := strings.CutPrefix(text, "//")
	if !ok {
		return "", false
	}
	return strings.CutPrefix(strings.TrimSpace(text), prefix)
}

// parseRBAC parses "// +kubebuilder:rbac:groups=a;b,resources=c,verbs=d;e"
// (controller-gen also accepts quoted values and {a,b} lists).
func parseRBAC(text string) (rule, bool) {
	body, ok := markerBody(text, "+kubebuilder:rbac:")
	if !ok {
		return rule{}, false
	}
	var r rule
	for key, val := range args(body) {
		switch key {
		case "groups":
			r.groups = val
		case "resources":
			r.resources = val
		case "verbs":
			r.verbs = val
		}
	}
	return r, true
}

// parseResourcePath returns the path of a +kubebuilder:resource marker.
func parseResourcePath(text string) (string, bool) {
	body, ok := markerBody(text, "+kubebuilder:resource:")
	if !ok {
		return "", false
	}
	v := args(body)["path"]
	if len(v) != 1 || v[0] == "" {
		return "", false
	}
	return v[0], true
}

// args splits "k=v1;v2,k2={v3,v4},k3=\"v5\"" into its values.
func args(body string) map[string][]string {
	out := make(map[string][]string)
	key := ""
	for len(body) > 0 {
		eq := strings.IndexByte(body, '=')
		if eq < 0 {
			break
		}
		key = strings.TrimSpace(body[:eq])
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

// granted reports whether some rule grants update on plural/finalizers.
func granted(rules []rule, plural string) bool {
	for _, r := range rules {
		if !has(r.verbs, "update") && !has(r.verbs, "*") {
			continue
		}
		if has(r.resources, plural+"/finalizers") || has(r.resources, "*/finalizers") || has(r.resources, "*") {
			return true
		}
	}
	return false
}

// unknownGroup stands in the message for a group no marker names.
const unknownGroup = "<group>"

// groupOf returns the group of the rule that names plural, for the
// message, or unknownGroup.
func groupOf(rules []rule, plural string) string {
	for _, r := range rules {
		if has(r.resources, plural) && len(r.groups) > 0 {
			return strings.Join(r.groups, ";")
		}
	}
	return unknownGroup
}

func has(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Plural returns controller-gen's default resource name for a kind: the
// lower-cased kind made plural by flect's regular rules.
func Plural(kind string) string {
	k := strings.ToLower(kind)
	switch {
	case strings.HasSuffix(k, "s"), strings.HasSuffix(k, "x"), strings.HasSuffix(k, "z"),
		strings.HasSuffix(k, "ch"), strings.HasSuffix(k, "sh"):
		return k + "es"
	case strings.HasSuffix(k, "y") && len(k) > 1 && !strings.ContainsRune("aeiou", rune(k[len(k)-2])):
		return k[:len(k)-1] + "ies"
	}
	return k + "s"
}
