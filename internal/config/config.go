// Package config finds and reads deletionlint's configuration file,
// .deletionlint.yaml at the root of a module (the directory of its go.mod).
//
// The file holds the same document as the golangci-lint plugin's settings
// (linters.settings.custom.deletionlint.settings in .golangci.yml), so every
// driver reads one schema: this package only finds, reads and decodes the
// file; analyzers.DecodeSettings and analyzers.Apply check and apply it.
// docs/configuration.md describes the schema and how each driver finds the
// file.
//
// go vet caches a package's results by the vet tool's identity (its -V=full
// answer) and the package's inputs, which do not include this file: Key
// digests the files that apply to the main modules of a directory, and the
// vet tool adds it to its identity, so that an edit is a new key.
package config

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// FileName is the name of the configuration file, at a module's root.
const FileName = ".deletionlint.yaml"

// A File is a configuration file, read and decoded.
type File struct {
	// Path is the file's absolute path.
	Path string
	// Settings is the decoded document: YAML maps are map[string]any,
	// lists []any, scalars bool, string, int or float64. Nil for an empty
	// file.
	Settings any
	// Sum is the SHA-256 digest of the file's content.
	Sum [sha256.Size]byte
}

// ModuleRoot returns the nearest directory at or above dir that holds a
// go.mod file, and false when there is none.
func ModuleRoot(dir string) (string, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !fi.IsDir() {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// ModuleRelative returns filename relative to the root of its module, with
// forward slashes, or filename itself when it is in no module: how the
// drivers write the positions a finding refers to, the same from every
// working directory and driver.
func ModuleRelative(filename string) string {
	root, ok := ModuleRoot(filepath.Dir(filename))
	if !ok {
		return filename
	}
	rel, err := filepath.Rel(root, filename)
	if err != nil || !filepath.IsLocal(rel) {
		return filename
	}
	return filepath.ToSlash(rel)
}

// Find reads the configuration file of the module whose root directory is
// root. It returns nil and no error when the module has none.
func Find(root string) (*File, error) {
	f, err := Read(filepath.Join(root, FileName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return f, err
}

// Read reads and decodes the configuration file at path. A syntax error
// names the file and the line.
func Read(path string) (*File, error) {
	path, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f := &File{Path: path, Sum: sha256.Sum256(data)}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f.Settings); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %s", path, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	var extra any
	if err := dec.Decode(&extra); err == nil {
		return nil, fmt.Errorf("%s: more than one YAML document; want one", path)
	}
	return f, nil
}

// Key returns a digest of the configuration files of the main modules of
// the go command run in dir: the modules of its go.work workspace when
// there is one (GOWORK, or a go.work file at or above dir), otherwise the
// module at or above dir. It is "" when none of them has a configuration
// file, so that a module without one keeps the vet tool's identity as it
// was.
func Key(dir string) (string, error) {
	roots, err := MainModules(dir)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	found := false
	for _, root := range roots {
		data, err := os.ReadFile(filepath.Join(root, FileName))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		found = true
		fmt.Fprintf(h, "%s %d\n", filepath.Join(root, FileName), len(data))
		h.Write(data)
	}
	if !found {
		return "", nil
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16], nil
}

// MainModules returns the root directories of the main modules of the go
// command run in dir, as the go command finds them: with GOWORK=off, or
// without a go.work file, the module at or above dir; otherwise the
// directories the go.work file uses.
func MainModules(dir string) ([]string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	work := os.Getenv("GOWORK")
	switch work {
	case "off":
		work = ""
	case "":
		work = findUp(dir, "go.work")
	}
	if work == "" {
		if root, ok := ModuleRoot(dir); ok {
			return []string{root}, nil
		}
		return nil, nil
	}
	data, err := os.ReadFile(work)
	if err != nil {
		return nil, err
	}
	var roots []string
	for _, use := range workUses(data) {
		if !filepath.IsAbs(use) {
			use = filepath.Join(filepath.Dir(work), use)
		}
		roots = append(roots, filepath.Clean(use))
	}
	return roots, nil
}

// findUp returns the file called name in dir or the nearest directory
// above it, "" when there is none.
func findUp(dir, name string) string {
	for {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// workUses returns the directories a go.work file uses: the arguments of
// its use directives, in both the one-line and the block form.
func workUses(data []byte) []string {
	var uses []string
	inBlock := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
		case inBlock && fields[0] == ")":
			inBlock = false
		case inBlock:
			uses = append(uses, unquote(fields[0]))
		case fields[0] == "use(" || fields[0] == "use" && len(fields) >= 2 && fields[1] == "(":
			inBlock = true
		case fields[0] == "use" && len(fields) >= 2:
			uses = append(uses, unquote(fields[1]))
		}
	}
	return uses
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '`') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}
