// Command runner measures deletionlint against its floor, the noop command
// (bench/noop: the same drivers with one analyzer that does nothing, has no
// facts and no requirements), and prints a Markdown table. It is what "make
// bench" runs; see mk/bench.mk.
//
// For each target it alternates runs of the two tools (noop, deletionlint,
// deletionlint, noop, ...) and reports the medians of wall time, CPU time
// (user + system, children included) and peak memory (the largest process),
// and the median of the per-repetition ratios, with the goal for
// the ratio of wall times. The drivers:
//
//   - vet:        go vet -vettool=TOOL PATTERNS (goal <= 1.15x);
//   - standalone: TOOL PATTERNS (internal/driver; goal <= 1.3x);
//   - golangci:   the custom golangci-lint (-golangci, made by "make
//     golangci-lint") with only deletionlint against only govet, when the
//     binary exists (no goal set);
//   - graph:      deletionlint graph -test PATTERNS against deletionlint
//     PATTERNS, the run whose findings it draws (goal <= 1.1x).
//
// Warm is the presubmit case: the caches (the build cache, and a
// golangci-lint cache kept in the work directory) hold everything from
// earlier runs of both tools (one untimed run of each, the warm-up), so the
// dependencies are compiled and their vet results and facts cached, and
// then every root package has been edited. Before every run, timed or
// warm-up, and untimed, the runner writes zz_bench_edit.go into the
// directory of each root package (the packages the patterns match that have
// non-test Go files) with a constant of a new value, so that the roots (and
// those among them that import edited ones) are compiled and analysed
// again; go vet cannot serve them from its result cache. The edit files are
// removed when the target is done.
//
// Cold is the same with an empty GOCACHE for every run, for go vet and the
// standalone command, on the targets of -cold.
//
// The targets are analysed as the user's own module: generated trees of N
// controllers (gen-N, for each of -sizes, requiring controller-runtime), and
// writable copies, in the work directory, of real modules from the module
// cache at pinned versions: golang.org/x/tools (./go/..., a tree that
// imports nothing of Kubernetes: the fast path), controller-runtime
// (./pkg/...) and Cluster API (./core/reconcilers/... ./controllers/...);
// and, given its source with -kcc, Config Connector's direct controllers
// (see prepareKCC).
// A second table gives the cost per controller of the generated trees at
// each size, and its ratio between the largest and the smallest (1.0 is
// linear growth), to show how the cost grows with size.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Pinned versions of the real trees (checked on the module proxy).
const (
	controllerRuntimeVersion = "v0.25.2"
	clusterAPIVersion        = "v1.14.2"
	toolsVersion             = "v0.52.0"
)

// config is the command line.
type config struct {
	work                     string
	reps, slowReps, coldReps int
	sizes                    []int
	only, cold               string // comma-separated target names
	golangci                 string // the custom golangci-lint, "" when absent
	kcc                      string // Config Connector's source, "" when not measured
	drivers                  string // comma-separated drivers to measure, "" for all
	dl, noop                 string // the built tools
}

// main parses the flags and runs the benchmark.
func main() {
	var c config
	flag.StringVar(&c.work, "work", defaultWork(), "directory for the built tools, the target modules and the golangci-lint cache (kept between runs)")
	flag.IntVar(&c.reps, "reps", 3, "alternating repetitions of each warm go vet measurement")
	flag.IntVar(&c.slowReps, "slow-reps", 1, "alternating repetitions of the warm standalone and golangci-lint measurements, which take longer")
	flag.IntVar(&c.coldReps, "cold-reps", 1, "alternating repetitions of each cold measurement")
	sizes := flag.String("sizes", "50,150,300", "comma-separated sizes (controllers) of the generated trees")
	flag.StringVar(&c.only, "targets", "", "comma-separated targets to measure (default all): gen-N for each size, no-kubernetes, controller-runtime, cluster-api, "+kccName+" (with -kcc)")
	flag.StringVar(&c.cold, "cold", "gen-50", "comma-separated targets measured cold too (go vet and standalone)")
	flag.StringVar(&c.golangci, "golangci", "bin/custom-gcl", "the custom golangci-lint binary, measured when it exists (empty: not measured)")
	flag.StringVar(&c.drivers, "drivers", "", "comma-separated drivers to measure (default all): vet, standalone, graph, golangci")
	flag.StringVar(&c.kcc, "kcc", "", "Config Connector's source (a checkout, or a git directory without a work tree), for the "+kccName+" target (empty: not measured)")
	flag.Parse()

	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "bench: -sizes: bad size %q\n", f)
			os.Exit(2)
		}
		c.sizes = append(c.sizes, n)
	}
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// defaultWork is the work directory under the user's cache directory.
func defaultWork() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "deletionlint", "bench")
}

