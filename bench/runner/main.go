// Command runner measures deletionlint against its floor, the noop command
// (bench/noop: the same driver with one analyzer that does nothing), and
// prints a table. It is what "make bench" runs; see mk/bench.mk.
//
// For each target it alternates runs of the two tools (noop, deletionlint,
// deletionlint, noop, ...) and reports the medians of wall time, CPU time
// (user + system, children included) and peak memory (the largest process),
// and the median of the per-repetition ratios. The drivers:
//
//   - vet:        go vet -vettool=TOOL PATTERNS, with a warm build cache
//     (one untimed run of each tool first), so dependencies' facts are
//     cached and the root packages are analysed each time;
//   - vet-cold:   the same with an empty GOCACHE for every run;
//   - standalone: TOOL PATTERNS (go/packages and the checker: with facts,
//     dependencies are loaded from source on every run);
//   - golangci:   the custom golangci-lint (bin/custom-gcl) with only
//     deletionlint against only govet, each with an empty golangci-lint
//     cache, when the binary exists.
//
// The targets are real controller trees from the module proxy (pinned
// versions), a tree that imports nothing of Kubernetes (the fast path), and
// generated trees of controllers at several sizes, to show how the cost
// grows with size.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

func main() {
	work := flag.String("work", defaultWork(), "directory for the built tools and the target modules (kept between runs)")
	reps := flag.Int("reps", 3, "alternating repetitions of each warm go vet measurement")
	slowReps := flag.Int("slow-reps", 1, "alternating repetitions of the standalone and golangci-lint measurements, which take much longer")
	coldReps := flag.Int("cold-reps", 1, "repetitions of each cold measurement")
	sizes := flag.String("sizes", "50,150,300", "sizes (controllers) of the generated trees")
	only := flag.String("targets", "", "comma-separated targets to measure (default all): controller-runtime, cluster-api, no-kubernetes, gen-N")
	coldTargets := flag.String("cold", "gen-50", "comma-separated targets measured cold too")
	golangci := flag.String("golangci", "bin/custom-gcl", "the custom golangci-lint binary, measured when it exists")
	flag.Parse()

	if err := run(*work, *reps, *slowReps, *coldReps, *sizes, *only, *coldTargets, *golangci); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func defaultWork() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "deletionlint", "bench")
}

type target struct {
	name        string
	dir         string
	patterns    []string
	controllers int // for generated trees
}

func run(work string, reps, slowReps, coldReps int, sizesFlag, only, coldFlag, golangciBin string) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		return err
	}
	bin := filepath.Join(work, "bin")
	dl, noop := filepath.Join(bin, "deletionlint"), filepath.Join(bin, "noop")
	for out, pkg := range map[string]string{dl: "./cmd/deletionlint", noop: "./bench/noop"} {
		if err := goCmd(repo, "build", "-o", out, pkg); err != nil {
			return err
		}
	}

	targets, err := prepare(work, sizesFlag)
	if err != nil {
		return err
	}
	selected := func(name string) bool { return only == "" || contains(only, name) }
	if golangciBin != "" && !filepath.IsAbs(golangciBin) {
		golangciBin = filepath.Join(repo, golangciBin)
	}
	if _, err := os.Stat(golangciBin); err != nil {
		fmt.Fprintf(os.Stderr, "bench: no %s (make golangci-lint builds it): golangci-lint not measured\n", golangciBin)
		golangciBin = ""
	}

	fmt.Printf("machine: %s; repetitions: %d go vet warm, %d standalone and golangci-lint, %d cold; %s\n",
		machine(), reps, slowReps, coldReps, time.Now().UTC().Format(time.RFC3339))
	var rows []row
	printed := 0
	for _, t := range targets {
		if !selected(t.name) {
			continue
		}
		npkgs := countPackages(t)
		vet := invocation{dir: t.dir, args: func(tool string) []string {
			return append([]string{"go", "vet", "-vettool=" + tool}, t.patterns...)
		}}
		alone := invocation{dir: t.dir, args: func(tool string) []string { return append([]string{tool}, t.patterns...) }}

		// Warm-up: compile the dependencies and cache their facts.
		for _, tool := range []string{noop, dl} {
			if _, err := measure(vet, tool); err != nil {
				return fmt.Errorf("%s: warm-up: %v", t.name, err)
			}
		}
		p, err := alternate(vet, dl, noop, reps, nil)
		if err != nil {
			return fmt.Errorf("%s: %v", t.name, err)
		}
		rows = append(rows, newRow(t, npkgs, "vet", "warm", 1.15, p))

		if contains(coldFlag, t.name) {
			p, err := alternate(vet, dl, noop, coldReps, freshCache)
			if err != nil {
				return fmt.Errorf("%s cold: %v", t.name, err)
			}
			rows = append(rows, newRow(t, npkgs, "vet", "cold", 1.15, p))
		}

		// Warm-up of the standalone floor: its first run compiles export
		// data that the go vet runs did not need.
		if _, err := measure(alone, noop); err != nil {
			return fmt.Errorf("%s: standalone warm-up: %v", t.name, err)
		}
		p, err = alternate(alone, dl, noop, slowReps, nil)
		if err != nil {
			return fmt.Errorf("%s standalone: %v", t.name, err)
		}
		rows = append(rows, newRow(t, npkgs, "standalone", "warm", 1.3, p))

		// The floor with facts: what loading dependencies from source
		// costs before any analysis.
		factsOnly := invocation{dir: t.dir, env: []string{"NOOP_FACTS=1"}, args: alone.args}
		var withFacts []sample
		for range slowReps {
			s, err := measure(factsOnly, noop)
			if err != nil {
				return fmt.Errorf("%s standalone with facts: %v", t.name, err)
			}
			withFacts = append(withFacts, s)
		}
		r := newRow(t, npkgs, "standalone", "warm", 0, pair{dl: withFacts, noop: p.noop})
		r.label = "noop with a fact type"
		rows = append(rows, r)

		if golangciBin != "" && t.controllers > 0 {
			p, err := golangciPair(t, golangciBin, slowReps)
			if err != nil {
				return fmt.Errorf("%s golangci-lint: %v", t.name, err)
			}
			rows = append(rows, newRow(t, npkgs, "golangci", "warm", 0, p))
		}
		for ; printed < len(rows); printed++ { // progress, on stderr
			printRow(rows[printed], printed == 0)
		}
	}
	fmt.Println()
	printTable(rows)
	printGrowth(rows)
	return nil
}

