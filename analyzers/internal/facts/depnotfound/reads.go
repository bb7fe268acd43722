package depnotfound

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/deletionlint/deletionlint/analyzers/internal/facts/inspection"
	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// ReferencedRead is the Why of a client read of an object that a spec
// refers to, whose not-found is handed on as an error (typed or not, as
// fmt.Errorf("referenced %v not found", key) or the client's own error):
// once that object is gone, the read fails on every retry, exactly as a
// typed dependency-not-found error does.
const ReferencedRead = "referenced object not found"

// pkgUnstructured is where the unstructured field readers live.
const pkgUnstructured = recognize.PkgUnstructured

// indexReads finds the package's dependency reads: Gets (a client's, a
// typed clientset's or a lister's) whose key derives from a reference (a
// field under a spec, a value of a *Ref or *Reference type, a field read
// under "spec" of an unstructured object, a label or annotation value of an
// object) and whose not-found result is
// returned as an error (tested and returned, or handed back as it is:
// return c.Get(...), or err := c.Get(...); return obj, err). A read whose
// not-found is tolerated (client.IgnoreNotFound, an IsNotFound branch that
// does not return an error, an err != nil branch that does not return) is
// not one, and neither is a read keyed by the object's own name or
// anything else that is not a reference.
func (r *solver) indexReads() {
	r.reads = make(map[*ast.CallExpr]bool)
	r.tolerated = make(map[*ast.CallExpr]bool)
	r.dropped = make(map[*ast.CallExpr]bool)
	r.sentinels = make(map[*ast.CallExpr]string)
	r.condReads = make(map[*ast.CallExpr]pathGuard)
	r.keyedReads = make(map[*ast.CallExpr][]int)
	r.argReads = make(map[*ast.CallExpr][]int)
	r.scans = make(map[*ast.CallExpr]*readScan)
	for _, f := range inspection.Of(r.pass).Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			rd := &readScan{r: r, body: fd.Body, params: recognize.ParamIndexes(r.pass.TypesInfo, fd.Type)}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					r.scans[n] = rd
				case *ast.BlockStmt:
					rd.list(n.List)
				case *ast.CaseClause:
					rd.list(n.Body)
				case *ast.CommClause:
					rd.list(n.Body)
				}
				return true
			})
		}
	}
}

// readScan classifies the client reads of one function declaration.
type readScan struct {
	r      *solver
	body   *ast.BlockStmt
	params map[types.Object]int
	// defs maps each local variable to the expressions assigned to it (or
	// to one of its fields); built on the first client Get (see varDefs).
	defs map[types.Object][]ast.Expr
	// fills maps each local variable a Get reads an object into to the
	// Gets' keys (see fillKeys).
	fills map[types.Object][]ast.Expr
}

// fillKeys returns the keys of the Gets that read an object into the
// local variable obj.
func (rd *readScan) fillKeys(obj types.Object) []ast.Expr {
	if rd.fills == nil {
		rd.fills = make(map[types.Object][]ast.Expr)
		info := rd.r.pass.TypesInfo
		ast.Inspect(rd.body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if l, ok := recognize.AsLookup(info, call); ok && l.Kind == recognize.LookupGet && l.Key != nil && l.Object != nil {
					if v := recognize.RootObject(info, l.Object); v != nil {
						rd.fills[v] = append(rd.fills[v], l.Key)
					}
				}
			}
			return true
		})
	}
	return rd.fills[obj]
}

// varDefs returns the expressions assigned to the local variable obj.
func (rd *readScan) varDefs(obj types.Object) []ast.Expr {
	if rd.defs == nil {
		rd.defs = localDefs(rd.r.pass.TypesInfo, rd.body)
	}
	return rd.defs[obj]
}

// list classifies the reads of a statement list, each with the statements
// that follow it, and the other calls whose not-found the list tolerates.
func (rd *readScan) list(stmts []ast.Stmt) {
	for i, st := range stmts {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if i+1 < len(stmts) {
				switch next := stmts[i+1].(type) {
				case *ast.IfStmt:
					rd.classify(st, next, stmts[i+2:])
				case *ast.ReturnStmt:
					// err := c.Get(ctx, key, obj); return obj, err: the
					// error is handed on as it is.
					if call, errObj := rd.errAssign(st); call != nil && returnsObj(rd.r.pass.TypesInfo, next, errObj) {
						rd.addRead(call)
					}
				}
			}
		case *ast.IfStmt:
			if as, ok := st.Init.(*ast.AssignStmt); ok {
				rd.classify(as, st, nil)
			}
			if call := rd.emptyList(stmts[:i], st); call != nil {
				rd.r.reads[call] = true
			}
		case *ast.RangeStmt:
			if call, gone := rd.searchedList(stmts[:i], st, stmts[i+1:]); call != nil {
				rd.r.reads[call] = true
				if gone {
					// return nil, nil when no item matches: the
					// callers see the absence in the result.
					rd.r.tolerated[call] = true
				}
			}
		case *ast.ReturnStmt:
			// return c.Get(ctx, key, obj): every error is handed on.
			for _, res := range st.Results {
				if call, ok := ast.Unparen(res).(*ast.CallExpr); ok {
					rd.addRead(call)
				}
			}
		}
	}
}