// run builds the tools, prepares the targets, measures them and prints the
// tables.
func run(c config) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	bin := filepath.Join(c.work, "bin")
	c.dl, c.noop = filepath.Join(bin, "deletionlint"), filepath.Join(bin, "noop")
	for out, pkg := range map[string]string{c.dl: "./cmd/deletionlint", c.noop: "./bench/noop"} {
		if err := goCmd(repo, "build", "-o", out, pkg); err != nil {
			return fmt.Errorf("building %s: %v", pkg, err)
		}
	}
	if c.golangci != "" && !filepath.IsAbs(c.golangci) {
		c.golangci = filepath.Join(repo, c.golangci)
	}
	if _, err := os.Stat(c.golangci); c.golangci != "" && err != nil {
		fmt.Fprintf(os.Stderr, "bench: no %s (make golangci-lint builds it): golangci-lint not measured\n", c.golangci)
		c.golangci = ""
	}

	var known []string
	for _, n := range c.sizes {
		known = append(known, fmt.Sprintf("gen-%d", n))
	}
	for _, r := range realTrees {
		known = append(known, r.name)
	}
	known = append(known, kccName)
	for _, name := range strings.Split(c.only, ",") {
		if name = strings.TrimSpace(name); name != "" && !slices.Contains(known, name) {
			return fmt.Errorf("-targets: no target %s; they are %s", name, strings.Join(known, ", "))
		}
	}
	for _, name := range strings.Split(c.cold, ",") {
		if name = strings.TrimSpace(name); name != "" && !slices.Contains(known, name) {
			fmt.Fprintf(os.Stderr, "bench: -cold: no target %s (the targets are %s): not measured cold\n", name, strings.Join(known, ", "))
		}
	}
	selected := func(name string) bool { return c.only == "" || contains(c.only, name) }
	targets, err := prepare(c.work, c.sizes, selected)
	if err != nil {
		return err
	}
	switch {
	case c.kcc != "" && selected(kccName):
		t, err := prepareKCC(c.work, c.kcc)
		if err != nil {
			return fmt.Errorf("preparing %s: %v", kccName, err)
		}
		targets = append(targets, t)
	case contains(c.only, kccName):
		return fmt.Errorf("-targets: %s needs -kcc (BENCH_KCC): Config Connector's source", kccName)
	case selected(kccName):
		fmt.Fprintf(os.Stderr, "bench: no -kcc (BENCH_KCC): %s not measured\n", kccName)
	}

	loadStart := loadAverage()
	fmt.Fprintf(os.Stderr, "machine: %s; load average at start %s\n%s", machine(), loadStart, header)
	var rows []row
	for _, t := range targets {
		tr, err := measureTarget(c, t)
		if err != nil {
			return fmt.Errorf("%s: %v", t.name, err)
		}
		rows = append(rows, tr...)
	}
	fmt.Printf("machine: %s; load average at start %s, at end %s; %s\n", machine(), loadStart, loadAverage(), time.Now().UTC().Format(time.RFC3339))
	fmt.Printf("runs: %d of each tool for go vet warm, %d for standalone and golangci-lint warm, %d cold; ", c.reps, c.slowReps, c.coldReps)
	fmt.Println("warm: caches hold both tools' earlier runs, every root package edited before each run; cold: empty GOCACHE for each run")
	fmt.Println()
	printTable(os.Stdout, rows)
	printGrowth(os.Stdout, rows)
	return nil
}

