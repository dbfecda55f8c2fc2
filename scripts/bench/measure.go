package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// command is one side of a scenario: a program, its arguments and the
// file fed to its stdin.
type command struct {
	argv  []string
	stdin string
	env   []string // added to the harness's environment
}

// execute runs c once in dir, with stdout captured only when capture is set
// (otherwise it goes to /dev/null, the cheapest sink), and returns its wall
// time and stdout.
func (c command) execute(dir string, capture bool) (time.Duration, []byte, error) {
	cmd, closeFiles, err := c.prepare(dir, c.argv)
	if err != nil {
		return 0, nil, err
	}
	defer closeFiles()
	var out bytes.Buffer
	if capture {
		cmd.Stdout = &out
	}
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return wall, out.Bytes(), fmt.Errorf("%s: %w (stderr: %s)", strings.Join(c.argv, " "), err, strings.TrimSpace(errOut.String()))
	}
	return wall, out.Bytes(), nil
}

// prepare makes the exec.Cmd for argv with c's stdin, stdout on /dev/null.
func (c command) prepare(dir string, argv []string) (*exec.Cmd, func(), error) {
	in, err := os.Open(c.stdin)
	if err != nil {
		return nil, nil, err
	}
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		_ = in.Close()
		return nil, nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(benchEnv(), c.env...)
	cmd.Stdin = in
	cmd.Stdout = devnull
	return cmd, func() { _ = in.Close(); _ = devnull.Close() }, nil
}

// benchEnv is the harness's environment without the variables that change
// what hookexec loads or runs.
func benchEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "HOOKEXEC_CONFIG", "HOOKEXEC_SHELL", "HOOKEXEC_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "HOOKEXEC_TRUST_PROJECT", "HOOKEXEC_AUDIT", "HOOKEXEC_AUDIT_FILE",
			"GEMINI_PROJECT_DIR", "LLXPRT_PROJECT_DIR", "GODEBUG", "GOGC", "GOMAXPROCS", "GOMEMLIMIT":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// series is what was measured of one side: wall times and peak RSS (bytes),
// from separate runs.
type series struct {
	walls []time.Duration
	rss   []int64
}

func (s series) medianWall() time.Duration { return median(s.walls) }

func (s series) quartiles() (q1, q3 time.Duration) {
	w := slices.Clone(s.walls)
	slices.Sort(w)
	if len(w) == 0 {
		return 0, 0
	}
	return w[len(w)/4], w[(3*len(w))/4]
}

func (s series) medianRSS() int64 { return median(s.rss) }

func (s series) maxRSS() int64 {
	var m int64
	for _, x := range s.rss {
		m = max(m, x)
	}
	return m
}

func median[T int64 | time.Duration](v []T) T {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// alternate runs a and b (b may be nil) warmup times each, unmeasured, then
// runs times each, alternating (a b, b a, a b, ...) so that drift in the
// machine's load hits both sides alike, then rssRuns times each under the
// peak-RSS wrapper. The first warm-up run of a has its stdout checked with
// check.
func alternate(dir string, a, b *command, warmup, runs, rssRuns int, check func([]byte) error) (sa, sb series, err error) {
	for i := range warmup {
		_, out, err := a.execute(dir, i == 0 && check != nil)
		if err != nil {
			return sa, sb, err
		}
		if i == 0 && check != nil {
			if err := check(out); err != nil {
				return sa, sb, fmt.Errorf("unexpected output of %s: %w", a.argv[0], err)
			}
		}
		if b != nil {
			if _, _, err := b.execute(dir, false); err != nil {
				return sa, sb, err
			}
		}
	}
	for i := range runs + rssRuns {
		order := []*command{a, b}
		if i%2 == 1 {
			order = []*command{b, a}
		}
		for _, c := range order {
			if c == nil {
				continue
			}
			side := &sa
			if c == b {
				side = &sb
			}
			if i < runs {
				wall, _, err := c.execute(dir, false)
				if err != nil {
					return sa, sb, err
				}
				side.walls = append(side.walls, wall)
				continue
			}
			rss, err := c.peakRSS(dir)
			if err != nil {
				return sa, sb, err
			}
			side.rss = append(side.rss, rss)
		}
	}
	return sa, sb, nil
}
