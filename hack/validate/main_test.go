package main

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestCompare checks that a finding that only moved keeps its verdict, that
// new and vanished findings are reported, that FN lines are kept, that a
// real bug no longer found becomes a miss, that a vanished false positive
// is kept as fixed, and that a fixed one found again is an FP again.
func TestCompare(t *testing.T) {
	want := []entry{
		{Verdict: "TP", Rule: "ownerbyref", Posn: "a.go:10", Message: "m1", Reason: "why"},
		{Verdict: "FP", Rule: "driftgate", Posn: "b.go:5", Message: "m2", Reason: "why not"},
		{Verdict: "FN", Rule: "ownschildren", Posn: "c.go:1", Message: "miss", Reason: "reason"},
		{Verdict: "TP", Rule: "finalizerblock", Posn: "e.go:7", Message: "old words", Reason: "stuck"},
		{Verdict: "TP", Rule: "blockownerdeletion", Posn: "f.go:9", Message: "m4", Reason: "real"},
		{Verdict: "fixed", Rule: "ownerbyref", Posn: "g.go:2", Message: "m5", Reason: "a tree"},
		{Verdict: "fixed", Rule: "ownerbyref", Posn: "h.go:4", Message: "m6", Reason: "a root"},
	}
	got := []entry{
		{Verdict: "?", Rule: "ownerbyref", Posn: "h.go:4", Message: "m6 again", Reason: ""},
		{Verdict: "?", Rule: "ownerbyref", Posn: "a.go:12", Message: "m1", Reason: ""},
		{Verdict: "?", Rule: "finalizerblock", Posn: "d.go:3", Message: "m3", Reason: ""},
		{Verdict: "?", Rule: "finalizerblock", Posn: "e.go:7", Message: "new words", Reason: ""},
	}
	merged, diff := compare(want, got)
	wantDiff := []string{
		"appeared  finalizerblock d.go:3: m3",
		"appeared  ownerbyref h.go:4: m6 again (was fixed: a root)",
		"reworded  finalizerblock e.go:7: new words (was: old words)",
		"vanished  blockownerdeletion f.go:9: m4 (was TP: real)",
		"vanished  driftgate b.go:5: m2 (was FP: why not)",
	}
	if !reflect.DeepEqual(diff, wantDiff) {
		t.Errorf("diff = %q, want %q", diff, wantDiff)
	}
	wantMerged := []entry{
		{Verdict: "TP", Rule: "ownerbyref", Posn: "a.go:12", Message: "m1", Reason: "why"},
		{Verdict: "fixed", Rule: "driftgate", Posn: "b.go:5", Message: "m2", Reason: "why not"},
		{Verdict: "FN", Rule: "ownschildren", Posn: "c.go:1", Message: "miss", Reason: "reason"},
		{Verdict: "?", Rule: "finalizerblock", Posn: "d.go:3", Message: "m3", Reason: ""},
		{Verdict: "TP", Rule: "finalizerblock", Posn: "e.go:7", Message: "new words", Reason: "stuck"},
		{Verdict: "FN", Rule: "blockownerdeletion", Posn: "f.go:9", Message: "m4", Reason: "(no longer found; was TP) real"},
		{Verdict: "fixed", Rule: "ownerbyref", Posn: "g.go:2", Message: "m5", Reason: "a tree"},
		{Verdict: "FP", Rule: "ownerbyref", Posn: "h.go:4", Message: "m6 again", Reason: "a root"},
	}
	if !reflect.DeepEqual(merged, wantMerged) {
		t.Errorf("merged = %v, want %v", merged, wantMerged)
	}
}

// TestCompareRewordedTogether checks that findings at one line reworded at
// once (their kinds renamed) each keep the verdict of the one they are most
// like.
func TestCompareRewordedTogether(t *testing.T) {
	want := []entry{
		{Verdict: "TP", Rule: "ownschildren", Posn: "a.go:65", Message: "v1beta2.Kafka is created with a controller reference", Reason: "kafka"},
		{Verdict: "FP", Rule: "ownschildren", Posn: "a.go:65", Message: "v1.Route is created with a controller reference", Reason: "route"},
		{Verdict: "TP", Rule: "ownschildren", Posn: "a.go:65", Message: "v1beta2.KafkaUser is created with a controller reference", Reason: "user"},
	}
	got := []entry{
		{Verdict: "?", Rule: "ownschildren", Posn: "a.go:65", Message: "routev1.Route is created with a controller reference"},
		{Verdict: "?", Rule: "ownschildren", Posn: "a.go:65", Message: "kafkav1beta2.KafkaUser is created with a controller reference"},
		{Verdict: "?", Rule: "ownschildren", Posn: "a.go:65", Message: "kafkav1beta2.Kafka is created with a controller reference"},
	}
	merged, _ := compare(want, got)
	reasons := map[string]string{}
	for _, m := range merged {
		reasons[m.Message] = m.Verdict + " " + m.Reason
	}
	wantReasons := map[string]string{
		"routev1.Route is created with a controller reference":          "FP route",
		"kafkav1beta2.KafkaUser is created with a controller reference": "TP user",
		"kafkav1beta2.Kafka is created with a controller reference":     "TP kafka",
	}
	if !reflect.DeepEqual(reasons, wantReasons) {
		t.Errorf("verdicts = %q, want %q", reasons, wantReasons)
	}
}

// TestExpectRoundTrip checks that the expectation format reads back what it writes.
func TestExpectRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.txt")
	es := []entry{{Verdict: "TP", Rule: "ownerbyref", Posn: "x/a.go:10", Message: "a | b message", Reason: "reason"}}
	if err := writeExpect(path, project{module: "m", version: "v1"}, es); err != nil {
		t.Fatal(err)
	}
	got, err := readExpect(path)
	if err != nil || !reflect.DeepEqual(got, es) {
		t.Errorf("read back %v, %v; want %v", got, err, es)
	}
}