func contains(list, name string) bool {
	for _, s := range strings.Split(list, ",") {
		if strings.TrimSpace(s) == name {
			return true
		}
	}
	return false
}

// freshCache gives a run an empty build cache, removed afterwards.
func freshCache() ([]string, func()) {
	dir, err := os.MkdirTemp("", "bench-gocache")
	if err != nil {
		return nil, func() {}
	}
	return []string{"GOCACHE=" + dir}, func() { removeScratch(dir) }
}

func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s (in %s): %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return nil
}

// prepare creates (or reuses) the target modules.
func prepare(work, sizesFlag string) ([]target, error) {
	mod := func(name, module string, get ...string) (string, error) {
		dir := filepath.Join(work, name)
		if _, err := os.Stat(filepath.Join(dir, "go.sum")); err == nil {
			return dir, nil
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+module+"\n\ngo 1.26\n"), 0o644); err != nil {
			return "", err
		}
		if err := goCmd(dir, append([]string{"get", "-t"}, get...)...); err != nil {
			// A partial go.sum would make the next attempt trust it.
			if rmErr := os.Remove(filepath.Join(dir, "go.sum")); rmErr != nil && !os.IsNotExist(rmErr) {
				return "", errors.Join(err, rmErr)
			}
			return "", err
		}
		return dir, nil
	}
	cr, err := mod("cr", "bench.example/cr", "sigs.k8s.io/controller-runtime/...@"+controllerRuntimeVersion)
	if err != nil {
		return nil, err
	}
	capi, err := mod("capi", "bench.example/capi", "sigs.k8s.io/cluster-api/...@"+clusterAPIVersion)
	if err != nil {
		return nil, err
	}
	nokube, err := mod("nokube", "bench.example/nokube", "golang.org/x/tools/go/...@"+toolsVersion)
	if err != nil {
		return nil, err
	}
	goMod, err := os.ReadFile(filepath.Join(cr, "go.mod"))
	if err != nil {
		return nil, err
	}
	goSum, err := os.ReadFile(filepath.Join(cr, "go.sum"))
	if err != nil {
		return nil, err
	}
	var targets []target
	for _, s := range strings.Split(sizesFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad size %q", s)
		}
		dir := filepath.Join(work, fmt.Sprintf("gen-%d", n))
		if err := generateTree(dir, n, goMod, goSum); err != nil {
			return nil, err
		}
		if err := goCmd(dir, "mod", "tidy"); err != nil {
			return nil, err
		}
		targets = append(targets, target{name: fmt.Sprintf("gen-%d", n), dir: dir, patterns: []string{"./..."}, controllers: n})
	}
	// The real trees after the generated ones, the largest last.
	targets = append(targets,
		target{name: "no-kubernetes", dir: nokube, patterns: []string{"golang.org/x/tools/go/..."}},
		target{name: "controller-runtime", dir: cr, patterns: []string{"sigs.k8s.io/controller-runtime/pkg/..."}},
		target{name: "cluster-api", dir: capi, patterns: []string{"sigs.k8s.io/cluster-api/core/reconcilers/...", "sigs.k8s.io/cluster-api/controllers/..."}},
	)
	return targets, nil
}

func countPackages(t target) int {
	cmd := exec.Command("go", append([]string{"list"}, t.patterns...)...)
	cmd.Dir = t.dir
	out, err := cmd.Output()
	if err != nil {
		return 0
	}
	return strings.Count(string(out), "\n")
}

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

// removeScratch deletes a scratch directory of the benchmark; a failure only
// leaves files behind, so it is reported and the run goes on.
func removeScratch(dir string) {
	if err := os.RemoveAll(dir); err != nil {
		fmt.Fprintf(os.Stderr, "bench: %v\n", err)
	}
}
