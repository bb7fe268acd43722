package adapterdeletion

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/deletionpath"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/depnotfound"
	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/kube/objkind"
	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
	"github.com/deletionlint/deletionlint/analyzers/internal/setting"
)

//go:embed doc.go
var doc string

// Categories of the diagnostics, one per sub-check.
const (
	// categoryAdapter marks a dependency resolved in AdapterForObject
	// before the deletion test.
	categoryAdapter = "adapter"
	// categoryCaller marks a caller that requeues on a dependency-not-found
	// error of AdapterForObject without testing deletion.
	categoryCaller = "caller"
	// categoryEntryPoint marks a dependency resolved before the deletion
	// test in another framework's entry point (crossplane's Observe).
	categoryEntryPoint = "entrypoint"
	// categoryHeldData marks a dependency of either kind that is a Secret
	// or a ConfigMap: the deletion may need what it holds, so the fix may
	// be to keep it rather than to skip it, and teams may rate these
	// apart.
	categoryHeldData = "secret"
)

// settings are the rule's settings, the flags of its analyzer.
type settings struct {
	// ModelInterfaces are the interfaces whose implementations' adapter
	// methods are checked; the path may be a suffix of the full import
	// path.
	ModelInterfaces *setting.Names `setting:"model-interfaces" help:"interfaces (import/path.Type, the path may be a suffix) whose implementations build adapters"`
	// Methods are the names of the model interfaces' adapter-building
	// methods.
	Methods *setting.Names `setting:"methods" help:"names of the model interfaces' adapter-building methods"`
	// Strict counts every client Get as a dependency resolution, not only
	// the reads of referenced objects whose not-found is returned as an
	// error (which count by default) and the calls that can fail with a
	// typed dependency-not-found error.
	Strict bool `setting:"strict" help:"also count every client Get as a dependency resolution, not only reads of referenced objects whose not-found is returned as an error and calls that can fail with a dependency-not-found error"`
}

// config holds the settings' values.
var config = settings{
	ModelInterfaces: setting.NewNames("pkg/controller/direct/directbase.Model"),
	Methods:         setting.NewIdents("AdapterForObject"),
}

// Rule describes the adapterdeletion rule.
var Rule = &lint.Rule{
	Name:       "adapterdeletion",
	Doc:        doc,
	Default:    true,
	Since:      "v0.1.0",
	Severity:   lint.Error,
	Origin:     "Config Connector's direct controllers: an adapter resolves a reference to a deleted parent on every retry, so the finalizer is never removed",
	Helpers:    []string{"deletion.BuildAdapter", "deletion.NewDependencyNotFound"},
	Categories: []string{categoryAdapter, categoryEntryPoint, categoryHeldData, categoryCaller},
	Settings:   &config,
	Requires:   []*analysis.Analyzer{depnotfound.Analyzer, deletionpath.Analyzer},
	Run:        run,
}

// Analyzer is the adapterdeletion rule.
var Analyzer = lint.New(Rule)

func run(pass *analysis.Pass) (any, error) {
	res, _ := pass.ResultOf[depnotfound.Analyzer].(*depnotfound.Result)
	insp := inspection.Of(pass)
	if res == nil || insp == nil || pass.TypesInfo == nil {
		return nil, nil
	}
	code, _ := pass.ResultOf[deletionpath.Analyzer].(*deletionpath.Code)
	ifaces := modelInterfaces(pass.Pkg)
	if len(ifaces) == 0 && !code.HasEntryPoints() {
		return nil, nil
	}
	c := &checker{pass: pass, res: res, ifaces: ifaces}
	insp.Preorder([]ast.Node{(*ast.FuncDecl)(nil)}, func(n ast.Node) {
		fd := n.(*ast.FuncDecl)
		if fd.Body == nil {
			return
		}
		fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if fn == nil {
			return
		}
		switch e := code.EntryPoint(fn); {
		case c.isModelMethod(fn):
			c.checkAdapter(fd, nil)
		case e != nil && e.Role == deletionpath.RoleAlways:
			c.checkAdapter(fd, e)
		}
		if len(ifaces) > 0 {
			c.checkCaller(fd)
		}
	})
	return nil, nil
}