// classify records the call assigned by as, whose error ifs tests, with
// the statements after ifs: a referenced read whose not-found it returns
// as an error is a dependency read; any call whose not-found it tolerates
// is tolerated.
func (rd *readScan) classify(as *ast.AssignStmt, ifs *ast.IfStmt, after []ast.Stmt) {
	call, errObj := rd.errAssign(as)
	if call == nil {
		return
	}
	handsOn, tolerates, unless, taken := rd.notFound(ifs, errObj)
	if handsOn {
		if v := rd.sentinel(taken, errObj); v != "" {
			rd.r.sentinels[call] = v
		}
	}
	if handsOn && unless != nil && rd.isReferencedGet(call) && rd.addRead(call) {
		rd.r.condReads[call] = *unless
	} else if handsOn && unless == nil {
		rd.addRead(call)
	}
	if tolerates {
		rd.r.tolerated[call] = true
	}
	if !handsOn && !tolerates && unless == nil && rd.drops(as, ifs, errObj, after) {
		if returnsNothing(rd.r.pass.TypesInfo, ifs.Body.List) {
			// if err != nil { return nil, nil }: every failure, a
			// missing object's too, ends the function with no object
			// and a nil error, as IgnoreNotFound's would.
			rd.addRead(call)
			rd.r.tolerated[call] = true
		} else {
			rd.r.dropped[call] = true
		}
	}
}

// returnsNothing reports whether stmts end with a return whose results
// are all nil: no object, and a nil error.
func returnsNothing(info *types.Info, stmts []ast.Stmt) bool {
	ret, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) < 2 {
		return false
	}
	for _, r := range ret.Results {
		if !recognize.IsNil(info, r) {
			return false
		}
	}
	return true
}

