package validation

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A Source is a module at a version, as the Go module proxy serves it, with
// the go mod edit arguments it needs to load as a main module of its own
// (-replace, -dropreplace, -require).
type Source struct {
	Module, Version string
	Edits           []string
}

// Fetch downloads src from the module proxy and copies it, once, to a
// writable directory below root named after its module and version (and
// its edits, see copyName), with its go.mod edits applied; it returns that
// directory.
func Fetch(src Source, root, name string) (string, error) {
	dl := exec.Command("go", "mod", "download", "-json", src.Module+"@"+src.Version)
	dl.Env = append(os.Environ(), "GONOSUMDB="+noSumDB(os.Getenv("GONOSUMDB"), src.Module))
	out, err := dl.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && len(out) == 0 {
			out = ee.Stderr
		}
		return "", fmt.Errorf("go mod download %s@%s: %v: %s", src.Module, src.Version, err, firstLines(string(out), 3))
	}
	var m struct{ Dir, Error string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s: no directory in %s", src.Module, src.Version, out)
	}
	dir := CopyDir(src, root, name)
	if _, err := os.Stat(dir); err == nil {
		return dir, nil
	}
	tmp := dir + ".tmp"
	if err := os.RemoveAll(tmp); err != nil { // an interrupted copy
		return "", err
	}
	if err := copyTree(m.Dir, tmp); err != nil {
		return "", err
	}
	if len(src.Edits) > 0 {
		cmd := exec.Command("go", append([]string{"mod", "edit"}, src.Edits...)...)
		cmd.Dir = tmp
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go mod edit: %v: %s", err, out)
		}
	}
	// Renamed when whole, so an interrupted copy is never taken for one.
	return dir, os.Rename(tmp, dir)
}

// copyName names the copy of src that Fetch makes under name:
// name@version, and a digest of the go.mod edits when there are some, so
// that a changed edit makes a new copy instead of reusing one made
// without it.
// CopyDir returns the directory under root that Fetch copies src to, as
// name.
func CopyDir(src Source, root, name string) string {
	return filepath.Join(root, copyName(src, name))
}

func copyName(src Source, name string) string {
	n := name + "@" + src.Version
	if len(src.Edits) > 0 {
		sum := sha256.Sum256([]byte(strings.Join(src.Edits, "\x00")))
		n += "+edits-" + hex.EncodeToString(sum[:4])
	}
	return n
}

// A Finding is one diagnostic of deletionlint -json, its positions
// file:line:col relative to the directory it ran in.
type Finding struct {
	Rule, Posn, Message string
	Related             []string // the related positions
}

// Run runs bin -json with every rule, those off by default too, and the
// flags given, on patterns in dir, and returns its findings, each once (a
// package and its test variant report the same), and the analyses that
// failed ("package: rule: error", sorted): a run with failures is not one
// with no findings there.
func Run(bin, dir string, rules, patterns []string, flags ...string) ([]Finding, []string, error) {
	args := append([]string{"-json"}, flags...)
	for _, r := range rules {
		args = append(args, "-"+r)
	}
	cmd := exec.Command(bin, append(args, patterns...)...)
	cmd.Dir = dir
	// -mod=mod lets go list record the go.sum lines that the go.mod edits need.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 {
			return nil, nil, fmt.Errorf("deletionlint: %v: %s", err, firstLines(progress.ReplaceAllString(stderr.String(), ""), 20))
		}
	}
	return parse(out, dir)
}

// parse reads the -json output out of a run in dir: the findings, with
// positions relative to dir, and the failed analyses (see Run).
func parse(out []byte, dir string) ([]Finding, []string, error) {
	var res map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &res); err != nil {
		return nil, nil, fmt.Errorf("deletionlint -json: %v", err)
	}
	rel := func(posn string) string {
		if r, err := filepath.Rel(dir, posn); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
		return posn
	}
	var got []Finding
	var failed []string
	seen := map[string]bool{}
	for _, pkg := range slices.Sorted(maps.Keys(res)) { // deterministic: the first of equal findings is kept
		byRule := res[pkg]
		for _, rule := range slices.Sorted(maps.Keys(byRule)) {
			raw := byRule[rule]
			var ds []struct {
				Posn, Message string
				Related       []struct{ Posn string }
			}
			if json.Unmarshal(raw, &ds) != nil {
				var e struct{ Error string }
				if json.Unmarshal(raw, &e) == nil && e.Error != "" {
					failed = append(failed, pkg+": "+rule+": "+e.Error)
				}
				continue
			}
			for _, d := range ds {
				f := Finding{Rule: rule, Posn: rel(d.Posn), Message: d.Message}
				for _, r := range d.Related {
					f.Related = append(f.Related, rel(r.Posn))
				}
				key := f.Rule + "|" + f.Posn + "|" + f.Message
				if !seen[key] {
					seen[key] = true
					got = append(got, f)
				}
			}
		}
	}
	slices.Sort(failed)
	return got, slices.Compact(failed), nil
}

// progress matches the progress lines deletionlint prints in a log, which
// would hide the error they precede.
var progress = regexp.MustCompile(`(?m)^deletionlint: .*, \d+ s\n`)

// FileLine returns posn (file:line:col) without its column.
func FileLine(posn string) string {
	if strings.Count(posn, ":") >= 2 {
		return posn[:strings.LastIndex(posn, ":")]
	}
	return posn
}

func firstLines(s string, n int) string {
	lines := strings.SplitAfterN(s, "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "...\n")
	}
	return strings.Join(lines, "")
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// noSumDB returns the GONOSUMDB setting for the download of module: the
// user's, and the module itself. The checksum database does not list some
// versions the proxy serves (a tag it never saw: 404); the module is read,
// never built or run, and its dependencies are still checked.
func noSumDB(prev, module string) string {
	if prev == "" {
		return module
	}
	return prev + "," + module
}