// measureTarget measures every driver on t, printing each row on standard
// error (the progress) as it comes. The edit files and golangci-lint
// configurations are removed at the end, also on error.
func measureTarget(c config, t target) (rows []row, err error) {
	ed, err := newEditor(t)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, ed.remove()) }()
	npkgs := ed.listed
	warm := func() ([]string, func(), error) { return nil, func() {}, ed.edit() }
	cold := func() ([]string, func(), error) {
		if err := ed.edit(); err != nil {
			return nil, nil, err
		}
		return freshCache()
	}
	add := func(r row) {
		fmt.Fprintln(os.Stderr, r)
		rows = append(rows, r)
	}
	// measureDriver warms up (when warm) and measures one driver, when
	// it is selected.
	measureDriver := func(inv invocation, driver, cache string, goal float64, dl, floor string, reps int) error {
		if c.drivers != "" && !contains(c.drivers, driver) {
			return nil
		}
		prepare := setup(warm)
		if cache == "cold" {
			prepare = cold
		} else if err := warmUp(inv, warm, floor, dl); err != nil {
			return fmt.Errorf("%s %s: %v", driver, cache, err)
		}
		p, err := alternate(inv, dl, floor, reps, prepare)
		if err != nil {
			return fmt.Errorf("%s %s: %v", driver, cache, err)
		}
		add(newRow(t, npkgs, driver, cache, goal, p))
		return nil
	}

	// Exit codes of a run that went through: 0, or the findings code of
	// deletionlint (the floor finds nothing).
	exits := func(findings int) func(string, int) bool {
		return func(tool string, exit int) bool { return exit == 0 || tool == c.dl && exit == findings }
	}
	vet := invocation{dir: t.dir, ok: exits(1), args: func(tool string) []string {
		return append([]string{"go", "vet", "-vettool=" + tool}, t.patterns...)
	}}
	alone := invocation{dir: t.dir, ok: exits(3), args: func(tool string) []string {
		return append([]string{tool}, t.patterns...)
	}}
	if err := measureDriver(vet, "vet", "warm", 1.15, c.dl, c.noop, c.reps); err != nil {
		return rows, err
	}
	if err := measureDriver(alone, "standalone", "warm", 1.3, c.dl, c.noop, c.slowReps); err != nil {
		return rows, err
	}
	// deletionlint graph against the run of the findings it draws: the
	// same single run plus the topology analysis, and the goal is the
	// cost of that run. -test, as the findings run has by default: the
	// same packages (the graph leaves test files out by default).
	graphTool := c.dl + " graph"
	graph := invocation{dir: t.dir, ok: exits(3), args: func(tool string) []string {
		if tool == graphTool {
			return append([]string{c.dl, "graph", "-test"}, t.patterns...)
		}
		return append([]string{tool}, t.patterns...)
	}}
	if err := measureDriver(graph, "graph", "warm", 1.1, graphTool, c.dl, c.slowReps); err != nil {
		return rows, err
	}
	if contains(c.cold, t.name) {
		if err := measureDriver(vet, "vet", "cold", 1.15, c.dl, c.noop, c.coldReps); err != nil {
			return rows, err
		}
		if err := measureDriver(alone, "standalone", "cold", 1.3, c.dl, c.noop, c.coldReps); err != nil {
			return rows, err
		}
	}
	if c.golangci != "" {
		inv, configs, cfgErr := golangci(c, t)
		defer func() {
			for _, f := range configs {
				err = errors.Join(err, os.Remove(f))
			}
		}()
		if cfgErr != nil {
			return rows, cfgErr
		}
		if err := measureDriver(inv, "golangci", "warm", 0, configs[0], configs[1], c.slowReps); err != nil {
			return rows, err
		}
	}
	return rows, nil
}

// golangci returns the invocation of the custom golangci-lint on t and the
// two configurations it is given instead of a tool, only deletionlint and
// only govet, written into t's directory. Its cache is kept in the work
// directory.
func golangci(c config, t target) (invocation, []string, error) {
	var configs []string
	for _, linter := range []string{"deletionlint", "govet"} {
		content := "version: \"2\"\nlinters:\n  default: none\n  enable: [" + linter + "]\n"
		if linter == "deletionlint" {
			content += "  settings:\n    custom:\n      deletionlint:\n        type: module\n"
		}
		path := filepath.Join(t.dir, ".golangci-bench-"+linter+".yml")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return invocation{}, configs, fmt.Errorf("golangci-lint configuration: %v", err)
		}
		configs = append(configs, path)
	}
	inv := invocation{
		dir: t.dir,
		env: []string{"GOLANGCI_LINT_CACHE=" + filepath.Join(c.work, "golangci-cache")},
		// 1: issues found; from 2 on, a failure.
		ok: func(_ string, exit int) bool { return exit <= 1 },
		args: func(config string) []string {
			return append([]string{c.golangci, "run", "-c", config, "--max-issues-per-linter=0", "--max-same-issues=0"}, t.patterns...)
		},
	}
	return inv, configs, nil
}

// contains reports whether the comma-separated list holds name.
func contains(list, name string) bool {
	for _, s := range strings.Split(list, ",") {
		if strings.TrimSpace(s) == name {
			return true
		}
	}
	return false
}

// freshCache gives a run an empty build cache, removed afterwards.
func freshCache() ([]string, func(), error) {
	dir, err := os.MkdirTemp("", "bench-gocache")
	if err != nil {
		return nil, nil, fmt.Errorf("creating an empty GOCACHE: %v", err)
	}
	return []string{"GOCACHE=" + dir}, func() { removeScratch(dir) }, nil
}

// machine describes the CPU, its cores and the Go version.
func machine() string {
	cpu := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, "model name") {
				_, v, _ := strings.Cut(l, ":")
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	out, _ := exec.Command("nproc").Output()
	ver, _ := exec.Command("go", "env", "GOVERSION").Output()
	return fmt.Sprintf("%s, %s cores, %s", cpu, strings.TrimSpace(string(out)), strings.TrimSpace(string(ver)))
}

// loadAverage is the 1, 5 and 15 minute load average, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if fields := strings.Fields(string(data)); err == nil && len(fields) >= 3 {
		return strings.Join(fields[:3], " ")
	}
	return "unknown"
}

// removeScratch deletes a scratch directory of the benchmark; a failure only
// leaves files behind, so it is reported and the run goes on.
func removeScratch(dir string) {
	if err := os.RemoveAll(dir); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
	}
}
