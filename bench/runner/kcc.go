package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// kccName is the target of Config Connector's direct controllers, the
// largest real user of the rules: about 150 packages of adapters over a
// very large, mostly generated API tree. The module proxy does not serve
// Config Connector, so the target is measured only when -kcc names a copy
// of its source: a checkout, or a git directory without a work tree (as
// the search tool's fetch leaves one), from which the files are extracted.
const kccName = "config-connector"

// kccPattern is the tree measured; its packages whose imports cannot be
// loaded (those of the modules the proxy refuses) are left out.
const kccPattern = "./pkg/controller/direct/..."

// prepareKCC makes, in work, a copy of the Config Connector source at src
// that loads from the module proxy: each module the proxy refuses (some
// cloud.google.com/go/* modules, nested modules at pseudo-versions) is
// replaced by an empty local module, and the root packages are those of
// kccPattern that then load without errors. The copy is made once per
// source and reused.
func prepareKCC(work, src string) (target, error) {
	src, err := filepath.Abs(src)
	if err != nil {
		return target{}, err
	}
	dst := filepath.Join(work, "src", "k8s-config-connector")
	mark := filepath.Join(dst, ".bench-copy")
	patternsFile := filepath.Join(dst, ".bench-patterns")
	want := src + "\n"
	if data, err := os.ReadFile(mark); err == nil && string(data) == want {
		if data, err := os.ReadFile(patternsFile); err == nil {
			return target{name: kccName, dir: dst, patterns: strings.Fields(string(data))}, nil
		}
	}
	if err := os.RemoveAll(dst); err != nil {
		return target{}, err
	}
	if isGitDir(src) {
		err = extractGit(src, dst)
	} else {
		err = copyTree(src, dst)
	}
	if err != nil {
		return target{}, fmt.Errorf("copying %s: %v", src, err)
	}
	if err := stubRefusedModules(dst, filepath.Join(work, "src", "k8s-config-connector-stubs")); err != nil {
		return target{}, err
	}
	out, err := goOutput(dst, "list", "-e", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{if or .Error .DepsErrors}}broken{{end}}", kccPattern)
	if err != nil {
		return target{}, err
	}
	var patterns []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Split(line, "\t")
		if len(fields) != 3 || fields[2] != "" {
			continue
		}
		rel, err := filepath.Rel(dst, fields[1])
		if err != nil {
			return target{}, err
		}
		patterns = append(patterns, "./"+filepath.ToSlash(rel))
	}
	if len(patterns) == 0 {
		return target{}, fmt.Errorf("no package of %s loads in %s", kccPattern, dst)
	}
	if err := os.WriteFile(patternsFile, []byte(strings.Join(patterns, "\n")+"\n"), 0o644); err != nil {
		return target{}, err
	}
	return target{name: kccName, dir: dst, patterns: patterns}, os.WriteFile(mark, []byte(want), 0o644)
}

// refused matches the go command's report of a module version the proxy
// will not serve.
var refused = regexp.MustCompile(`(?m)^go: ([^\s@]+)@(\S+): reading \S+: (403|404|410) `)

// stubRefusedModules replaces, in the module at dir, each module the proxy
// refuses by an empty module in stubs, until the module graph loads.
func stubRefusedModules(dir, stubs string) error {
	for range 200 {
		cmd := exec.Command("go", "list", "-m", "all")
		cmd.Dir = dir
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if cmd.Run() == nil {
			return nil
		}
		m := refused.FindStringSubmatch(stderr.String())
		if m == nil {
			return fmt.Errorf("go list -m all (in %s): %s", dir, firstLines(stderr.String(), 15))
		}
		stub := filepath.Join(stubs, strings.ReplaceAll(m[1], "/", "_"))
		if err := os.MkdirAll(stub, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(stub, "go.mod"), []byte("module "+m[1]+"\n"), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "bench: %s: the proxy refuses %s@%s: replaced by an empty module\n", kccName, m[1], m[2])
		if err := goCmd(dir, "mod", "edit", "-replace="+m[1]+"="+stub); err != nil {
			return err
		}
	}
	return fmt.Errorf("go list -m all (in %s): still failing after 200 replacements", dir)
}

// isGitDir reports whether dir is a git directory without a work tree.
func isGitDir(dir string) bool {
	_, headErr := os.Stat(filepath.Join(dir, "HEAD"))
	_, objErr := os.Stat(filepath.Join(dir, "objects"))
	return headErr == nil && objErr == nil
}

// extractGit writes the files of HEAD in the git directory gitDir to dst.
// Blobs the directory lacks (a partial copy leaves out its largest files)
// are left out.
func extractGit(gitDir, dst string) error {
	tree, err := exec.Command("git", "--git-dir="+gitDir, "ls-tree", "-r", "-z", "HEAD").Output()
	if err != nil {
		return fmt.Errorf("git ls-tree: %v", err)
	}
	type entry struct{ sha, path string }
	var entries []entry
	for _, rec := range bytes.Split(tree, []byte{0}) {
		meta, path, ok := strings.Cut(string(rec), "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 || fields[1] != "blob" || fields[0] == "120000" {
			continue // not a file, or a symbolic link
		}
		entries = append(entries, entry{fields[2], path})
	}
	cmd := exec.Command("git", "--git-dir="+gitDir, "cat-file", "--batch")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	// A failed write shows as a short read below: git cat-file answers
	// one entry per name it was given.
	go func() {
		w := bufio.NewWriter(in)
		for _, e := range entries {
			fmt.Fprintln(w, e.sha)
		}
		_ = w.Flush()
		_ = in.Close()
	}()
	out := bufio.NewReader(outPipe)
	for _, e := range entries {
		header, err := out.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: %v", err)
		}
		var sha, kind string
		var size int64
		if strings.HasSuffix(header, " missing\n") {
			continue
		}
		if _, err := fmt.Sscanf(header, "%s %s %d", &sha, &kind, &size); err != nil {
			return fmt.Errorf("git cat-file: header %q: %v", header, err)
		}
		to := filepath.Join(dst, filepath.FromSlash(e.path))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		f, err := os.Create(to)
		if err != nil {
			return err
		}
		_, err = io.CopyN(f, out, size)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		if _, err := out.Discard(1); err != nil { // the newline after the content
			return err
		}
	}
	return cmd.Wait()
}

// copyTree copies the regular files of src to dst, writable (those of the
// module cache are read-only), but .git.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
}