// collects reports whether stmts keep errObj for later, other than by
// handing it to a call as a value (a log line): an assignment or a send
// that mentions it (errs = append(errs, err)), or a call given a pointer
// (multierr.AppendInto(&errs, err)).
func collects(info *types.Info, stmts []ast.Stmt, errObj types.Object) bool {
	for _, st := range stmts {
		if !recognize.Mentions(info, st, errObj) {
			continue
		}
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return true
		}
		found := false
		ast.Inspect(es.X, func(n ast.Node) bool {
			if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// drops reports whether ifs tests that errObj is not nil and then leaves
// without returning an error: return nil, or continue when as declares
// errObj (if err != nil { log(err); continue }), so that no later
// statement can return it; or goes on (a log line) when no statement
// after it can read errObj: ifs declares it, or the next statement of
// after that mentions it assigns it anew without reading it (cfg, err :=
// load(); if err != nil { log(err) }; spec, err := parse()). No error of
// the call reaches the function's result.
func (rd *readScan) drops(as *ast.AssignStmt, ifs *ast.IfStmt, errObj types.Object, after []ast.Stmt) bool {
	info := rd.r.pass.TypesInfo
	x, whenNil, ok := recognize.NilTest(info, ifs.Cond)
	if !ok || whenNil || ifs.Else != nil || len(ifs.Body.List) == 0 {
		return false
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || info.Uses[id] != errObj || rd.returnsErr(ifs.Body.List) || collects(info, ifs.Body.List, errObj) {
		return false
	}
	switch last := ifs.Body.List[len(ifs.Body.List)-1].(type) {
	case *ast.ReturnStmt:
		return len(last.Results) > 0 // a bare return hands on named results
	case *ast.BranchStmt:
		return last.Tok == token.CONTINUE && last.Label == nil && as.Tok == token.DEFINE
	case *ast.ExprStmt, *ast.AssignStmt, *ast.IncDecStmt:
		// Goes on past the if.
		if ifs.Init == as && as.Tok == token.DEFINE {
			return true // if err := f(); err != nil { log(err) }
		}
		return overwritten(info, after, errObj)
	}
	return false
}

// overwritten reports whether the first of stmts that mentions obj
// assigns it without reading it, so that its value before stmts is never
// read.
func overwritten(info *types.Info, stmts []ast.Stmt, obj types.Object) bool {
	for _, st := range stmts {
		if !recognize.Mentions(info, st, obj) {
			continue
		}
		as, ok := st.(*ast.AssignStmt)
		if !ok || (as.Tok != token.ASSIGN && as.Tok != token.DEFINE) {
			return false
		}
		assigned := false
		for _, l := range as.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.ObjectOf(id) == obj {
				assigned = true
			} else if recognize.Mentions(info, l, obj) {
				return false
			}
		}
		return assigned && !slices.ContainsFunc(as.Rhs, func(e ast.Expr) bool { return recognize.Mentions(info, e, obj) })
	}
	return false
}

// returnsObj reports whether ret's last result is the variable obj.
func returnsObj(info *types.Info, ret *ast.ReturnStmt, obj types.Object) bool {
	if len(ret.Results) == 0 {
		return false
	}
	id, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.Ident)
	return ok && info.Uses[id] == obj
}

// errAssign returns the call assigned by as, with the variable its error
// goes to.
func (rd *readScan) errAssign(as *ast.AssignStmt) (*ast.CallExpr, types.Object) {
	if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil, nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	id, ok := ast.Unparen(as.Lhs[len(as.Lhs)-1]).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil, nil
	}
	obj := rd.r.pass.TypesInfo.ObjectOf(id)
	if obj == nil {
		return nil, nil
	}
	return call, obj
}

// emptyList returns the client List among the statements before ifs whose
// result ifs tests for emptiness (len(list.Items) == 0) and then returns an
// error (apierrors.NewNotFound, fmt.Errorf), when the List's options derive
// from a reference (client.MatchingLabels{"name": obj.Spec.Ref}): a lookup
// of a referenced object by selector whose not-found is made by hand.
func (rd *readScan) emptyList(before []ast.Stmt, ifs *ast.IfStmt) *ast.CallExpr {
	info := rd.r.pass.TypesInfo
	v := emptyItemsTest(info, ifs.Cond)
	if v == nil || !rd.returnsErr(ifs.Body.List) {
		return nil
	}
	found := listInto(info, before, v)
	if found == nil {
		return nil
	}
	for _, opt := range found.Args[2:] {
		if rd.fromReference(opt, 0) {
			return found
		}
	}
	return nil
}

// listInto returns the last client List among the statements before that
// fills the list variable v, or nil.
func listInto(info *types.Info, before []ast.Stmt, v types.Object) *ast.CallExpr {
	for i := len(before) - 1; i >= 0; i-- {
		var found *ast.CallExpr
		ast.Inspect(before[i], func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				fn := recognize.Callee(info, n)
				if recognize.IsClientMethod(fn, "List") && len(n.Args) >= 2 && recognize.RootObject(info, n.Args[1]) == v {
					found = n
				}
			}
			return found == nil
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// searchedList returns the client List among the statements before the
// range rs over its items whose body returns on an item whose field equals
// a value that derives from a reference (if item.Name == obj.Spec.HubName
// { return &item, nil }), when the statement after the loop returns an
// error, or nothing at all (return nil, nil: gone): a lookup of a
// referenced object by searching a list, whose not-found is made by hand
// when no item matches, or told by a nil result.
func (rd *readScan) searchedList(before []ast.Stmt, rs *ast.RangeStmt, after []ast.Stmt) (call *ast.CallExpr, gone bool) {
	info := rd.r.pass.TypesInfo
	if len(after) == 0 {
		return nil, false
	}
	switch {
	case rd.returnsErr(after[:1]):
	case allNil(info, after[0]):
		gone = true
	default:
		return nil, false
	}
	x := ast.Unparen(rs.X)
	if sel, ok := x.(*ast.SelectorExpr); ok && sel.Sel.Name == "Items" {
		x = sel.X
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil, false
	}
	call = listInto(info, before, info.Uses[id])
	if call == nil {
		return nil, false
	}
	matches := false
	ast.Inspect(rs.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || matches {
			return !matches
		}
		be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if ok && be.Op == token.EQL && (rd.fromReference(be.X, 0) || rd.fromReference(be.Y, 0)) && endsInReturn(ifs.Body) {
			matches = true
		}
		return !matches
	})
	if !matches {
		return nil, false
	}
	return call, gone
}

// allNil reports whether st is a return of nil values only (return nil,
// nil), with at least one result.
func allNil(info *types.Info, st ast.Stmt) bool {
	ret, ok := st.(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	for _, r := range ret.Results {
		if tv, ok := info.Types[r]; !ok || !tv.IsNil() {
			return false
		}
	}
	return true
}

// endsInReturn reports whether the block's last statement is a return.
func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// emptyItemsTest returns the list variable whose emptiness cond tests
// (len(list.Items) == 0, < 1, <= 0), or nil.
func emptyItemsTest(info *types.Info, cond ast.Expr) types.Object {
	x, whenEmpty, ok := recognize.EmptyTest(info, cond)
	sel, isSel := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok || !whenEmpty || !isSel || sel.Sel.Name != "Items" {
		return nil
	}
	return recognize.RootObject(info, sel.X)
}

// isReferencedGet reports whether call is a Get (a client's, a typed
// clientset's or a lister's) whose key derives from a reference.
func (rd *readScan) isReferencedGet(call *ast.CallExpr) bool {
	key, ok := recognize.AsGet(rd.r.pass.TypesInfo, call)
	return ok && rd.fromReference(key, 0)
}

// notFound reports what the if statement, which tests the error errObj of
// a call, does when the call finds nothing: returns an error (handsOn), or
// goes on without one (tolerates: continue, a default, return nil, a branch
// that excludes not-found). Neither when the statement does not tell.
//
// unless, when not nil, says that not-found goes on only when a bool
// parameter has a value (if ignoreNotFound && IsNotFound(err) { continue }):
// the read hands it on only when the parameter has the guard's value.
func (rd *readScan) notFound(ifs *ast.IfStmt, errObj types.Object) (handsOn, tolerates bool, unless *pathGuard, taken []ast.Stmt) {
	info := rd.r.pass.TypesInfo
	for _, c := range recognize.Conjuncts(ifs.Cond) {
		if t, ok := recognize.AsNotFoundTest(info, c); ok && recognize.Mentions(info, t.Err, errObj) {
			if !t.WhenNotFound {
				return false, true, nil, nil // if err != nil && !IsNotFound(err): not-found goes on
			}
			r := rd.returnsErr(ifs.Body.List)
			return r, !r, nil, ifs.Body.List
		}
	}
	x, whenNil, ok := recognize.NilTest(info, ifs.Cond)
	if v := ignoredInto(info, ifs.Init, errObj); v != nil && ok && !whenNil && usesObject(info, x, v) {
		// if err := client.IgnoreNotFound(err); err != nil { return err }:
		// a not-found leaves the new error nil, and goes on past the if.
		return false, true, nil, nil
	}
	if !ok || !usesObject(info, x, errObj) {
		return false, false, nil, nil
	}
	body := ifs.Body.List
	if whenNil {
		// if err == nil { ... } else { ... }: the error is in the else.
		els, ok := ifs.Else.(*ast.BlockStmt)
		if !ok {
			return false, false, nil, nil
		}
		body = els.List
	}
	// Inside err != nil, an IsNotFound branch decides what not-found does.
	for k, st := range body {
		inner, ok := st.(*ast.IfStmt)
		if !ok {
			continue
		}
		if t, ok := recognize.AsNotFoundTest(info, inner.Cond); ok && recognize.Mentions(info, t.Err, errObj) {
			if t.WhenNotFound {
				// if IsNotFound(err) { setCondition() }: a branch that
				// does not end goes on to the statements after it.
				taken := inner.Body.List
				if !ends(info, inner.Body.List) {
					taken = append(slices.Clone(taken), body[k+1:]...)
				}
				r := rd.returnsErr(taken)
				return r, !r, nil, taken
			}
			// if !IsNotFound(err) { return err }: not-found goes on to the
			// else branch and the statements after it.
			rest := slices.Clone(body[k+1:])
			if els, ok := inner.Else.(*ast.BlockStmt); ok {
				rest = append(rest, els.List...)
			}
			r := rd.returnsErr(rest)
			return r, !r, nil, rest
		}
		if g, ok := rd.paramGuardedNotFound(inner.Cond, errObj); ok && !rd.returnsErr(inner.Body.List) {
			// if ignoreNotFound && IsNotFound(err) { continue }: not-found
			// goes on when the parameter says so, and is handed on by
			// what follows otherwise.
			rest := body[k+1:]
			return rd.returnsErr(rest), false, &g, rest
		}
	}
	r := rd.returnsErr(body)
	// if err != nil { return client.IgnoreNotFound(err) }: the call's
	// not-found ends this function with no error. The read still counts
	// as one whose not-found stops the function (a Reconcile that
	// returns there never reaches its finalizer's removal), but a
	// helper's not-found stops at this caller: it is tolerated.
	return r, r && !rd.returnsErr(withoutIgnored(info, body)), nil, body
}

// ends reports whether control never leaves stmts at their end: the last
// one returns, branches (continue, break, goto) or panics.
func ends(info *types.Info, stmts []ast.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	switch st := stmts[len(stmts)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		return recognize.Builtin(info, st.X) == "panic"
	}
	return false
}

// ignoredInto returns the variable that init, an if statement's
// initialisation, assigns an IgnoreNotFound of errObj (err :=
// client.IgnoreNotFound(err)), or nil.
func ignoredInto(info *types.Info, init ast.Stmt, errObj types.Object) types.Object {
	as, ok := init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !recognize.IsIgnoreNotFound(info, call) || !recognize.Mentions(info, call.Args[0], errObj) {
		return nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	return info.ObjectOf(id)
}

// withoutIgnored returns stmts but for their top-level returns of
// client.IgnoreNotFound(err), which is nil for a not-found.
func withoutIgnored(info *types.Info, stmts []ast.Stmt) []ast.Stmt {
	return slices.DeleteFunc(slices.Clone(stmts), func(st ast.Stmt) bool {
		ret, ok := st.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return false
		}
		call, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.CallExpr)
		return ok && recognize.IsIgnoreNotFound(info, call)
	})
}

// paramGuardedNotFound recognises p && IsNotFound(err) (or !p && ...), p a
// bool parameter of the function: the guard returned says for which value
// of p the condition is false for a not-found, so that not-found is handed
// on.
func (rd *readScan) paramGuardedNotFound(cond ast.Expr, errObj types.Object) (pathGuard, bool) {
	info := rd.r.pass.TypesInfo
	cs := recognize.Conjuncts(cond)
	if len(cs) != 2 {
		return pathGuard{}, false
	}
	for i, c := range cs {
		t, ok := recognize.AsNotFoundTest(info, c)
		if !ok || !t.WhenNotFound || !recognize.Mentions(info, t.Err, errObj) {
			continue
		}
		other := ast.Unparen(cs[1-i])
		want := "false" // p && IsNotFound: handed on when p is false
		if u, ok := other.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			other, want = ast.Unparen(u.X), "true"
		}
		id, ok := other.(*ast.Ident)
		if !ok {
			return pathGuard{}, false
		}
		param, ok := rd.params[info.Uses[id]]
		if t := info.TypeOf(id); !ok || t == nil || !recognize.IsBool(t) {
			return pathGuard{}, false
		}
		return pathGuard{param: param, bool: want}, true
	}
	return pathGuard{}, false
}

// returnsErr reports whether stmts (outside function literals) return an
// error: a return statement whose last result is not nil, or whose one
// result is a call of a result helper of the package that can return a
// non-nil error (return requeueError(err), not return done()).
func (rd *readScan) returnsErr(stmts []ast.Stmt) bool {
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = found || rd.r.errorReturn(n, 0)
			}
			return !found
		})
	}
	return found
}

