package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// A row is one measured comparison.
type row struct {
	target      string
	packages    int
	controllers int
	driver      string
	cache       string
	goal        float64 // maximum wall ratio; 0 when there is none
	dlWall      time.Duration
	noopWall    time.Duration
	dlCPU       time.Duration
	noopCPU     time.Duration
	dlRSS       int64
	noopRSS     int64
	wallRatio   float64
	cpuRatio    float64
	reps        int
	// label names the measured tool when it is not deletionlint.
	label string
}

func newRow(t target, npkgs int, driver, cache string, goal float64, p pair) row {
	w, c := p.ratios()
	return row{
		target: t.name, packages: npkgs, controllers: t.controllers, driver: driver, cache: cache, goal: goal,
		dlWall: median(walls(p.dl)), noopWall: median(walls(p.noop)),
		dlCPU: median(cpus(p.dl)), noopCPU: median(cpus(p.noop)),
		dlRSS: median(rsses(p.dl)), noopRSS: median(rsses(p.noop)),
		wallRatio: w, cpuRatio: c, reps: len(p.dl),
	}
}

const header = "| target | pkgs | driver | cache | floor wall | deletionlint wall | wall ratio | CPU ratio | floor peak RSS | deletionlint peak RSS | goal |\n" +
	"|---|---:|---|---|---:|---:|---:|---:|---:|---:|---|\n"

func (r row) String() string {
	goal := "-"
	if r.goal > 0 {
		met := "met"
		if r.wallRatio > r.goal {
			met = "NOT met"
		}
		goal = fmt.Sprintf("<= %.2fx: %s", r.goal, met)
	}
	floor := "noop"
	if r.driver == "golangci" {
		floor = "govet"
	}
	measured := ""
	if r.label != "" {
		measured = " (" + r.label + ")"
	}
	return fmt.Sprintf("| %s | %d | %s | %s | %s %s | %s%s | %.2fx | %.2fx | %s | %s | %s |",
		r.target, r.packages, r.driver, r.cache, secs(r.noopWall), floor, secs(r.dlWall), measured, r.wallRatio, r.cpuRatio,
		mib(r.noopRSS), mib(r.dlRSS), goal)
}

func secs(d time.Duration) string { return fmt.Sprintf("%.1fs", d.Seconds()) }

func mib(kib int64) string { return fmt.Sprintf("%d MiB", kib/1024) }

func printRow(r row, first bool) {
	if first {
		fmt.Fprint(os.Stderr, header)
	}
	fmt.Fprintln(os.Stderr, r)
}

func printTable(rows []row) {
	fmt.Print(header)
	for _, r := range rows {
		fmt.Println(r)
	}
}

// printGrowth prints the cost per controller of the generated trees: it
// must stay about constant as the tree grows.
func printGrowth(rows []row) {
	fmt.Println()
	fmt.Println("| generated tree | driver | floor per controller | deletionlint per controller | analysis (difference) per controller |")
	fmt.Println("|---|---|---:|---:|---:|")
	for _, r := range rows {
		if r.controllers == 0 || r.cache != "warm" || r.label != "" {
			continue
		}
		n := time.Duration(r.controllers)
		fmt.Printf("| %s | %s | %.1fms | %.1fms | %.1fms |\n", r.target, r.driver,
			ms(r.noopWall/n), ms(r.dlWall/n), ms((r.dlWall-r.noopWall)/n))
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// golangciPair measures the custom golangci-lint with only deletionlint
// against only govet, each run with an empty golangci-lint cache (which
// would otherwise hold the previous run's results).
func golangciPair(t target, bin string, reps int) (pair, error) {
	configs := map[string]string{
		"deletionlint": "version: \"2\"\nlinters:\n  default: none\n  enable: [deletionlint]\n  settings:\n    custom:\n      deletionlint:\n        type: module\n",
		"govet":        "version: \"2\"\nlinters:\n  default: none\n  enable: [govet]\n",
	}
	paths := make(map[string]string)
	for name, content := range configs {
		path := filepath.Join(t.dir, ".golangci-"+name+".yml")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return pair{}, err
		}
		paths[name] = path
	}
	inv := invocation{dir: t.dir, args: func(config string) []string {
		return []string{bin, "run", "-c", config, "--max-issues-per-linter=0", "--max-same-issues=0", "./..."}
	}}
	fresh := func() ([]string, func()) {
		dir, err := os.MkdirTemp("", "bench-golangci-cache")
		if err != nil {
			return nil, func() {}
		}
		return []string{"GOLANGCI_LINT_CACHE=" + dir}, func() { removeScratch(dir) }
	}
	return alternate(inv, paths["deletionlint"], paths["govet"], reps, fresh)
}
