package disktest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A disk is a scratch tree that hack/disk.sh sees as a whole disk: a fake
// df reports its capacity less the sizes of the tree's files, one GB for
// every thousand bytes, so a test fills and frees "gigabytes" with small
// files. A fake go answers `go env GOCACHE` and `go clean -cache`.
type disk struct {
	t                 *testing.T
	root              string
	cache, tmp, gcl   string
	kubeRoot, kubeDir string
	binaries          []string
	bin               string // the fake df and go, outside the tree
}

const fakeDF = `#!/bin/sh
used=$(find "$DISK_ROOT" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
echo "Filesystem 1024-blocks Used Available Capacity Mounted on"
echo "fake 0 0 $(( (DISK_CAP - used) * 1048576 / 1000 )) 0% /"
`

const fakeGo = `#!/bin/sh
case "$*" in
"env GOCACHE") echo "$DISK_CACHE" ;;
"clean -cache") rm -rf "$DISK_CACHE"/* ;;
*) echo "fake go: $*" >&2; exit 2 ;;
esac
`

const day = 24 * time.Hour

func newDisk(t *testing.T) *disk {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("hack/disk.sh is a bash script")
	}
	for _, tool := range []string{"bash", "find", "awk", "df"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	if err := exec.Command("find", ".", "-maxdepth", "0", "-printf", "").Run(); err != nil {
		t.Skip("find has no -printf (not GNU find)")
	}
	root := t.TempDir()
	d := &disk{
		t:        t,
		root:     root,
		cache:    filepath.Join(root, "gocache"),
		tmp:      filepath.Join(root, "tmp"),
		gcl:      filepath.Join(root, "golangci-lint"),
		kubeRoot: filepath.Join(root, "kube"),
		bin:      t.TempDir(),
	}
	d.kubeDir = filepath.Join(d.kubeRoot, "kube-1.35.0-etcd-3.6.5")
	for _, b := range []string{"kube-apiserver", "etcd"} {
		p := filepath.Join(d.kubeDir, b)
		d.write(p, 0, 0)
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
		d.binaries = append(d.binaries, p)
	}
	for _, dir := range []string{d.cache, d.tmp, d.gcl} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{"df": fakeDF, "go": fakeGo} {
		if err := os.WriteFile(filepath.Join(d.bin, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// write creates the file p holding gb "gigabytes", last modified age ago.
func (d *disk) write(p string, gb int, age time.Duration) string {
	d.t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(p, bytes.Repeat([]byte{'x'}, gb*1000), 0o644); err != nil {
		d.t.Fatal(err)
	}
	when := time.Now().Add(-age)
	if err := os.Chtimes(p, when, when); err != nil {
		d.t.Fatal(err)
	}
	return p
}

// run runs hack/disk.sh on a disk of capGB that needs first and later GB,
// with the extra environment env; it returns the exit code and what the
// script printed.
func (d *disk) run(capGB, first, later int, env ...string) (int, string) {
	d.t.Helper()
	args := append([]string{"../disk.sh", strconv.Itoa(first), strconv.Itoa(later), d.kubeRoot, d.kubeDir}, d.binaries...)
	cmd := exec.Command("bash", args...)
	cmd.Env = append(d.env(capGB), env...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &exit):
		return exit.ExitCode(), string(out)
	}
	d.t.Fatal(err)
	return 0, ""
}

// env is the environment of hack/disk.sh on a disk of capGB: the fake df
// and go, the disk's directories.
func (d *disk) env(capGB int) []string {
	return append(os.Environ(),
		"PATH="+d.bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GO="+filepath.Join(d.bin, "go"),
		"DISK_ROOT="+d.root,
		"DISK_CACHE="+d.cache,
		"DISK_CAP="+strconv.Itoa(capGB*1000),
		"TMPDIR="+d.tmp,
		"GOLANGCI_LINT_CACHE="+d.gcl,
	)
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// lines checks that out has exactly the lines that contain want, in order.
func lines(t *testing.T, out string, want ...string) {
	t.Helper()
	got := strings.Split(strings.TrimSpace(out), "\n")
	if out == "" {
		got = nil
	}
	if len(got) != len(want) {
		t.Fatalf("printed %d lines, want %d:\n%s", len(got), len(want), out)
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("line %d = %q, want it to contain %q", i+1, got[i], w)
		}
	}
}

func TestRoom(t *testing.T) {
	d := newDisk(t)
	d.write(filepath.Join(d.cache, "aa", "old"), 5, 2*day)
	rc, out := d.run(30, 20, 4)
	if rc != 0 {
		t.Fatalf("exit %d:\n%s", rc, out)
	}
	lines(t, out)
	if !exists(filepath.Join(d.cache, "aa", "old")) {
		t.Error("removed a cache entry although the disk had room")
	}
}

func TestDayOldEntries(t *testing.T) {
	d := newDisk(t)
	old := d.write(filepath.Join(d.cache, "aa", "old"), 5, 2*day)
	recent := d.write(filepath.Join(d.cache, "bb", "recent"), 2, time.Hour)
	gcl := d.write(filepath.Join(d.gcl, "x"), 1, 2*day)
	// 8 of 28 used: 20 free after removing the old entry, 15 before.
	rc, out := d.run(23, 20, 4)
	if rc != 0 {
		t.Fatalf("exit %d:\n%s", rc, out)
	}
	lines(t, out, "15 GB free on the disk of "+d.cache+", needs about 20 GB: removing Go build cache entries unused for a day")
	if exists(old) {
		t.Error("kept the day-old cache entry")
	}
	if !exists(recent) || !exists(gcl) {
		t.Error("removed more than the first step frees")
	}
}

func TestNoTrim(t *testing.T) {
	d := newDisk(t)
	old := d.write(filepath.Join(d.cache, "aa", "old"), 5, 2*day)
	rc, out := d.run(10, 20, 4, "TEST_TRIM=0")
	if rc != 1 {
		t.Fatalf("exit %d, want 1:\n%s", rc, out)
	}
	lines(t, out, "5 GB free on the disk of "+d.cache+", needs about 20 GB: free some (go clean -cache empties the build cache), or set TEST_FREE_GB and TEST_FREE_GB_FIRST lower")
	if !exists(old) {
		t.Error("TEST_TRIM=0 removed a cache entry")
	}
}

func TestLeftovers(t *testing.T) {
	d := newDisk(t)
	recent := d.write(filepath.Join(d.cache, "aa", "recent"), 2, time.Hour)
	gcl := d.write(filepath.Join(d.gcl, "x"), 3, time.Hour)
	other := d.write(filepath.Join(d.kubeRoot, "kube-1.34.1-etcd-3.6.4", "etcd"), 4, time.Hour)
	oldScratch := d.write(filepath.Join(d.tmp, "deletionlint-validate", "f"), 5, 0)
	if err := os.Chtimes(filepath.Dir(oldScratch), time.Now().Add(-2*day), time.Now().Add(-2*day)); err != nil {
		t.Fatal(err)
	}
	oldKube := d.write(filepath.Join(d.tmp, "deletionlint-gocache.x1", "f"), 1, 0)
	if err := os.Chtimes(filepath.Dir(oldKube), time.Now().Add(-2*day), time.Now().Add(-2*day)); err != nil {
		t.Fatal(err)
	}
	newScratch := d.write(filepath.Join(d.tmp, "deletionlint-bugs", "f"), 1, 0)
	other2 := d.write(filepath.Join(d.tmp, "unrelated", "f"), 1, 2*day)
	// 17 used of 31; 14 free, 27 once golangci-lint's cache, the other
	// version and the day-old scratch trees are gone.
	rc, out := d.run(31, 20, 4)
	if rc != 0 {
		t.Fatalf("exit %d:\n%s", rc, out)
	}
	lines(t, out,
		"14 GB free on the disk of "+d.cache+", needs about 20 GB: removing Go build cache entries unused for a day",
		"14 GB free on the disk of "+d.cache+", needs about 20 GB: removing golangci-lint's cache, other versions' control-plane binaries and day-old scratch trees")
	for _, p := range []string{gcl, other, oldScratch, oldKube} {
		if exists(p) {
			t.Errorf("kept %s", p)
		}
	}
	for _, p := range append([]string{recent, newScratch, other2}, d.binaries...) {
		if !exists(p) {
			t.Errorf("removed %s", p)
		}
	}
}

func TestCleanCache(t *testing.T) {
	d := newDisk(t)
	recent := d.write(filepath.Join(d.cache, "aa", "recent"), 12, time.Hour)
	rc, out := d.run(25, 20, 4)
	if rc != 0 {
		t.Fatalf("exit %d:\n%s", rc, out)
	}
	lines(t, out,
		"removing Go build cache entries unused for a day",
		"removing golangci-lint's cache",
		"13 GB free on the disk of "+d.cache+", needs about 20 GB: emptying Go's build cache (go clean -cache); this run refills it")
	if exists(recent) {
		t.Error("kept the build cache")
	}
}

func TestNotEnough(t *testing.T) {
	d := newDisk(t)
	d.write(filepath.Join(d.tmp, "data"), 12, time.Hour)
	rc, out := d.run(25, 20, 4)
	if rc != 1 {
		t.Fatalf("exit %d, want 1:\n%s", rc, out)
	}
	lines(t, out,
		"removing Go build cache entries unused for a day",
		"removing golangci-lint's cache",
		"emptying Go's build cache",
		"13 GB free on the disk of "+d.cache+", needs about 20 GB: free some, or set TEST_FREE_GB and TEST_FREE_GB_FIRST lower")
	if !exists(filepath.Join(d.tmp, "data")) {
		t.Error("removed a file of $TMPDIR that is not a scratch tree of make test")
	}
}

// warm fills the build cache with as many (empty) entries as a cache that
// earlier runs filled: what tells a later run from a first one.
func (d *disk) warm() {
	d.t.Helper()
	for i := 0; i < 20000; i++ {
		dir := filepath.Join(d.cache, strconv.Itoa(i%256))
		if i < 256 {
			if err := os.Mkdir(dir, 0o755); err != nil {
				d.t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(i)), nil, 0o644); err != nil {
			d.t.Fatal(err)
		}
	}
}

func TestLaterRun(t *testing.T) {
	d := newDisk(t)
	d.warm()
	rc, out := d.run(10, 20, 4, "TEST_TRIM=0")
	if rc != 0 {
		t.Fatalf("a warm cache and the control-plane binaries need 4 GB, not 20: exit %d:\n%s", rc, out)
	}
}

func TestFirstRun(t *testing.T) {
	for name, setup := range map[string]func(d *disk){
		"cold cache": func(*disk) {},
		"missing binary": func(d *disk) {
			d.warm()
			if err := os.Remove(d.binaries[0]); err != nil {
				d.t.Fatal(err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			d := newDisk(t)
			setup(d)
			rc, out := d.run(10, 20, 4, "TEST_TRIM=0")
			if rc != 1 {
				t.Fatalf("exit %d, want 1:\n%s", rc, out)
			}
			lines(t, out, "10 GB free on the disk of "+d.cache+", needs about 20 GB")
		})
	}
}

// scratch runs hack/disk.sh --scratch want on a disk of capGB with a
// command that writes the GOCACHE it sees, and whether that is a
// directory, to a file outside the disk and exits 3; it returns what the
// script printed, that GOCACHE and whether it was a directory.
func (d *disk) scratch(capGB, want int) (out, gocache string, isDir bool) {
	d.t.Helper()
	seen := filepath.Join(d.bin, "seen")
	cmd := exec.Command("bash", "../disk.sh", "--scratch", strconv.Itoa(want),
		"sh", "-c", `echo "$GOCACHE" > "$0"; test -d "$GOCACHE" && echo dir >> "$0"; exit 3`, seen)
	cmd.Env = append(d.env(capGB), "GOCACHE=")
	b, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		d.t.Fatalf("the command's exit code 3 was not passed on: %v\n%s", err, b)
	}
	data, err := os.ReadFile(seen)
	if err != nil {
		d.t.Fatal(err)
	}
	gocache, dir, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
	return string(b), gocache, dir == "dir"
}

func TestScratchRoomy(t *testing.T) {
	d := newDisk(t)
	out, gocache, _ := d.scratch(30, 10)
	if out != "" {
		t.Errorf("printed %q with room enough", out)
	}
	if gocache != "" {
		t.Errorf("the command ran with GOCACHE=%s, want it unchanged (unset)", gocache)
	}
}

func TestScratchShort(t *testing.T) {
	d := newDisk(t)
	d.write(filepath.Join(d.cache, "aa", "entry"), 25, time.Hour)
	out, gocache, isDir := d.scratch(30, 10)
	lines(t, out, "make test: 5 GB free on the disk of "+d.cache+", less than 10: sh -c")
	if filepath.Dir(gocache) != d.tmp || !strings.HasPrefix(filepath.Base(gocache), "deletionlint-gocache.") {
		t.Fatalf("the command ran with GOCACHE=%q, want a directory of its own in %s", gocache, d.tmp)
	}
	if !isDir {
		t.Error("the scratch cache did not exist while the command ran")
	}
	if exists(gocache) {
		t.Error("the scratch cache was not removed")
	}
	if !exists(filepath.Join(d.cache, "aa", "entry")) {
		t.Error("the build cache was touched")
	}
}
