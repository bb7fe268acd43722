package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deletionlint/deletionlint/internal/validation"
)

func TestParseBug(t *testing.T) {
	b, err := parseBug("op-12 ownschildren example.com/op v1.0.0 v1.0.1 ./...,./cmd/... internal/c.go:40 (*R).Reconcile https://example.com/12 -dropreplace=x -- the Service was not recreated; fix adds Owns", tune)
	if err != nil {
		t.Fatal(err)
	}
	if b.id != "op-12" || b.rule != "ownschildren" || b.file != "internal/c.go" || b.line != 40 || len(b.patterns) != 2 ||
		len(b.edits) != 1 || b.account != "the Service was not recreated; fix adds Owns" {
		t.Errorf("parsed %+v", b)
	}
	for _, bad := range []string{
		"op-12 ownschildren example.com/op v1.0.0 v1.0.1 ./... internal/c.go (*R).Reconcile https://x -- no line",
		"op-12 nosuchrule example.com/op v1.0.0 v1.0.1 ./... internal/c.go:4 (*R).Reconcile https://x -- rule",
		"op-12 ownschildren example.com/op v1.0.0 v1.0.1 ./... internal/c.go:4 (*R).Reconcile https://x replace -- edit",
		"op-12 ownschildren example.com/op v1.0.0 -- too few",
	} {
		if _, err := parseBug(bad, tune); err == nil {
			t.Errorf("parseBug(%q) = nil error", bad)
		}
	}
}

const before = `package c

type R struct{}

func (r *R) Reconcile() error {
	create()
	return nil
}

func create() {}
`

const after = `package c

type R struct{}

// The fix added a comment and moved the function down.

func (r *R) Reconcile() error {
	create()
	return nil
}

func create() {}
`

func TestScore(t *testing.T) {
	dir := t.TempDir()
	b, a := filepath.Join(dir, "before.go"), filepath.Join(dir, "after.go")
	for name, src := range map[string]string{b: before, a: after} {
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	span, name, err := enclosing(b, 6)
	if err != nil || name != "R.Reconcile" || span != [2]int{5, 8} {
		t.Fatalf("enclosing = %v, %q, %v; want [5 8], R.Reconcile", span, name, err)
	}
	fixSpan, err := named(a, name)
	if err != nil || fixSpan != [2]int{7, 10} {
		t.Fatalf("named = %v, %v; want [7 10]", fixSpan, err)
	}
	fs := []validation.Finding{
		{Rule: "ownschildren", Posn: "c/x.go:9:2", Message: "Secret is not watched: add Owns"}, // another file
		{Rule: "driftgate", Posn: "before.go:6:2", Message: "a generation gate: move it"},      // another rule
		{Rule: "ownschildren", Posn: "before.go:11:1", Related: []string{"before.go:7:3"}, // related in span
			Message: "Service is not watched: add Owns(&corev1.Service{}), built at before.go:20"},
	}
	claims, seen := reports(fs, "ownschildren", "before.go", span)
	if len(claims) != 1 || claims[0] != "Service is not watched" || seen != "before.go:11" {
		t.Errorf("reports = %q, %q; want the Service's claim, through the related position", claims, seen)
	}
	if claims, _ := reports(fs[:2], "ownschildren", "before.go", span); len(claims) > 0 {
		t.Errorf("reports: %q, claims of another file or rule", claims)
	}
}

func TestSplit(t *testing.T) {
	dir := t.TempDir()
	var lines string
	for _, id := range []string{"a-1", "b-2", "c-3", "d-4", "e-5"} {
		lines += id + " ownschildren example.com/op v1.0.0 v1.0.1 ./... c.go:4 F" + id + " https://x -- account\n"
	}
	lines += "f-6 driftgate example.com/op v1.0.0 v1.0.1 ./... c.go:4 F https://x -- account\n"
	lines += "f-7 driftgate example.com/op v1.0.0 v1.0.2 ./... c.go:4 F https://y -- f-6 found by another collector\n"
	newBugs := filepath.Join(dir, "new.txt")
	if err := os.WriteFile(newBugs, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := splitInto(dir, []string{newBugs}); err != nil {
		t.Fatal(err)
	}
	tuned, _ := readBugs(filepath.Join(dir, "tune.txt"), tune)
	held, _ := readBugs(filepath.Join(dir, "heldout.txt"), heldOut)
	if len(tuned) != 4 || len(held) != 2 {
		t.Errorf("split 6 bugs (5 of one rule, 1 of another, and one twice) into %d and %d; want 4 and 2", len(tuned), len(held))
	}
	if err := splitInto(dir, []string{newBugs}); err != nil {
		t.Errorf("splitting the same bugs again: %v", err)
	}
	if tuned, _ := readBugs(filepath.Join(dir, "tune.txt"), tune); len(tuned) != 4 {
		t.Errorf("splitting the same bugs again added %d to the tune half", len(tuned)-4)
	}
}

func TestFuncName(t *testing.T) {
	src := "package p\n\nfunc F() {}\nfunc (r R) V() {}\nfunc (r *R) P() {}\nfunc (r *G[T]) Gen() {}\nfunc (r (*H[K, V])) Two() {}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range f.Decls {
		got = append(got, funcName(d.(*ast.FuncDecl)))
	}
	if want := "F R.V R.P G.Gen H.Two"; strings.Join(got, " ") != want {
		t.Errorf("funcName: %q, want %q", strings.Join(got, " "), want)
	}
}

// TestHalvesOf: -half selects one half, both when empty; anything else is
// an error that names the flag.
func TestHalvesOf(t *testing.T) {
	for flag, want := range map[string]string{"": "tune heldout", "tune": "tune", "heldout": "heldout"} {
		if got, err := halvesOf(flag); err != nil || strings.Join(got, " ") != want {
			t.Errorf("halvesOf(%q) = %q, %v; want %q", flag, got, err, want)
		}
	}
	if _, err := halvesOf("held-out"); err == nil || !strings.Contains(err.Error(), "-half") {
		t.Errorf("halvesOf(held-out): error %v, want one naming -half", err)
	}
}

func TestCopyName(t *testing.T) {
	if got := copyName(bug{id: "op-123", half: tune}); got != "op-123" {
		t.Errorf("tune bug: copyName = %q, want its ID", got)
	}
	got := copyName(bug{id: "op-123", half: heldOut})
	if strings.Contains(got, "op") || !strings.HasPrefix(got, "heldout-") || got != copyName(bug{id: "op-123", half: heldOut}) {
		t.Errorf("held-out bug: copyName = %q, want a stable digest that does not name it", got)
	}
	if got == copyName(bug{id: "op-124", half: heldOut}) {
		t.Errorf("two held-out bugs share the directory %q", got)
	}
}
