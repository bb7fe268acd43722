package analyzers_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Fuzzing: every registered analyzer and isdeleting must finish without
// a panic or an error on any input. "go test" runs the seeds and the
// crashers kept in testdata/fuzz as regression tests; "make fuzz-short" and
// "make fuzz" run the fuzzer.

// maxInput bounds the inputs the fuzzer tries: larger ones take too long to
// check to be worth it, and the generator covers huge functions.
const maxInput = 64 << 10

// hangLimit is how long one input may take. The fuzzer has no timeout of
// its own: a hung input would stall a worker silently. Past the limit the
// watchdog panics, which the fuzzer records as a crash with the input.
const hangLimit = 60 * time.Second

// analyzeWithin is analyzeSource under the watchdog.
func analyzeWithin(src []byte) (int, error) {
	watchdog := time.AfterFunc(hangLimit, func() {
		panic(fmt.Sprintf("analysis did not finish within %v (a hang or a blow-up) on input:\n%s", hangLimit, src))
	})
	defer watchdog.Stop()
	return analyzeSource(src)
}

// addSeeds adds every Go file of the rules' test cases (the shared stub
// packages, testSrcDirs()[0], are excluded: they are what the inputs
// import).
func addSeeds(f *testing.F) {
	for _, src := range testSrcDirs()[1:] {
		err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f.Add(data)
			return nil
		})
		if err != nil {
			f.Fatal(err)
		}
	}
	for _, s := range handSeeds {
		f.Add([]byte(s))
	}
}

// testSrcDirs returns the GOPATH src directories of the analyzers' tests:
// the shared stubs first, then each rule's and each internal analysis's
// testdata/src.
func testSrcDirs() []string {
	dirs := []string{filepath.Join("internal", "testdata", "src")}
	for _, pattern := range []string{"*/testdata/src", "internal/*/testdata/src", "internal/facts/*/testdata/src"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			panic(err)
		}
		dirs = append(dirs, m...)
	}
	return dirs
}

// FuzzSource mutates Go files: the rules' test cases and the hand-written
// seeds below.
func FuzzSource(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > maxInput {
			return
		}
		if _, err := analyzeWithin(src); err != nil {
			t.Fatalf("%v\ninput:\n%s", err, src)
		}
	})
}

// FuzzGenerated builds controller-shaped programs from the fuzz bytes (see
// genProgram), so that mutations explore combinations of well-formed code.
func FuzzGenerated(f *testing.F) {
	for _, seed := range [][]byte{
		{},
		{0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 5, 0, 7, 0, 1, 2, 3, 4, 5, 6, 7},
		{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 4, 7, 1, 7, 13, 14, 255, 15},
		{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 5, 1, 7, 9, 10, 11, 12, 16, 17},
		[]byte("controller runtime deletion finalizer owner reference generation"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		src := genProgram(data)
		if _, err := analyzeWithin(src); err != nil {
			t.Fatalf("%v\ngenerated input:\n%s", err, src)
		}
	})
}

// TestGeneratedProgramsTypeCheck keeps the generator useful: most of what it
// produces from simple bytes must be well typed, or the fuzzer would mostly
// explore type errors.
func TestGeneratedProgramsTypeCheck(t *testing.T) {
	ok := 0
	const n = 40
	for i := range n {
		data := make([]byte, 64)
		for j := range data {
			data[j] = byte(3 + (i*7+j*13)%5*8) // keeps every import, varied decls
		}
		src := genProgram(data)
		pkg, err := stubTree().check(fuzzPkgPath, mustParse(t, src), true)
		if err != nil {
			t.Fatal(err)
		}
		if len(pkg.TypeErrors) == 0 {
			ok++
		} else if testing.Verbose() {
			t.Logf("type errors, e.g. %v", pkg.TypeErrors[0])
		}
	}
	if ok < n/4 {
		t.Errorf("only %d of %d generated programs type-check", ok, n)
	}
}