// errorReturn reports whether ret can return a non-nil error (see
// readScan.returnsErr).
func (r *solver) errorReturn(ret *ast.ReturnStmt, depth int) bool {
	info := r.pass.TypesInfo
	if len(ret.Results) == 0 {
		return false
	}
	last := ast.Unparen(ret.Results[len(ret.Results)-1])
	tv, ok := info.Types[last]
	if !ok || tv.IsNil() {
		return false
	}
	if recognize.ImplementsError(tv.Type) {
		return true
	}
	tuple, isTuple := tv.Type.(*types.Tuple)
	call, isCall := last.(*ast.CallExpr)
	if !isTuple || !isCall || len(ret.Results) != 1 || tuple.Len() == 0 || !recognize.ImplementsError(tuple.At(tuple.Len()-1).Type()) || depth > 3 {
		return false
	}
	fd := r.declOf(recognize.Callee(info, call))
	if fd == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = found || r.errorReturn(n, depth+1)
		}
		return !found
	})
	return found
}

// declOf returns the declaration of fn when it is a function of the
// package with a body, or nil.
func (r *solver) declOf(fn *types.Func) *ast.FuncDecl {
	if fn == nil || fn.Pkg() != r.pass.Pkg {
		return nil
	}
	if r.funcDecls == nil {
		r.funcDecls = make(map[*types.Func]*ast.FuncDecl)
		for _, f := range inspection.Of(r.pass).Funcs {
			r.funcDecls[f.Obj] = f.Decl
		}
	}
	return r.funcDecls[fn]
}

