//go:build unix

package background

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/testproc"
)

// superviseArg makes the test binary a supervisor, as the hidden
// subcommand makes hookexec one.
const superviseArg = "supervise-for-test"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == superviseArg {
		if err := Supervise(context.Background(), os.Stdin, zerolog.Nop()); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func shellSpec(script string, timeout time.Duration) runner.Spec {
	return runner.Spec{Argv: []string{"sh", "-c", script}, Env: os.Environ(), Timeout: timeout, Stdin: []byte(`{"hook_event_name":"Stop"}` + "\n")}
}

func q(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// marker is an argument of sleep unique to the test, which finds its
// processes by it.
func marker(t *testing.T) string {
	m := fmt.Sprintf("600.%06d", rand.IntN(1_000_000))
	t.Cleanup(func() {
		pids, _ := testproc.Survivors("sleep " + m)
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return m
}

func detached(t *testing.T) Detached {
	exe, err := executable()
	require.NoError(t, err)
	return Detached{Path: exe, Args: []string{os.Args[0], superviseArg}, KillGrace: 200 * time.Millisecond}
}

// TestDetachedOutlivesStart: Start returns while the hook still waits; the
// supervisor then runs it with the event JSON on its stdin.
func TestDetachedOutlivesStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := fmt.Sprintf(`while [ ! -e %s ]; do sleep 0.02; done; cat > %s`, q(dir+"/go"), q(dir+"/stdin"))
	require.NoError(t, detached(t).Start("waits", shellSpec(script, 30*time.Second)))
	assert.NoFileExists(t, dir+"/stdin")

	require.NoError(t, os.WriteFile(dir+"/go", nil, 0o644))
	require.Eventually(t, func() bool {
		data, err := os.ReadFile(dir + "/stdin")
		return err == nil && string(data) == `{"hook_event_name":"Stop"}`+"\n"
	}, 10*time.Second, 10*time.Millisecond)
}

// TestDetachedBoundedByTimeout: the supervisor kills the hook and what it
// started once its timeout and the kill grace are over, SIGTERM ignored.
func TestDetachedBoundedByTimeout(t *testing.T) {
	t.Parallel()
	m := marker(t)
	script := fmt.Sprintf(`trap '' TERM; sleep %s & sleep %s`, m, m)
	require.NoError(t, detached(t).Start("slow", shellSpec(script, 300*time.Millisecond)))
	require.Eventually(t, func() bool {
		pids, err := testproc.Survivors("sleep " + m)
		return err == nil && len(pids) >= 2
	}, 5*time.Second, 10*time.Millisecond, "the hook runs")
	require.Eventually(t, func() bool {
		pids, err := testproc.Survivors("sleep " + m)
		return err == nil && len(pids) == 0
	}, 5*time.Second, 20*time.Millisecond, "nothing is left after 300ms + 200ms grace")
}

// TestDetachedInOwnSession: the supervisor is not in the caller's session
// (no signal to the agent's group or terminal reaches it), and neither is
// the hook.
func TestDetachedInOwnSession(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := fmt.Sprintf(`ps -o sid= -p $PPID > %s; ps -o sid= -p $$ > %s`, q(dir+"/sup.tmp"), q(dir+"/hook.tmp"))
	require.NoError(t, detached(t).Start("sid", shellSpec(script+"; mv "+q(dir+"/sup.tmp")+" "+q(dir+"/sup"), 30*time.Second)))
	require.Eventually(t, func() bool { _, err := os.Stat(dir + "/sup"); return err == nil }, 10*time.Second, 10*time.Millisecond)
	own, err := unix.Getsid(0)
	require.NoError(t, err)
	for _, f := range []string{"sup", "hook.tmp"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		require.NoError(t, err)
		assert.NotEqual(t, fmt.Sprint(own), strings.TrimSpace(string(data)), f)
	}
}

func TestReadJob(t *testing.T) {
	t.Parallel()
	good := NewJob("h", shellSpec("true", time.Second), time.Second)
	enc := func(j Job) string {
		b, err := json.Marshal(j)
		require.NoError(t, err)
		return string(b)
	}
	noTimeout, noArgv := good, good
	noTimeout.Timeout = 0
	noArgv.Argv = nil
	tests := []struct {
		name, in, err string
	}{
		{"good", enc(good), ""},
		{"no timeout", enc(noTimeout), `the job of hook "h" has no timeout; a background hook must be bounded`},
		{"no program", enc(noArgv), "the job has no program to run"},
		{"not JSON", "{", "decoding the job"},
		{"too large", strings.Repeat(" ", 1<<20+1), "larger than 1048576 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			j, err := readJob(strings.NewReader(tt.in), 1<<20)
			if tt.err == "" {
				require.NoError(t, err)
				assert.Equal(t, good, j)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
}

// TestSuperviseRefusesUnboundedJob: a job without a timeout never runs.
func TestSuperviseRefusesUnboundedJob(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	job := NewJob("h", shellSpec("touch "+q(dir+"/ran"), 0), 0)
	b, err := json.Marshal(job)
	require.NoError(t, err)
	require.Error(t, Supervise(context.Background(), bytes.NewReader(b), zerolog.Nop()))
	assert.NoFileExists(t, dir+"/ran")
}

// TestGroup: serve's in-process background hooks run until they end, and
// cancelling the group terminates them; once cancelled it starts none.
func TestGroup(t *testing.T) {
	t.Parallel()
	m := marker(t)
	ctx, cancel := context.WithCancel(context.Background())
	g := NewGroup(ctx, runner.New(runner.Options{KillGrace: 200 * time.Millisecond}), zerolog.Nop())
	require.NoError(t, g.Start("long", shellSpec("sleep "+m, time.Minute)))
	require.Eventually(t, func() bool {
		pids, err := testproc.Survivors("sleep " + m)
		return err == nil && len(pids) >= 1
	}, 5*time.Second, 10*time.Millisecond)

	cancel()
	g.Wait()
	pids, err := testproc.Survivors("sleep " + m)
	require.NoError(t, err)
	assert.Empty(t, pids)
	assert.Error(t, g.Start("late", shellSpec("true", time.Second)))
}

// TestDetachedWithLogs: the supervisor is hookexec's hidden verb with the
// caller's logging flags, only those given.
func TestDetachedWithLogs(t *testing.T) {
	t.Parallel()
	d := DetachedWithLogs("", "", time.Second)
	assert.Equal(t, []string{"hookexec", Verb}, d.Args)
	assert.Equal(t, time.Second, d.KillGrace)
	d = DetachedWithLogs("h.log", "debug", 0)
	assert.Equal(t, []string{"hookexec", Verb, "--log-file", "h.log", "--log-level", "debug"}, d.Args)
}
