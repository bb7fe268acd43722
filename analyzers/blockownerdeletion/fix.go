package blockownerdeletion

import (
	"go/ast"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/deletionlint/deletionlint/analyzers/internal/recognize"
)

// source returns the bytes of the file that holds pos, or nil.
func (c *checker) source(pos token.Pos) (*token.File, []byte) {
	tf := c.pass.Fset.File(pos)
	if tf == nil {
		return nil, nil
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil, nil
	}
	return tf, src
}

// text returns the source text of n.
func (c *checker) text(n ast.Node) (string, bool) {
	tf, src := c.source(n.Pos())
	if tf == nil || c.pass.Fset.File(n.End()) != tf {
		return "", false
	}
	start, end := tf.Offset(n.Pos()), tf.Offset(n.End())
	if start < 0 || end > len(src) || start > end {
		return "", false
	}
	return string(src[start:end]), true
}

// indent returns the leading white space of the line that holds pos.
func (c *checker) indent(pos token.Pos) (string, bool) {
	tf, src := c.source(pos)
	if tf == nil {
		return "", false
	}
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end]), true
}

// trueValue returns how to spell a *bool true in the file of cur, and the
// edits that add an import it needs: the Controller field's own spelling
// when it is true, the file's ptr or pointer import, or a new import of
// k8s.io/utils/ptr.
func (c *checker) trueValue(cur inspector.Cursor, o recognize.OwnerRefLit) (string, []analysis.TextEdit, bool) {
	if kv, ok := o.ControllerField.(*ast.KeyValueExpr); ok && o.Controller == recognize.True {
		t, ok := c.text(kv.Value)
		return t, nil, ok
	}
	var file *ast.File
	for e := range cur.Enclosing((*ast.File)(nil)) {
		file = e.Node().(*ast.File)
	}
	if file == nil {
		return "", nil, false
	}
	for _, imp := range file.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		}
		switch {
		case path == recognize.PkgPtr && name != "_" && name != ".":
			if name == "" {
				name = "ptr"
			}
			return name + ".To(true)", nil, true
		case path == recognize.PkgPointer && name != "_" && name != ".":
			if name == "" {
				name = "pointer"
			}
			return name + ".Bool(true)", nil, true
		}
	}
	if scope := c.pass.TypesInfo.Scopes[file]; scope != nil {
		if _, obj := scope.LookupParent("ptr", token.NoPos); obj != nil {
			return "", nil, false
		}
	}
	if c.pass.Pkg.Scope().Lookup("ptr") != nil {
		return "", nil, false
	}
	return "ptr.To(true)", []analysis.TextEdit{addImport(file, recognize.PkgPtr)}, true
}

// addImport returns the edit that imports path in file.
func addImport(file *ast.File, path string) analysis.TextEdit {
	spec := strconv.Quote(path)
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + spec)}
		}
		return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + spec)}
	}
	return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + spec)}
}

// literalFix adds BlockOwnerDeletion to a keyed literal, after its
// Controller field (or last field), on a line of its own when the literal
// spans lines.
func (c *checker) literalFix(cur inspector.Cursor, o recognize.OwnerRefLit) ([]analysis.TextEdit, bool) {
	lit := o.Lit
	if !o.Keyed {
		return nil, false
	}
	value, edits, ok := c.trueValue(cur, o)
	if !ok {
		return nil, false
	}
	field := "BlockOwnerDeletion: " + value
	if len(lit.Elts) == 0 {
		return append(edits, analysis.TextEdit{Pos: lit.Lbrace + 1, End: lit.Lbrace + 1, NewText: []byte(field)}), true
	}
	anchor := lit.Elts[len(lit.Elts)-1]
	if o.ControllerField != nil {
		anchor = o.ControllerField
	}
	text := ", " + field
	if c.pass.Fset.Position(anchor.Pos()).Line != c.pass.Fset.Position(lit.Lbrace).Line {
		ind, ok := c.indent(anchor.Pos())
		if !ok {
			return nil, false
		}
		text = ",\n" + ind + field
	}
	return append(edits, analysis.TextEdit{Pos: anchor.End(), End: anchor.End(), NewText: []byte(text)}), true
}

// assignFix assigns BlockOwnerDeletion after the statement that makes the
// reference a controller reference, with the same value.
func (c *checker) assignFix(r *refVar) ([]analysis.TextEdit, bool) {
	if r.ctrl == nil || r.ctrlVal == nil || len(r.ctrl.Lhs) != 1 {
		return nil, false
	}
	sel, ok := ast.Unparen(r.ctrl.Lhs[0]).(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	x, ok1 := c.text(sel.X)
	val, ok2 := c.text(r.ctrlVal)
	ind, ok3 := c.indent(r.ctrl.Pos())
	if !ok1 || !ok2 || !ok3 {
		return nil, false
	}
	eol, ok := c.lineEnd(r.ctrl.End())
	if !ok {
		return nil, false // an if or for header, or several statements on a line
	}
	text := "\n" + ind + x + ".BlockOwnerDeletion = " + val
	return []analysis.TextEdit{{Pos: eol, End: eol, NewText: []byte(text)}}, true
}

// lineEnd returns the end of the line that holds pos, after any comment,
// when only blanks or a line comment follow pos on it.
func (c *checker) lineEnd(pos token.Pos) (token.Pos, bool) {
	tf, src := c.source(pos)
	if tf == nil {
		return token.NoPos, false
	}
	off := tf.Offset(pos)
	i := off
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i < len(src) && src[i] != '\n' && src[i] != '\r' {
		if i+1 >= len(src) || src[i] != '/' || src[i+1] != '/' {
			return token.NoPos, false
		}
	}
	for i < len(src) && src[i] != '\n' && src[i] != '\r' {
		i++
	}
	return pos + token.Pos(i-off), true
}