type checker struct {
	pass   *analysis.Pass
	res    *depnotfound.Result
	ifaces []*types.Named
}

// modelInterfaces finds the configured model interfaces among pkg and the
// packages it imports.
func modelInterfaces(pkg *types.Package) []*types.Named {
	var out []*types.Named
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, name := range config.ModelInterfaces.Values() {
			dot := strings.LastIndexByte(name, '.')
			if dot < 0 || !recognize.PathIs(p.Path(), name[:dot]) {
				continue
			}
			if tn, ok := p.Scope().Lookup(name[dot+1:]).(*types.TypeName); ok {
				if n := recognize.Named(tn.Type()); n != nil && types.IsInterface(n) {
					out = append(out, n)
				}
			}
		}
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(pkg)
	return out
}

// isModelMethod reports whether fn is an adapter-building method of a
// concrete type that implements a model interface.
func (c *checker) isModelMethod(fn *types.Func) bool {
	if !config.Methods.Contains(fn.Name()) {
		return false
	}
	recv := recognize.Receiver(fn)
	if recv == nil || types.IsInterface(recv) {
		return false
	}
	for _, n := range c.ifaces {
		iface, _ := n.Underlying().(*types.Interface)
		if iface == nil || !hasMethod(iface, fn.Name()) {
			continue
		}
		if recognize.Implements(recv, iface) {
			return true
		}
	}
	return false
}

func hasMethod(iface *types.Interface, name string) bool {
	for i := range iface.NumMethods() {
		if iface.Method(i).Name() == name {
			return true
		}
	}
	return false
}

// isModelCall reports whether call calls an adapter-building method,
// through a model interface or on an implementation.
func (c *checker) isModelCall(call *ast.CallExpr) bool {
	fn := recognize.Callee(c.pass.TypesInfo, call)
	if fn == nil || !config.Methods.Contains(fn.Name()) {
		return false
	}
	recv := recognize.Receiver(fn)
	if recv == nil {
		return false
	}
	if n := recognize.Named(recv); n != nil && slices.Contains(c.ifaces, n) {
		return true
	}
	return c.isModelMethod(fn)
}

