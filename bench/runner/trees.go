package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// A target is a tree of packages measured as the user's own module: the
// tools run in dir, on the root packages matched by patterns.
type target struct {
	name        string
	dir         string
	patterns    []string // relative to dir
	controllers int      // for generated trees; 0 for the real ones
}

// realTrees are the real trees, the largest last: each is a copy of a
// module from the module cache (pinned versions, checked on the module
// proxy), with the patterns of its root packages.
var realTrees = []struct {
	name, module, version string
	patterns              []string
}{
	{"no-kubernetes", "golang.org/x/tools", toolsVersion, []string{"./go/..."}},
	{"controller-runtime", "sigs.k8s.io/controller-runtime", controllerRuntimeVersion, []string{"./pkg/..."}},
	{"cluster-api", "sigs.k8s.io/cluster-api", clusterAPIVersion, []string{"./core/reconcilers/...", "./controllers/..."}},
}

// prepare creates the selected targets in work: the generated trees of the
// given sizes (written anew each time), then the copies of the real trees
// (made once, reused afterwards).
func prepare(work string, sizes []int, selected func(string) bool) ([]target, error) {
	var targets []target
	for _, n := range sizes {
		name := fmt.Sprintf("gen-%d", n)
		if !selected(name) {
			continue
		}
		dir := filepath.Join(work, name)
		if err := generateTree(dir, n); err != nil {
			return nil, fmt.Errorf("generating %s: %v", name, err)
		}
		if err := goCmd(dir, "mod", "tidy"); err != nil {
			return nil, fmt.Errorf("generating %s: %v", name, err)
		}
		targets = append(targets, target{name: name, dir: dir, patterns: []string{"./..."}, controllers: n})
	}
	for _, r := range realTrees {
		if !selected(r.name) {
			continue
		}
		dir, err := copyModule(filepath.Join(work, "src", path.Base(r.module)), r.module, r.version)
		if err != nil {
			return nil, fmt.Errorf("preparing %s: %v", r.name, err)
		}
		t := target{name: r.name, dir: dir}
		for _, p := range r.patterns {
			// A pattern whose directory this version lacks is left out.
			if _, err := os.Stat(filepath.Join(dir, strings.TrimSuffix(p, "/..."))); err == nil {
				t.patterns = append(t.patterns, p)
			}
		}
		if len(t.patterns) == 0 {
			return nil, fmt.Errorf("preparing %s: none of %s exists in %s@%s", r.name, strings.Join(r.patterns, " "), r.module, r.version)
		}
		targets = append(targets, t)
	}
	return targets, nil
}

// copyModule makes dst a writable copy of module@version from the module
// cache, with the nested modules its go.mod replaces by a directory inside
// it (which the module's zip leaves out) copied there at the same version,
// and its dependencies downloaded. A finished copy is marked, and reused.
func copyModule(dst, module, version string) (string, error) {
	mark := filepath.Join(dst, ".bench-copy")
	want := module + "@" + version + "\n"
	if data, err := os.ReadFile(mark); err == nil && string(data) == want {
		return dst, nil
	}
	if err := os.RemoveAll(dst); err != nil {
		return "", err
	}
	if err := copyFromCache(dst, module, version); err != nil {
		return "", err
	}
	out, err := goOutput(dst, "mod", "edit", "-json")
	if err != nil {
		return "", err
	}
	var mod struct {
		Replace []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		return "", fmt.Errorf("go mod edit -json in %s: %v", dst, err)
	}
	for _, r := range mod.Replace {
		local := filepath.Join(dst, filepath.FromSlash(r.New.Path))
		if r.New.Version != "" || !strings.HasPrefix(r.New.Path, "./") {
			continue
		}
		if _, err := os.Stat(local); err == nil {
			continue
		}
		if err := copyFromCache(local, r.Old.Path, version); err != nil {
			return "", fmt.Errorf("replacement %s => %s: %v", r.Old.Path, r.New.Path, err)
		}
	}
	if err := goCmd(dst, "mod", "download"); err != nil {
		return "", err
	}
	return dst, os.WriteFile(mark, []byte(want), 0o644)
}

// copyFromCache downloads module@version into the module cache and copies
// its files to dst, writable (the module cache's are read-only).
func copyFromCache(dst, module, version string) error {
	out, err := goOutput(filepath.Dir(dst), "mod", "download", "-json", module+"@"+version)
	var info struct{ Dir, Error string }
	if jsonErr := json.Unmarshal(out, &info); jsonErr == nil && info.Error != "" {
		return fmt.Errorf("go mod download %s@%s: %s", module, version, info.Error)
	}
	if err != nil {
		return err
	}
	if info.Dir == "" {
		return fmt.Errorf("go mod download %s@%s: no directory in its output", module, version)
	}
	return copyTree(info.Dir, dst)
}

// goOutput runs the go command in dir and returns its standard output; its
// standard error is in the error.
func goOutput(dir string, args ...string) ([]byte, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("go %s (in %s): %v\n%s", strings.Join(args, " "), dir, err, firstLines(stderr.String(), 15))
	}
	return out, nil
}

// goCmd runs the go command in dir; its output is in the error.
func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s (in %s): %v\n%s", strings.Join(args, " "), dir, err, firstLines(string(out), 15))
	}
	return nil
}
