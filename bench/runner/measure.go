package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

// A sample is one timed run of a command.
type sample struct {
	wall time.Duration
	cpu  time.Duration // user + system, of the command and its children
	rss  int64         // peak resident set of the largest process, in KiB
	exit int
}

// invocation is a command to time: the same for both tools but for the
// tool's path.
type invocation struct {
	dir  string
	env  []string                   // added to the environment
	args func(tool string) []string // the command line, given a tool path
	// ok reports whether tool's exit code means the run went through
	// (findings included).
	ok func(tool string, exit int) bool
}

// A setup prepares one timed run, untimed: it returns the run's extra
// environment and what to do once the run is over.
type setup func() (env []string, done func(), err error)

// measure runs the command once with tool, with the environment extended by
// env.
func measure(inv invocation, tool string, env []string) (sample, error) {
	args := inv.args(tool)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = inv.dir
	cmd.Env = append(append(os.Environ(), inv.env...), env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start)}
	if cmd.ProcessState == nil {
		return s, fmt.Errorf("%s: %v", strings.Join(args, " "), err)
	}
	s.exit = cmd.ProcessState.ExitCode()
	s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		// On Linux, the rusage of a waited-for child includes the peak
		// of its own waited-for descendants (go vet's tool processes).
		s.rss = ru.Maxrss
	}
	if s.exit < 0 || !inv.ok(tool, s.exit) || looksBroken(out.String()) {
		return s, fmt.Errorf("%s (in %s): %v; its output begins:\n%s", strings.Join(args, " "), inv.dir, cmd.ProcessState, firstLines(out.String(), 15))
	}
	return s, nil
}

// looksBroken tells a run that failed to load or build from one that
// reported findings (exit status 1 from go vet, 3 from the command).
func looksBroken(out string) bool {
	for _, bad := range []string{"cannot find package", "no required module", "missing go.sum entry", "could not import", "build constraints exclude", "panic:", "internal error", "go: updates to go.mod needed", "go: finding module", "level=error"} {
		if strings.Contains(out, bad) {
			return true
		}
	}
	return false
}

// firstLines returns the first n lines of s.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// pair is the result of alternating runs of deletionlint and its floor.
type pair struct {
	dl, noop []sample
}

// timedRun runs prepare (untimed), then the command with tool (timed).
func timedRun(inv invocation, tool string, prepare setup) (sample, error) {
	env, done, err := prepare()
	if err != nil {
		return sample{}, err
	}
	defer done()
	return measure(inv, tool, env)
}

// warmUp runs the command once with each tool, untimed, so that the
// caches hold what both need.
func warmUp(inv invocation, prepare setup, tools ...string) error {
	for _, tool := range tools {
		if _, err := timedRun(inv, tool, prepare); err != nil {
			return fmt.Errorf("warm-up: %v", err)
		}
	}
	return nil
}

// alternate runs deletionlint and its floor reps times each, alternating
// (floor first, then deletionlint, then deletionlint, then floor ...), so
// that both see the same drift in machine load. prepare is run before each
// run, untimed.
func alternate(inv invocation, dlTool, floorTool string, reps int, prepare setup) (pair, error) {
	var p pair
	for i := range reps {
		order := []string{floorTool, dlTool}
		if i%2 == 1 {
			order = []string{dlTool, floorTool}
		}
		for _, tool := range order {
			s, err := timedRun(inv, tool, prepare)
			if err != nil {
				return p, err
			}
			if tool == dlTool {
				p.dl = append(p.dl, s)
			} else {
				p.noop = append(p.noop, s)
			}
		}
	}
	return p, nil
}

// median is the median of xs, 0 when there are none.
func median[T int64 | time.Duration | float64](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// walls are the wall times of ss.
func walls(ss []sample) []time.Duration {
	out := make([]time.Duration, len(ss))
	for i, s := range ss {
		out[i] = s.wall
	}
	return out
}

// cpus are the CPU times of ss.
func cpus(ss []sample) []time.Duration {
	out := make([]time.Duration, len(ss))
	for i, s := range ss {
		out[i] = s.cpu
	}
	return out
}

// rsses are the peak resident sets of ss.
func rsses(ss []sample) []int64 {
	out := make([]int64, len(ss))
	for i, s := range ss {
		out[i] = s.rss
	}
	return out
}

// ratios is the median of the per-repetition ratios deletionlint/noop,
// for wall and CPU time.
func (p pair) ratios() (wall, cpu float64) {
	var w, c []float64
	for i := range min(len(p.dl), len(p.noop)) {
		w = append(w, p.dl[i].wall.Seconds()/p.noop[i].wall.Seconds())
		c = append(c, p.dl[i].cpu.Seconds()/p.noop[i].cpu.Seconds())
	}
	return median(w), median(c)
}