// checkAdapter reports the first call of an adapter-building method that
// resolves a dependency before the deletion test, once: the fix, testing
// deletion first, is one for all of them, and the others are named as
// related information.
//
// e is the entry point fd implements when it is not a Config Connector
// adapter method, so that the message speaks of the framework that calls
// it rather than of adapters.
func (c *checker) checkAdapter(fd *ast.FuncDecl, e *deletionpath.EntryPoint) {
	var last token.Pos
	var sites []depnotfound.Site
	for _, site := range c.res.Unguarded(fd.Body, config.Strict) {
		if site.Call.Pos() < last {
			continue // nested in a call already counted
		}
		if c.isModelCall(site.Call) {
			continue // delegation to another model, reported in that model
		}
		last = site.Call.End()
		sites = append(sites, site)
	}
	if len(sites) == 0 {
		return
	}
	site := sites[0]
	what := fmt.Sprintf("resolves a dependency (%s, which can fail with %s)", describe(site.Call), site.Why)
	switch {
	case site.Seed:
		what = fmt.Sprintf("fails with a dependency-not-found error (%s)", site.Why)
	case site.Why == depnotfound.ClientGet:
		what = fmt.Sprintf("resolves a dependency (%s, which reads a referenced object with %s)", describe(site.Call), site.Why)
	case site.Why == depnotfound.ReferencedRead:
		what = fmt.Sprintf("resolves a dependency (%s, which returns an error when the referenced object is not found)", describe(site.Call))
	}
	var opts []lint.Option
	trace := c.res.Trace(site.Call)
	for _, t := range trace {
		// The package's helpers the resolution goes through, down to
		// the read or the error: where the fix goes.
		opts = append(opts, lint.Related(t, "which calls "+describe(t)))
	}
	for _, other := range sites[1:] {
		opts = append(opts, lint.Related(other.Call, "also resolves "+describe(other.Call)+" before the deletion test"))
	}
	if test := c.firstDeletionTest(fd.Body); test != nil {
		opts = append(opts, lint.Related(test, "deletion is tested here"))
	}
	// What to do: for a Secret or ConfigMap, the deletion may need what it
	// holds, and must not go on without it.
	kinds := c.res.ReadKinds(site.Call)
	if len(kinds) == 0 && len(trace) > 0 {
		// Reads of too many kinds to name: the ones the trace ends
		// in, which the related information names.
		kinds = c.res.ReadKinds(trace[len(trace)-1])
	}
	kind := objkind.HeldAmong(kinds) // one of them may be what is missing
	held := kind != ""
	remedy := func(otherwise string) string {
		if held {
			return objkind.KeepRemedy(kind, otherwise)
		}
		return otherwise
	}
	category := func(c string) string {
		if held {
			return categoryHeldData
		}
		return c
	}
	if e != nil {
		object := c.objectName(fd, e)
		caller := e.Caller
		if caller == "" {
			caller = "the framework"
		}
		lint.Report(c.pass, site.Call, category(categoryEntryPoint), fmt.Sprintf(
			"%s %s before checking whether %s is being deleted: "+
				"%s calls %s.%s on every reconcile, also while %s is being deleted, and keeps its finalizer while it fails, "+
				"so once the referenced object is gone the finalizer is never removed; %s",
			fd.Name.Name, what, object, caller, e.Interface(), e.Method, object, remedy("check deletion first and do not resolve references while deleting")), opts...)
		return
	}
	lint.Report(c.pass, site.Call, category(categoryAdapter), fmt.Sprintf(
		"%s %s before checking whether the object is being deleted: "+
			"once the dependency is gone this fails on every retry and the finalizer is never removed; %s",
		fd.Name.Name, what, remedy("check deletion first and build the adapter from status.externalRef"+lint.RuntimeHelper(c.pass, " (deletion.BuildAdapter)"))), opts...)
}

// objectName names the object an entry point is given: the kind it asserts
// it to (b := mg.(*v1.Bucket)), else "the managed resource" for
// crossplane's resource.Managed, else "the object".
func (c *checker) objectName(fd *ast.FuncDecl, e *deletionpath.EntryPoint) string {
	kind := ""
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ta, ok := n.(*ast.TypeAssertExpr); ok && ta.Type != nil && kind == "" {
			if t := c.pass.TypesInfo.TypeOf(ta.Type); t != nil && !types.IsInterface(t) {
				if n := recognize.Named(recognize.Unpointer(t)); n != nil {
					kind = n.Obj().Name()
				}
			}
		}
		return kind == ""
	})
	if kind != "" {
		return kind
	}
	return e.ObjectNoun()
}

// firstDeletionTest returns the first condition in body, outside function
// literals, that tests deletion, or nil.
func (c *checker) firstDeletionTest(body *ast.BlockStmt) ast.Expr {
	var found ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		var conds []ast.Expr
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			conds = []ast.Expr{n.Cond}
		case *ast.CaseClause:
			conds = n.List
		}
		for _, cond := range conds {
			if c.res.TestsDeletion(cond) {
				found = cond
				break
			}
		}
		return found == nil
	})
	return found
}

// describe names a call's function for messages.
func describe(call *ast.CallExpr) string {
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return "a function literal"
	}
	s := types.ExprString(call.Fun)
	if len(s) > 80 {
		s = "..." + s[len(s)-77:]
	}
	return s
}

