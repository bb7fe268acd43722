package main

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// A row is one measured comparison of deletionlint against its floor.
type row struct {
	target      string
	packages    int
	controllers int
	driver      string // vet, standalone, graph or golangci
	floor       string // noop, govet for golangci, the findings run for graph
	cache       string // warm or cold
	goal        float64
	dlWall      time.Duration
	noopWall    time.Duration
	dlCPU       time.Duration
	noopCPU     time.Duration
	dlRSS       int64
	noopRSS     int64
	wallRatio   float64
	cpuRatio    float64
	reps        int
}

// newRow summarises the runs p of one driver on t: medians, and the median
// of the per-repetition ratios. goal is the largest wall ratio the issue
// accepts, 0 for none.
func newRow(t target, npkgs int, driver, cache string, goal float64, p pair) row {
	w, c := p.ratios()
	floor := "noop"
	switch driver {
	case "golangci":
		floor = "govet"
	case "graph":
		floor = "findings run"
	}
	return row{
		target: t.name, packages: npkgs, controllers: t.controllers, driver: driver, floor: floor, cache: cache, goal: goal,
		dlWall: median(walls(p.dl)), noopWall: median(walls(p.noop)),
		dlCPU: median(cpus(p.dl)), noopCPU: median(cpus(p.noop)),
		dlRSS: median(rsses(p.dl)), noopRSS: median(rsses(p.noop)),
		wallRatio: w, cpuRatio: c, reps: len(p.dl),
	}
}

const header = "| target | pkgs | driver | cache | floor | floor wall | deletionlint wall | floor CPU | deletionlint CPU | floor peak RSS | deletionlint peak RSS | wall ratio | CPU ratio | runs each | goal |\n" +
	"|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n"

// String formats r as a line of the table.
func (r row) String() string {
	goal := "none set"
	if r.goal > 0 {
		met := "met"
		if r.wallRatio > r.goal {
			met = "NOT met"
		}
		goal = fmt.Sprintf("<= %.2fx: %s", r.goal, met)
	}
	return fmt.Sprintf("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.2fx | %.2fx | %d | %s |",
		r.target, r.packages, r.driver, r.cache, r.floor, secs(r.noopWall), secs(r.dlWall), secs(r.noopCPU), secs(r.dlCPU),
		mib(r.noopRSS), mib(r.dlRSS), r.wallRatio, r.cpuRatio, r.reps, goal)
}

// secs formats d in seconds.
func secs(d time.Duration) string { return fmt.Sprintf("%.1fs", d.Seconds()) }

// mib formats a size in KiB as MiB.
func mib(kib int64) string { return fmt.Sprintf("%d MiB", kib/1024) }

// ms formats d in milliseconds.
func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

// printTable prints the rows under the header.
func printTable(w io.Writer, rows []row) {
	fmt.Fprint(w, header)
	for _, r := range rows {
		fmt.Fprintln(w, r)
	}
}

// printGrowth prints, for each driver, the cost per controller of the
// generated trees (warm), then the ratio of that cost at the largest size to
// that at the smallest (1.0 is linear growth; below 1, fixed costs are
// spread over more controllers) and the marginal cost of a controller
// between the two sizes.
func printGrowth(w io.Writer, rows []row) {
	const head = "| driver | tree | floor wall | deletionlint wall | floor CPU | deletionlint CPU | analysis wall (deletionlint - floor) |\n" +
		"|---|---|---:|---:|---:|---:|---:|\n"
	// costs are the totals a row's columns are made of.
	costs := func(r row) []time.Duration {
		return []time.Duration{r.noopWall, r.dlWall, r.noopCPU, r.dlCPU, r.dlWall - r.noopWall}
	}
	printed := false
	for _, driver := range []string{"vet", "standalone", "golangci"} {
		var gen []row
		for _, r := range rows {
			if r.controllers > 0 && r.cache == "warm" && r.driver == driver {
				gen = append(gen, r)
			}
		}
		if len(gen) == 0 {
			continue
		}
		if !printed {
			fmt.Fprintln(w, "\nGrowth with size, per controller (generated trees, warm, edited roots):")
			fmt.Fprint(w, "\n"+head)
			printed = true
		}
		slices.SortFunc(gen, func(a, b row) int { return a.controllers - b.controllers })
		for _, r := range gen {
			fmt.Fprintf(w, "| %s | %s |", driver, r.target)
			for _, c := range costs(r) {
				fmt.Fprintf(w, " %s |", ms(c/time.Duration(r.controllers)))
			}
			fmt.Fprintln(w)
		}
		if len(gen) < 2 {
			continue
		}
		small, large := gen[0], gen[len(gen)-1]
		cs, cl := costs(small), costs(large)
		fmt.Fprintf(w, "| %s | per controller, %s / %s |", driver, large.target, small.target)
		for i := range cs {
			if cs[i] <= 0 || cl[i] <= 0 { // a difference within the noise
				fmt.Fprint(w, " n/a |")
				continue
			}
			per := func(c time.Duration, r row) float64 { return c.Seconds() / float64(r.controllers) }
			fmt.Fprintf(w, " %.2fx |", per(cl[i], large)/per(cs[i], small))
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "| %s | marginal, %s to %s |", driver, small.target, large.target)
		for i := range cs {
			fmt.Fprintf(w, " %s |", ms((cl[i]-cs[i])/time.Duration(large.controllers-small.controllers)))
		}
		fmt.Fprintln(w)
	}
}
