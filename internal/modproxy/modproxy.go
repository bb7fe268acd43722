// Package modproxy writes a Go module proxy on the file system (for
// GOPROXY=file://DIR) holding modules of this repository as they would be
// published under a tag: the files git tracks (and the untracked files it
// does not ignore) in the module's directory, less nested modules, zipped
// by golang.org/x/mod/zip, which applies the go command's own rules.
//
// It is what the release rehearsal (e2e/release) installs from, so that a
// release is proven with the module zips a tag would produce, before any tag
// exists.
package modproxy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

// A Module is one module to publish.
type Module struct {
	// Path is the module path, as in its go.mod.
	Path string
	// Dir is the module's directory inside a git work tree.
	Dir string
}

// Write adds each module at version to the proxy rooted at dir (created if
// needed), with the given publication time, and returns the GOPROXY value
// that serves it.
func Write(dir, version string, when time.Time, mods ...Module) (string, error) {
	for _, m := range mods {
		if err := write(dir, version, when, m); err != nil {
			return "", fmt.Errorf("module %s: %w", m.Path, err)
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return "file://" + filepath.ToSlash(abs), nil
}

func write(dir, version string, when time.Time, m Module) error {
	mv := module.Version{Path: m.Path, Version: version}
	if err := module.Check(mv.Path, mv.Version); err != nil {
		return err
	}
	escPath, err := module.EscapePath(m.Path)
	if err != nil {
		return err
	}
	escVersion, err := module.EscapeVersion(version)
	if err != nil {
		return err
	}
	vdir := filepath.Join(dir, filepath.FromSlash(escPath), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		return err
	}
	files, err := Files(m.Dir)
	if err != nil {
		return err
	}
	var zbuf bytes.Buffer
	if err := zip.Create(&zbuf, mv, files); err != nil {
		return err
	}
	gomod, err := os.ReadFile(filepath.Join(m.Dir, "go.mod"))
	if err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, when.UTC()})
	if err != nil {
		return err
	}
	for name, data := range map[string][]byte{
		escVersion + ".zip":  zbuf.Bytes(),
		escVersion + ".mod":  gomod,
		escVersion + ".info": info,
	} {
		if err := os.WriteFile(filepath.Join(vdir, name), data, 0o644); err != nil {
			return err
		}
	}
	return appendList(filepath.Join(vdir, "list"), version)
}

// appendList adds version to a proxy's version list unless it is there.
func appendList(file, version string) error {
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	for _, v := range strings.Fields(string(data)) {
		if v == version {
			return nil
		}
	}
	return os.WriteFile(file, append(data, version+"\n"...), 0o644)
}

// Files returns the files a tag of the module in dir would publish: those
// git tracks under dir and the untracked ones it does not ignore, read from
// the work tree, without the files of nested modules (directories with a
// go.mod of their own). Tracked files deleted from the work tree are left
// out.
func Files(dir string) ([]zip.File, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ".")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s: %v: %s", dir, err, strings.TrimSpace(stderr.String()))
	}
	var names []string
	nested := make(map[string]bool) // slash paths of nested module roots
	for _, name := range strings.Split(string(out), "\x00") {
		if name == "" {
			continue
		}
		if _, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(name))); os.IsNotExist(err) {
			continue
		}
		names = append(names, name)
		if path.Base(name) == "go.mod" && path.Dir(name) != "." {
			nested[path.Dir(name)] = true
		}
	}
	var files []zip.File
	for _, name := range names {
		if inNested(name, nested) {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		info, err := os.Lstat(p)
		if err != nil {
			return nil, err
		}
		files = append(files, file{name: name, path: p, info: info})
	}
	return files, nil
}

// inNested reports whether the slash path name lies in one of the nested
// module roots.
func inNested(name string, nested map[string]bool) bool {
	for d := path.Dir(name); d != "."; d = path.Dir(d) {
		if nested[d] {
			return true
		}
	}
	return false
}

// file is a zip.File read from the work tree.
type file struct {
	name string
	path string
	info os.FileInfo
}

func (f file) Path() string                 { return f.name }
func (f file) Lstat() (os.FileInfo, error)  { return f.info, nil }
func (f file) Open() (io.ReadCloser, error) { return os.Open(f.path) }
