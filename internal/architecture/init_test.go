package architecture

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// maxInitClock is the most a package of the module may spend in its
// initializers, the smallest of initRuns runs: generous, so that a loaded
// machine does not fail it. Allocations are the criterion that counts (they
// do not depend on the machine): there must be none.
const (
	maxInitClock = 100 * time.Microsecond
	initRuns     = 3
)

// initCost is what GODEBUG=inittrace=1 reports for one package.
type initCost struct {
	clock  time.Duration
	bytes  int64
	allocs int64
}

// TestNoWorkAtInit: every `hookexec` command, and every agent event through
// `hookexec fire`, pays the initializers of every package linked into the
// binary before main runs, so the module's own packages do none:
// no package-level regexp.MustCompile, map literal, sync.OnceValue or
// make(); what a package needs is built where it is used, or once on
// first use. The binary is built and run with GODEBUG=inittrace=1, and
// every package of the module that it reports must have allocated nothing
// and taken less than maxInitClock.
func TestNoWorkAtInit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hookexec")
	}
	bin := filepath.Join(t.TempDir(), "hookexec")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	// go test puts its toolchain's bin directory first on PATH.
	build := exec.Command("go", "build", "-o", bin, "./cmd/hookexec")
	build.Dir = root
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)

	best := map[string]initCost{}
	for range initRuns {
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		require.NoError(t, cmd.Run(), "hookexec version: %s", stderr.String())
		costs, err := parseInitTrace(stderr.String())
		require.NoError(t, err)
		require.NotEmpty(t, costs, "GODEBUG=inittrace=1 reported no package: %s", stderr.String())
		for pkg, c := range costs {
			if b, ok := best[pkg]; ok {
				c = initCost{clock: min(b.clock, c.clock), bytes: min(b.bytes, c.bytes), allocs: min(b.allocs, c.allocs)}
			}
			best[pkg] = c
		}
	}
	var bad []string
	for pkg, c := range best {
		if (pkg != "main" && !strings.HasPrefix(pkg, module)) || (c.allocs == 0 && c.clock <= maxInitClock) {
			continue
		}
		bad = append(bad, fmt.Sprintf("%s: %d allocations (%d bytes), %v at init (the least of %d runs)", pkg, c.allocs, c.bytes, c.clock, initRuns))
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("packages of the module that work at init (build what they need where it is used, or on first use):\n%s", strings.Join(bad, "\n"))
	}
}

// parseInitTrace reads the lines of GODEBUG=inittrace=1:
//
//	init github.com/x/y @0.52 ms, 0.011 ms clock, 336 bytes, 2 allocs
func parseInitTrace(s string) (map[string]initCost, error) {
	costs := map[string]initCost{}
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[6] != "clock," || f[8] != "bytes," || f[10] != "allocs" {
			continue
		}
		ms, err1 := strconv.ParseFloat(f[4], 64)
		b, err2 := strconv.ParseInt(f[7], 10, 64)
		n, err3 := strconv.ParseInt(f[9], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("unreadable inittrace line %q", sc.Text())
		}
		costs[f[1]] = initCost{clock: time.Duration(ms * float64(time.Millisecond)), bytes: b, allocs: n}
	}
	return costs, sc.Err()
}