// usesObject reports whether e is the variable obj.
func usesObject(info *types.Info, e ast.Expr, obj types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == obj
}

// addRead records call, a Get whose not-found the function hands on, as a
// dependency read when its key derives from a reference, and as a read
// keyed by its parameters when the key derives only from them (see
// FieldCond.Arg); it reports whether it recorded a dependency read. A read
// is none when every object that holds the references keying it was found
// in a list (peer.Spec.CredentialsRef, peer ranging over a List's items):
// the reference is a peer's, not a dependency of the object the function
// was asked about, and a peer that is deleted leaves the list with its
// references. When every holder is a parameter, the read is one only where
// a caller passes, for one of them, an object that was not found in a list
// (see FieldCond.Keyed).
func (rd *readScan) addRead(call *ast.CallExpr) bool {
	key, ok := recognize.AsGet(rd.r.pass.TypesInfo, call)
	if !ok || rd.usageHeld(key) {
		return false
	}
	if !rd.fromReference(key, 0) {
		if recognize.IsSelfKey(rd.r.pass.TypesInfo, rd.body, key) {
			return false // the reconciled object, re-read
		}
		if ps := rd.keyParams(key); len(ps) > 0 {
			rd.r.argReads[call] = ps
		}
		return false
	}
	params, ok := rd.keyHolders(key)
	if !ok {
		return false
	}
	rd.r.reads[call] = true
	if len(params) > 0 {
		rd.r.keyedReads[call] = params
	}
	return true
}

// keyHolders classifies the objects that hold the references the key
// expression derives from: false when every one was found in a list (a
// peer's references), and the function's parameters among them when all
// the others are parameters too (nil when any is another object).
func (rd *readScan) keyHolders(key ast.Expr) (params []int, ok bool) {
	info := rd.r.pass.TypesInfo
	holders, known := rd.referenceHolders(key)
	if !known || len(holders) == 0 {
		return nil, true
	}
	listed, others := 0, 0
	for _, h := range holders {
		var i int
		isParam := false
		if id, ok := h.(*ast.Ident); ok {
			i, isParam = rd.params[info.Uses[id]]
		}
		switch {
		case rd.r.values.IsElement(h):
			listed++
		case isParam:
			if !slices.Contains(params, i) {
				params = append(params, i)
			}
		default:
			others++
		}
	}
	if listed == len(holders) {
		return nil, false
	}
	if others > 0 {
		return nil, true
	}
	slices.Sort(params)
	return params, true
}

// keyParams returns the parameters a key expression derives from when it
// derives from nothing else but constants (name, types.NamespacedName{
// Namespace: ns, Name: name}, fmt.Sprintf("%s-tls", name), through local
// variables): the function reads whatever its callers name. Nil when it
// derives from anything else (a receiver's field, a package variable, a
// call's result that is not made from the key's parts alone).
func (rd *readScan) keyParams(key ast.Expr) []int {
	var params []int
	if !rd.paramsOnly(key, &params) {
		return nil
	}
	slices.Sort(params)
	return params
}

// paramsOnly reports whether the key expression e derives only from the
// function's parameters and constants, through local variables, and
// appends the parameters' indexes to params.
func (rd *readScan) paramsOnly(e ast.Expr, params *[]int) bool {
	ok := rd.keyWalk(e, 0, func(*ast.SelectorExpr) bool {
		// obj.Name, obj.Namespace: the object's own (what it refers to
		// is under Spec: see references).
		return false
	}, func(_ *ast.Ident, v *types.Var) bool {
		i, isParam := rd.params[v]
		if isParam && !slices.Contains(*params, i) {
			*params = append(*params, i)
		}
		return isParam
	})
	return ok && len(*params) > 0
}