// checkCaller reports, in fd, an error of an adapter-building call that is
// classified as a dependency-not-found error and leads to a return on a
// path that does not know whether the object is being deleted. The error is
// followed from every assignment of the call's error result (in if
// statements, switch cases, one variable for several models) to every
// classification after it in the function.
func (c *checker) checkCaller(fd *ast.FuncDecl) {
	info := c.pass.TypesInfo
	type source struct {
		errObj types.Object
		call   *ast.CallExpr
		after  token.Pos
	}
	var sources []source
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
				return true
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok || !c.isModelCall(call) {
				return true
			}
			id, ok := ast.Unparen(n.Lhs[len(n.Lhs)-1]).(*ast.Ident)
			if !ok {
				return true
			}
			if obj := info.ObjectOf(id); obj != nil && recognize.IsError(obj.Type()) {
				sources = append(sources, source{obj, call, n.End()})
			}
		}
		return true
	})
	if len(sources) == 0 {
		return
	}
	reach := c.res.UndecidedReach(fd.Body)
	reported := make(map[*ast.CallExpr]bool)
	for _, src := range sources {
		until := token.Pos(fd.Body.End())
		// Where the error variable is assigned again, in source order: a
		// classification after the next assignment is about another error.
		for _, w := range c.writes(src.errObj) {
			if w > src.after {
				until = w
				break
			}
		}
		for _, cl := range c.classifications(fd.Body, src.errObj) {
			if cl.call.Pos() < src.after || cl.call.Pos() > until || reported[cl.call] || !returnsUnknown(cl.body, reach) {
				continue
			}
			reported[cl.call] = true
			lint.Report(c.pass, cl.call, categoryCaller, fmt.Sprintf(
				"the error of %s is classified as a missing dependency (%s) and requeued without checking whether the object is being deleted: "+
					"once the dependency is gone the object is requeued forever and its finalizer is never removed; "+
					"when deleting, release the finalizer instead%s",
				describe(src.call), describe(cl.call), lint.RuntimeHelper(c.pass, " (deletion.IsDeleting, deletion.IsOrphaned)")))
		}
	}
}

type classification struct {
	call *ast.CallExpr
	// body is what runs when the error is classified as a missing
	// dependency.
	body []ast.Stmt
}

// writes returns where v is assigned (the end of each assignment), in
// source order.
func (c *checker) writes(v types.Object) []token.Pos {
	vals := inspection.Of(c.pass).Values
	tv, _ := v.(*types.Var)
	var out []token.Pos
	for _, a := range vals.Assignments(tv) {
		out = append(out, a.Node.End())
	}
	return out
}

// classifications finds the if statements and switch cases in body whose
// init or condition classifies errObj as a dependency-not-found error.
func (c *checker) classifications(body *ast.BlockStmt, errObj types.Object) []classification {
	var out []classification
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if call := c.classifier(errObj, n.Init, n.Cond); call != nil {
				out = append(out, classification{call, n.Body.List})
			}
		case *ast.CaseClause:
			parts := make([]ast.Node, len(n.List))
			for i, e := range n.List {
				parts[i] = e
			}
			if call := c.classifier(errObj, parts...); call != nil {
				out = append(out, classification{call, n.Body})
			}
		}
		return true
	})
	return out
}

// classifier returns the first call in parts that classifies errObj as a
// dependency-not-found error, or nil.
func (c *checker) classifier(errObj types.Object, parts ...ast.Node) *ast.CallExpr {
	var found *ast.CallExpr
	for _, part := range parts {
		if part == nil || found != nil {
			continue
		}
		ast.Inspect(part, func(m ast.Node) bool {
			if found != nil {
				return false
			}
			if call, ok := m.(*ast.CallExpr); ok && c.res.IsClassifier(call) && usesObj(c.pass.TypesInfo, call, errObj) {
				found = call
			}
			return true
		})
	}
	return found
}

func usesObj(info *types.Info, call *ast.CallExpr, obj types.Object) bool {
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == obj {
			return true
		}
	}
	return false
}

// returnsUnknown reports whether body has a return statement, outside
// function literals, reachable on a path that does not know whether the
// object is being deleted.
func returnsUnknown(body []ast.Stmt, reach depnotfound.Reach) bool {
	found := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if reach.Unknown(n) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}
