package driver

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progressEvery is how long a run goes before its first progress line in a
// log, and the least time between two lines; a phase that goes on is said
// again every six times as long. Tests shorten it.
var progressEvery = 10 * time.Second

// A progressLog writes what a long run is doing to a log (a CI job's
// output, where stderr is not a terminal): plain lines, each with the
// seconds since the start, at most one every progressEvery, and none in a
// run that ends sooner. A cold run spends minutes compiling dependencies
// in one call; a ticker says that it is still at it.
type progressLog struct {
	w     io.Writer
	start time.Time
	quit  chan struct{}
	done  sync.WaitGroup
	once  sync.Once

	mu    sync.Mutex
	phase string    // what the run is doing; "" between phases
	said  string    // the phase of the last line
	last  time.Time // when the last line was written (the start before)
	lines int       // lines written
}

func startProgressLog(w io.Writer) *progressLog {
	now := time.Now()
	l := &progressLog{w: w, start: now, last: now, quit: make(chan struct{})}
	l.done.Add(1)
	go func() {
		defer l.done.Done()
		t := time.NewTicker(max(progressEvery/10, time.Millisecond))
		defer t.Stop()
		for {
			select {
			case <-l.quit:
				return
			case <-t.C:
				l.tick()
			}
		}
	}()
	return l
}

// set starts a phase ("" ends one: nothing is written until the next).
// When set("") returns, no line is being written.
func (l *progressLog) set(phase string) {
	l.mu.Lock()
	l.phase = strings.TrimSuffix(phase, "...")
	l.mu.Unlock()
	l.tick()
}

func (l *progressLog) tick() {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	since := now.Sub(l.last)
	if l.phase == "" || since < progressEvery || l.phase == l.said && since < 6*progressEvery {
		return
	}
	fmt.Fprintf(l.w, "%s, %s\n", l.phase, l.elapsed(now))
	l.said, l.last = l.phase, now
	l.lines++
}

// elapsed is the time since the start, in whole seconds.
func (l *progressLog) elapsed(now time.Time) string {
	return fmt.Sprintf("%d s", int(now.Sub(l.start).Seconds()))
}

// stop stops the ticker; it returns the lines written and the time since
// the start.
func (l *progressLog) stop() (int, string) {
	l.once.Do(func() { close(l.quit) })
	l.done.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.phase = ""
	return l.lines, l.elapsed(time.Now())
}