// keyWalk reports whether the key expression e derives only from constants,
// functions of its parts, and what meta and leaf accept, following local
// variables to what was assigned to them: meta is asked about a selection
// on a Kubernetes object (x.Name, x.GetName), leaf about a variable (it
// returns false to have keyWalk follow a local variable's definitions). A
// function literal, another method's result, or a variable with no
// definitions that leaf does not accept (a receiver, a package variable)
// makes it false.
func (rd *readScan) keyWalk(e ast.Expr, depth int, meta func(*ast.SelectorExpr) bool, leaf func(*ast.Ident, *types.Var) bool) bool {
	if depth > 4 {
		return false
	}
	info := rd.r.pass.TypesInfo
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.SelectorExpr:
			if t := info.TypeOf(n.X); t != nil && hasMetadata(t) {
				ok = meta(n)
				return false
			}
			if sel := info.Selections[n]; sel != nil && sel.Kind() != types.FieldVal {
				ok = false // a method's result: not the key's parts alone
				return false
			}
		case *ast.Ident:
			v, isVar := info.Uses[n].(*types.Var)
			if !isVar || v.IsField() || leaf(n, v) {
				return true // a constant, a function, a type, a field's name
			}
			defs := rd.varDefs(v)
			if len(defs) == 0 {
				ok = false // a receiver, a package variable, a result
				return false
			}
			for _, def := range defs {
				if !rd.keyWalk(def, depth+1, meta, leaf) {
					ok = false
					return false
				}
			}
		}
		return ok
	})
	return ok
}

// entryHolders returns the holders of the list that h, an element of a
// list, is an entry of, when h is not a Kubernetes object: an entry of a
// spec's list (for _, in := range spec.Inputs, spec.Inputs[0]) is part of
// what holds the list, and so are the references it holds. An object found
// in a list is a peer, whose references are its own, and an entry of a
// list whose holder is not known (a helper's result, a parameter every
// caller passes an element for) is taken for one too: false.
func (rd *readScan) entryHolders(h ast.Expr, depth int) ([]ast.Expr, bool) {
	info := rd.r.pass.TypesInfo
	if t := info.TypeOf(h); t == nil || hasMetadata(t) {
		return nil, false
	}
	var lists []ast.Expr
	switch h := ast.Unparen(h).(type) {
	case *ast.IndexExpr:
		lists = []ast.Expr{h.X}
	case *ast.Ident:
		lists = rd.varDefs(info.Uses[h])
	}
	if len(lists) == 0 {
		return nil, false
	}
	var out []ast.Expr
	for _, l := range lists {
		hs, ok := rd.resolveHolder(recognize.Holder(info, l), depth+1)
		if !ok || slices.ContainsFunc(hs, rd.r.values.IsElement) {
			return nil, false
		}
		out = append(out, hs...)
	}
	return out, true
}

// hasMetadata reports whether t, or what it points to, is a Kubernetes
// object: a struct that embeds ObjectMeta, or one with a GetName method
// (unstructured, a client.Object).
func hasMetadata(t types.Type) bool {
	if recognize.IsObjectStruct(recognize.Unpointer(t)) {
		return true
	}
	m, _, _ := types.LookupFieldOrMethod(t, true, nil, "GetName")
	return m != nil
}

// fromReference reports whether the key expression e derives from a
// reference (see references).
func (rd *readScan) fromReference(e ast.Expr, depth int) bool {
	return rd.references(e, depth, func(ast.Expr) bool { return false })
}

// referenceHolders returns the objects that hold the references the key
// expression e derives from (obj of obj.Spec.SecretRef, through local
// variables; a reference received as it is: ref of a parameter ref
// *SecretRef), and whether each reference in e has one.
func (rd *readScan) referenceHolders(e ast.Expr) (holders []ast.Expr, known bool) {
	known = true
	rd.references(e, 0, func(h ast.Expr) bool {
		hs, ok := rd.resolveHolder(h, 0)
		if !ok {
			known = false
			return false
		}
		holders = append(holders, hs...)
		return true
	})
	return holders, known
}

// resolveHolder returns the objects that the holder h stands for: h itself
// when it is an object found in a list or a variable the function
// received, and for a local variable or an entry of a spec's list, the
// holders of what was assigned to it or of the list (tls of tls :=
// obj.Spec.TLS is obj, and so is in of for _, in := range obj.Spec.Inputs:
// see entryHolders); false when one is not known. An object made for
// others is theirs, and so are the references it holds (see madeFor).
func (rd *readScan) resolveHolder(h ast.Expr, depth int) ([]ast.Expr, bool) {
	if h == nil || depth > 4 {
		return nil, false
	}
	if rd.r.values.IsElement(h) {
		if hs, ok := rd.entryHolders(h, depth); ok {
			return hs, true
		}
		return []ast.Expr{h}, true // a peer: its references are its own
	}
	id, ok := h.(*ast.Ident)
	if !ok {
		return []ast.Expr{h}, true
	}
	v := rd.r.pass.TypesInfo.Uses[id]
	defs := rd.varDefs(v)
	if len(defs) == 0 {
		return []ast.Expr{h}, true // a parameter, a receiver
	}
	var out []ast.Expr
	for _, def := range defs {
		hs, ok := rd.resolveHolder(recognize.Holder(rd.r.pass.TypesInfo, def), depth+1)
		if !ok {
			return rd.madeFor(v, defs, depth)
		}
		out = append(out, hs...)
	}
	return out, true
}

