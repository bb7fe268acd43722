package passon

import (
	"reflect"
	"testing"
)

type end struct{ At, Name string }

func (e end) Position() string { return e.At }

func TestGathered(t *testing.T) {
	var g Gathered[end]
	if got := g.Sorted(); len(got) != 0 {
		t.Fatalf("zero Gathered: Sorted() = %v, want none", got)
	}
	// Two imports bring the same end (a main package importing both a
	// controller and the package that imports it): it is one end, with
	// both imports.
	g.Add("example.com/op/controllers/b", end{"b.go:3:1", "b"}, end{"a.go:9:2", "a"})
	g.Add("example.com/op/controllers", end{"a.go:9:2", "a again"})
	want := []Carried[end]{
		{Item: end{"a.go:9:2", "a"}, From: []string{"example.com/op/controllers/b", "example.com/op/controllers"}},
		{Item: end{"b.go:3:1", "b"}, From: []string{"example.com/op/controllers/b"}},
	}
	if got := g.Sorted(); !reflect.DeepEqual(got, want) {
		t.Errorf("Sorted() = %v, want %v", got, want)
	}
}

func TestSort(t *testing.T) {
	ends := []end{{"z.go:1:1", ""}, {"a.go:2:1", ""}, {"a.go:10:1", ""}}
	Sort(ends)
	// Positions compare as text: the order only has to be the same in
	// every run and driver, not the source order.
	want := []end{{"a.go:10:1", ""}, {"a.go:2:1", ""}, {"z.go:1:1", ""}}
	if !reflect.DeepEqual(ends, want) {
		t.Errorf("Sort = %v, want %v", ends, want)
	}
}
