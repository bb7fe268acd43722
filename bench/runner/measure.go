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
	env  []string
	args func(tool string) []string // the command line, given a tool path
}

// measure runs the command once with tool, with the environment extended by
// extraEnv.
func measure(inv invocation, tool string, extraEnv ...string) (sample, error) {
	args := inv.args(tool)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = inv.dir
	cmd.Env = append(append(os.Environ(), inv.env...), extraEnv...)
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	s := sample{wall: time.Since(start)}
	if cmd.ProcessState == nil {
		return s, fmt.Errorf("%s: %v", strings.Join(args, " "), err)
	}
	s.exit = cmd.ProcessState.ExitCode()
	if s.exit < 0 {
		return s, fmt.Errorf("%s: %v", strings.Join(args, " "), cmd.ProcessState)
	}
	s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		// On Linux, the rusage of a waited-for child includes the peak
		// of its own waited-for descendants (go vet's tool processes).
		s.rss = ru.Maxrss
	}
	if looksBroken(stderr.String()) {
		return s, fmt.Errorf("%s: exit %d:\n%s", strings.Join(args, " "), s.exit, firstLines(stderr.String(), 15))
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

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// pair is the result of alternating runs of deletionlint and noop.
type pair struct {
	dl, noop []sample
}

// alternate runs deletionlint and noop reps times each, alternating (noop
// first, then deletionlint, then deletionlint, then noop ...), so that both
// see the same drift in machine load. prepare, when not nil, gives the
// extra environment of each run (a fresh GOCACHE for cold runs).
func alternate(inv invocation, dlTool, noopTool string, reps int, prepare func() ([]string, func())) (pair, error) {
	var p pair
	for i := range reps {
		order := []string{noopTool, dlTool}
		if i%2 == 1 {
			order = []string{dlTool, noopTool}
		}
		for _, tool := range order {
			var env []string
			cleanup := func() {}
			if prepare != nil {
				env, cleanup = prepare()
			}
			s, err := measure(inv, tool, env...)
			cleanup()
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

func walls(ss []sample) []time.Duration {
	out := make([]time.Duration, len(ss))
	for i, s := range ss {
		out[i] = s.wall
	}
	return out
}

func cpus(ss []sample) []time.Duration {
	out := make([]time.Duration, len(ss))
	for i, s := range ss {
		out[i] = s.cpu
	}
	return out
}

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