// madeFor returns the holders of the objects that the Kubernetes object in
// the local variable v was made for, when it was: built by a function from
// them (deployment := deploymentFor(instance)) or read by a key made from
// their own names (Name: instance.Name + "-deployment"). What such an
// object refers to is what they set up: a Secret its containers name is
// the instance's, and where the instance is a listed peer, the peer's.
func (rd *readScan) madeFor(v types.Object, defs []ast.Expr, depth int) ([]ast.Expr, bool) {
	info := rd.r.pass.TypesInfo
	if v == nil || !hasMetadata(v.Type()) {
		return nil, false
	}
	var roots []ast.Expr
	for _, def := range defs {
		switch def := ast.Unparen(def).(type) {
		case *ast.CallExpr:
			// Built from the objects it is handed.
			n := len(roots)
			for _, a := range def.Args {
				if t := info.TypeOf(a); t != nil && hasMetadata(t) {
					roots = append(roots, recognize.Holder(info, a))
				}
			}
			if len(roots) == n {
				return nil, false
			}
		case *ast.UnaryExpr, *ast.CompositeLit:
			// &T{}: what a Get reads into it says (below).
		default:
			return nil, false
		}
	}
	for _, key := range rd.fillKeys(v) {
		if !rd.ownNames(key, &roots) {
			return nil, false
		}
	}
	var out []ast.Expr
	for _, r := range roots {
		if recognize.HolderVar(info, r) == v {
			continue // its own name: read back
		}
		hs, ok := rd.resolveHolder(r, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, hs...)
	}
	return out, len(out) > 0
}

// ownNames reports whether the key expression e derives only from objects'
// own names (x.Name, x.Namespace, x.GetName(), client.ObjectKeyFromObject(x))
// and constants, through local variables, and appends those objects'
// holders to roots.
func (rd *readScan) ownNames(e ast.Expr, roots *[]ast.Expr) bool {
	info := rd.r.pass.TypesInfo
	return rd.keyWalk(e, 0, func(sel *ast.SelectorExpr) bool {
		switch sel.Sel.Name {
		case "Name", "Namespace", "GetName", "GetNamespace":
			*roots = append(*roots, recognize.Holder(info, sel.X))
			return true
		}
		return false
	}, func(id *ast.Ident, v *types.Var) bool {
		if hasMetadata(v.Type()) {
			*roots = append(*roots, id) // client.ObjectKeyFromObject(x)
			return true
		}
		return false
	})
}

// references walks the key expression e for the references it derives
// from: a selector through a Spec field or a field of a reference type, an
// index "spec" of an unstructured object's map, an unstructured field
// reader given "spec", or a variable of a type named *Ref, *Refs or
// *Reference; following local variables to what was assigned to them. It
// calls visit with the object that holds each (see holderOf; nil when not
// known) until visit returns false, and reports whether it found any.
func (rd *readScan) references(e ast.Expr, depth int, visit func(holder ast.Expr) bool) (found bool) {
	if depth > 4 {
		return false
	}
	info := rd.r.pass.TypesInfo
	stopped := false
	saw := func(holder ast.Expr) {
		found = true
		stopped = !visit(holder)
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if stopped {
			return false
		}
		if e, ok := n.(ast.Expr); ok {
			if obj := recognize.OwnerRefsHolder(info, e); obj != nil {
				// The owners an object names in its metadata: its
				// references, as those of its spec.
				saw(recognize.Holder(info, obj))
				return false
			}
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			sel := info.Selections[n]
			if sel == nil {
				break
			}
			switch {
			case n.Sel.Name == "Spec":
				saw(recognize.Holder(info, n.X))
				return false
			case n.Sel.Name == "Status":
				// What the object observed (status.nodeRefs), not
				// what its spec asks for.
				return false
			case sel.Kind() == types.FieldVal && isReferenceType(sel.Type()):
				saw(recognize.Holder(info, n.X)) // a reference kept in a field
				return false
			}
		case *ast.IndexExpr:
			if isStringLit(n.Index, "spec") {
				saw(recognize.Holder(info, n.X))
				return false
			}
			if obj := metadataMap(info, n.X); obj != nil {
				// A label or annotation whose value names another
				// object (obj.Annotations["example.com/secret"]): set
				// by the user, as a spec field is.
				saw(recognize.Holder(info, obj))
				return false
			}
		case *ast.CallExpr:
			// A key builder's or accessor's result (keyFor(obj),
			// obj.SecretKey()): the references its object holds.
			for _, a := range rd.r.keyArgs(n) {
				saw(recognize.Holder(info, a))
				if stopped {
					return false
				}
			}
			if fn := recognize.Callee(info, n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == pkgUnstructured && strings.HasPrefix(fn.Name(), "Nested") && len(n.Args) > 0 {
				for _, a := range n.Args[1:] {
					if isStringLit(a, "spec") {
						saw(recognize.Holder(info, n.Args[0]))
						return false
					}
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() {
				// (A field's name: the selector around it says.)
				f, s := rd.varReferences(n, v, depth, visit)
				found, stopped = found || f, s
			}
		}
		return !stopped
	})
	return found
}

// metadataMap returns the object whose labels or annotations x is
// (obj.Labels, obj.ObjectMeta.Annotations, obj.GetAnnotations()), or nil.
func metadataMap(info *types.Info, x ast.Expr) ast.Expr {
	switch x := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		if x.Sel.Name != "Labels" && x.Sel.Name != "Annotations" {
			return nil
		}
		field, ok := info.ObjectOf(x.Sel).(*types.Var)
		if !ok || !field.IsField() || field.Pkg() == nil || field.Pkg().Path() != recognize.PkgMetaV1 {
			return nil
		}
		if inner, ok := ast.Unparen(x.X).(*ast.SelectorExpr); ok && inner.Sel.Name == "ObjectMeta" {
			return inner.X
		}
		return x.X
	case *ast.CallExpr:
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || len(x.Args) != 0 || sel.Sel.Name != "GetLabels" && sel.Sel.Name != "GetAnnotations" {
			return nil
		}
		if fn := recognize.Callee(info, x); fn == nil || recognize.Receiver(fn) == nil {
			return nil
		}
		return sel.X
	}
	return nil
}

// varReferences is references for the variable v, used at id: a reference
// received (a parameter, a receiver, of a reference type), or what the
// expressions assigned to it derive from. It reports whether it found any,
// and whether visit asked to stop.
func (rd *readScan) varReferences(id *ast.Ident, v *types.Var, depth int, visit func(holder ast.Expr) bool) (found, stopped bool) {
	defs := rd.varDefs(v)
	if len(defs) == 0 {
		if isReferenceType(v.Type()) {
			return true, !visit(id)
		}
		return false, false
	}
	for _, def := range defs {
		found = rd.references(def, depth+1, func(h ast.Expr) bool {
			stopped = !visit(h)
			return !stopped
		}) || found
		if stopped {
			return true, true
		}
	}
	if !found && isReferenceType(v.Type()) && !allStatus(defs) {
		return true, !visit(nil) // a reference made here, of what is not known
	}
	return found, false
}

// allStatus reports whether every expression reads through a Status field.
func allStatus(es []ast.Expr) bool {
	for _, e := range es {
		status := false
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Status" {
				status = true
			}
			return !status
		})
		if !status {
			return false
		}
	}
	return true
}

// isReferenceType reports whether t (or what it points to) is a named type
// whose name says it refers to another object: ProjectRef, ResourceRef,
// corev1.ObjectReference, ...
func isReferenceType(t types.Type) bool {
	n := recognize.Named(recognize.Unpointer(t))
	if n == nil {
		return false
	}
	name := n.Obj().Name()
	return strings.HasSuffix(name, "Ref") || strings.HasSuffix(name, "Refs") || strings.HasSuffix(name, "Reference")
}

func isStringLit(e ast.Expr, s string) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return false
	}
	v, err := strconv.Unquote(lit.Value)
	return err == nil && v == s
}

// localDefs maps each variable assigned in body to the expressions assigned
// to it or to its fields (key.Name = ref.Name counts for key).
func localDefs(info *types.Info, body *ast.BlockStmt) map[types.Object][]ast.Expr {
	defs := make(map[types.Object][]ast.Expr)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				// a, b := f(): each gets the call.
				if len(n.Rhs) == 1 {
					for _, l := range n.Lhs {
						if obj := assignedObject(info, l); obj != nil {
							defs[obj] = append(defs[obj], n.Rhs[0])
						}
					}
				}
				return true
			}
			for i, l := range n.Lhs {
				if obj := assignedObject(info, l); obj != nil {
					defs[obj] = append(defs[obj], n.Rhs[i])
				}
			}
		case *ast.RangeStmt:
			// for _, ref := range obj.Spec.Refs: each element comes from X.
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
					if obj := info.ObjectOf(id); obj != nil {
						defs[obj] = append(defs[obj], n.X)
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if i < len(n.Values) {
					if obj := info.Defs[id]; obj != nil {
						defs[obj] = append(defs[obj], n.Values[i])
					}
				}
			}
		}
		return true
	})
	litArgDefs(info, body, defs)
	return defs
}

// litArgDefs adds to defs the parameters of the function literals of body
// that body calls, each with the arguments of those calls: a closure
// called directly (func(name string) {...}(x)) or through the local
// variable it was assigned (load := func(name string) ...; load(x)) reads
// by what its calls pass, as an unexported function's parameters do.
func litArgDefs(info *types.Info, body *ast.BlockStmt, defs map[types.Object][]ast.Expr) {
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Ellipsis.IsValid() {
			return true
		}
		var lit *ast.FuncLit
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.FuncLit:
			lit = fun
		case *ast.Ident:
			if vs := defs[info.Uses[fun]]; len(vs) == 1 {
				lit, _ = ast.Unparen(vs[0]).(*ast.FuncLit)
			}
		}
		if lit == nil {
			return true
		}
		for obj, i := range recognize.ParamIndexes(info, lit.Type) {
			if i < len(call.Args) {
				defs[obj] = append(defs[obj], call.Args[i])
			}
		}
		return true
	})
}

// assignedObject returns the variable an assignment's left-hand side writes:
// the identifier's, or the root of a field selector.
func assignedObject(info *types.Info, l ast.Expr) types.Object {
	if id, ok := ast.Unparen(l).(*ast.Ident); ok {
		return info.ObjectOf(id)
	}
	return recognize.RootObject(info, l)
}
