//go:build unix

package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testKeeper is a Keeper that runs the test binary as the keeper, marked
// with a mark of its own. errs returns what it told OnError.
func testKeeper(t *testing.T) (k *Keeper, mark string, errs func() []error) {
	self, err := os.Executable()
	require.NoError(t, err)
	mark = uniqueMark("keeper")
	killOnCleanup(t, mark)
	var mu sync.Mutex
	var told []error
	return &Keeper{
			Path: self,
			Argv: []string{self, "-test.run=^TestKeeperHelperProcess$", "--", keeperTestArg, mark},
			OnError: func(err error) {
				mu.Lock()
				defer mu.Unlock()
				told = append(told, err)
			},
		}, mark, func() []error {
			mu.Lock()
			defer mu.Unlock()
			return told
		}
}

// sleeper is the argument of a sleep of about 5 minutes that only this
// test's processes have ("300.NNNNNN"); no process of it survives the test.
func sleeper(t *testing.T) string {
	s := fmt.Sprintf("300.%06d", time.Now().UnixNano()%1e6)
	killOnCleanup(t, "sleep "+s)
	return s
}

// startGroup starts script under bash in a session of its own, as a hook
// is started, and waits until it has touched ready. The process is recorded
// as one of this program's own: the test binary adopts orphans once a
// parallel test has spawned a hook, and a child in a session of its own
// that is no hook's leader would otherwise be taken for an adopted orphan
// and ended by that test's timeout.
func startGroup(t *testing.T, script string) int {
	t.Helper()
	ready := readyFile(t)
	cmd := exec.Command("bash", "-c", script+"\ntouch "+ready+"\nwait")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	children.spawnMu.RLock()
	err := cmd.Start()
	if err == nil {
		children.addOwn(cmd.Process.Pid)
	}
	children.spawnMu.RUnlock()
	require.NoError(t, err)
	go func() {
		_ = cmd.Wait()
		forgetOwn(cmd.Process.Pid)
	}()
	waitForFile(t, ready)
	return cmd.Process.Pid
}

// keep runs Keep on lines, then EOF, and returns its error (at most 60 s).
func keep(t *testing.T, lines ...string) error {
	t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- Keep(strings.NewReader(strings.Join(lines, "\n") + "\n")) }()
	select {
	case err := <-errc:
		return err
	case <-time.After(60 * time.Second):
		t.Fatal("Keep did not return in 60 s")
		return nil
	}
}

// At EOF the keeper ends every process of a held hook: the leader, its
// background children in its group, and a child that left the session
// (setsid), found from the leader by its parent link.
func TestKeepEndsEveryHeldHookAtEOF(t *testing.T) {
	t.Parallel()
	s := sleeper(t)
	pid := startGroup(t, fmt.Sprintf("sleep %s & sleep %s & setsid sleep %s &", s, s, s))
	require.Len(t, pgrepFull(t, "sleep "+s), 4, "the leader (its script names the sleeps) and three sleeps")

	require.NoError(t, keep(t, "grace 5000000000", fmt.Sprintf("+ %d %d", pid, procStart(pid))))
	assert.Empty(t, pgrepFull(t, "sleep "+s), "processes of the held hook outlived the keeper")
	assert.Error(t, syscall.Kill(pid, 0), "the leader outlived the keeper")
}

// A hook released ("- PID") is left alone: what it runs is deliberate. A
// line the keeper does not understand (pid 1 would be kill(-1): every
// process of the user) is refused and reported, and the held hooks are
// still ended.
func TestKeepLeavesReleasedHooksAndRefusesBadLines(t *testing.T) {
	t.Parallel()
	kept, ended := sleeper(t), sleeper(t)
	a := startGroup(t, "sleep "+kept+" &")
	b := startGroup(t, "sleep "+ended+" &")

	err := keep(t, "grace 0",
		fmt.Sprintf("+ %d %d", a, procStart(a)),
		fmt.Sprintf("+ %d %d", b, procStart(b)),
		"+ 1 0",
		fmt.Sprintf("- %d", a))
	require.ErrorContains(t, err, `unexpected line "+ 1 0"`)
	assert.Empty(t, pgrepFull(t, "sleep "+ended))
	assert.Len(t, pgrepFull(t, "sleep "+kept), 2, "a released hook (its leader and its sleep) was ended")
}

func TestKeeperLine(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"", "bye", "+ 1 0", "+ 0 5", "+ -3 0", "+ 12", "+ 12 x", "+ 4294967296 0", "- x", "grace", "grace -1", "grace 5s", "+ 12 7 8"} {
		held, grace := map[int]uint64{}, DefaultKillGrace
		assert.Error(t, keeperLine(line, held, &grace), "%q", line)
		assert.Empty(t, held, "%q", line)
		assert.Equal(t, DefaultKillGrace, grace, "%q", line)
	}
	held, grace := map[int]uint64{}, DefaultKillGrace
	for _, line := range []string{"grace 250", "+ 12 7", "+ 13 0", "- 13", "- 99"} {
		require.NoError(t, keeperLine(line, held, &grace), "%q", line)
	}
	assert.Equal(t, map[int]uint64{12: 7}, held)
	assert.Equal(t, 250*time.Nanosecond, grace)
}

// closeKeeper closes the Runner's end of its keeper's pipe, as the kernel
// does when the server dies, and waits (at most 60 s) until the keeper
// process, told by mark, has exited.
func closeKeeper(t *testing.T, r *Runner, mark string) {
	t.Helper()
	r.keeper.mu.Lock()
	w := r.keeper.w
	r.keeper.mu.Unlock()
	require.NotNil(t, w, "no keeper was started")
	require.NotEmpty(t, pgrepFull(t, mark), "the keeper is not running")
	require.NoError(t, w.Close())
	require.Eventually(t, func() bool { return len(pgrepFull(t, mark)) == 0 }, 60*time.Second, 10*time.Millisecond, "the keeper did not exit")
}

// The Runner registers a running hook with its keeper: when the keeper's
// pipe closes (the server died), the hook and its children are ended.
func TestRunnerKeeperEndsARunningHookWhenItsPipeCloses(t *testing.T) {
	t.Parallel()
	keeper, mark, errs := testKeeper(t)
	r := New(Options{Keeper: keeper})
	s := sleeper(t)
	ready := filepath.Join(tempDir(t), "ready")
	done := make(chan Result, 1)
	go func() {
		done <- r.Run(context.Background(), bash(fmt.Sprintf("sleep %s & sleep %s & touch %s; wait", s, s, ready)))
	}()
	waitForFile(t, ready)

	closeKeeper(t, r, mark)
	select {
	case res := <-done:
		assert.Equal(t, Signaled, res.Status, "%+v", res)
		assert.Equal(t, "SIGTERM", res.Signal)
	case <-time.After(60 * time.Second):
		t.Fatal("the hook still runs after its keeper ended it")
	}
	assert.Empty(t, pgrepFull(t, "sleep "+s))
	// The release after the hook ended found the pipe closed.
	require.Len(t, errs(), 1)
	assert.ErrorContains(t, errs()[0], "the keeper is gone")
}

// A hook that exited on its own is released: what it left running in the
// background is deliberate and outlives the keeper.
func TestRunnerKeeperLeavesWhatAFinishedHookStarted(t *testing.T) {
	t.Parallel()
	keeper, mark, errs := testKeeper(t)
	r := New(Options{Keeper: keeper})
	s := sleeper(t)
	res := r.Run(context.Background(), bash(fmt.Sprintf("sleep %s >/dev/null 2>&1 & exit 0", s)))
	require.Equal(t, Exited, res.Status, "%+v", res)

	closeKeeper(t, r, mark)
	assert.Len(t, pgrepFull(t, "sleep "+s), 1, "the keeper ended a finished hook's background process")
	assert.Empty(t, errs())
}

// Without the option there is no keeper (fire).
func TestRunnerWithoutKeeperStartsNone(t *testing.T) {
	t.Parallel()
	r := New(Options{})
	assert.Nil(t, r.keeper)
	res := r.Run(context.Background(), bash("true"))
	require.Equal(t, Exited, res.Status, "%+v", res)
}

// A keeper that cannot be started is told once; the hooks still run.
func TestRunnerKeeperThatCannotStartIsReported(t *testing.T) {
	t.Parallel()
	var errs []error
	r := New(Options{Keeper: &Keeper{
		Path:    filepath.Join(tempDir(t), "missing"),
		Argv:    []string{"missing"},
		OnError: func(err error) { errs = append(errs, err) },
	}})
	for i := 0; i < 2; i++ {
		res := r.Run(context.Background(), bash("true"))
		require.Equal(t, Exited, res.Status, "%+v", res)
	}
	require.Len(t, errs, 1)
	assert.ErrorContains(t, errs[0], "no keeper")
	assert.ErrorContains(t, errs[0], "missing")
}

// A hook that ignores SIGTERM is killed once the grace the Runner gave
// has passed.
func TestKeepKillsAHookThatIgnoresSIGTERMAfterTheGrace(t *testing.T) {
	t.Parallel()
	s := sleeper(t)
	pid := startGroup(t, "trap '' TERM\nsleep "+s+" &")
	require.NoError(t, keep(t, "grace 100000000", fmt.Sprintf("+ %d %d", pid, procStart(pid))))
	assert.Empty(t, pgrepFull(t, "sleep "+s))
	assert.Error(t, syscall.Kill(pid, 0), "the leader outlived the keeper")
}

// BenchmarkRunTrueWithKeeper is BenchmarkRunTrue with a keeper (serve's
// Runner): the difference is what telling the keeper costs per hook.
func BenchmarkRunTrueWithKeeper(b *testing.B) {
	self, err := os.Executable()
	require.NoError(b, err)
	r := New(Options{Keeper: &Keeper{Path: self, Argv: []string{self, "-test.run=^TestKeeperHelperProcess$", "--", keeperTestArg, uniqueMark("bench")}}})
	spec := Spec{Argv: []string{"true"}, Env: os.Environ(), Stdin: []byte("{}\n")}
	ctx := context.Background()
	r.Run(ctx, spec) // the keeper starts at the first hook
	for b.Loop() {
		if res := r.Run(ctx, spec); res.Status != Exited || res.ExitCode != 0 {
			b.Fatalf("true: %v %d %v", res.Status, res.ExitCode, res.Err)
		}
	}
	r.keeper.mu.Lock()
	defer r.keeper.mu.Unlock()
	_ = r.keeper.w.Close()
}

// BenchmarkKeeperHoldRelease is what a keeper adds to each hook: the two
// lines the Runner writes to it.
func BenchmarkKeeperHoldRelease(b *testing.B) {
	self, err := os.Executable()
	require.NoError(b, err)
	k := newKeeperLink(&Keeper{Path: self, Argv: []string{self, "-test.run=^TestKeeperHelperProcess$", "--", keeperTestArg, uniqueMark("bench")}}, 0)
	// A group that never exists: the keeper has nothing to end at EOF.
	ctl := &groupControl{pgid: 1 << 30, tree: &tree{leader: 1 << 30, start: 1}}
	for b.Loop() {
		k.hold(ctl)
		k.release(ctl)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	require.False(b, k.failed)
	_ = k.w.Close()
}

// A keeper that does not read (stopped, or not a keeper) holds up no hook
// for long once its pipe is full: the Runner gives up on it, says so once,
// and keeps the pipe open, so that the keeper, if it was only slow, does
// not take the server for dead.
func TestKeeperThatDoesNotReadIsGivenUp(t *testing.T) {
	t.Parallel()
	s := sleeper(t)
	sleep, err := exec.LookPath("sleep")
	require.NoError(t, err)
	var errs []error
	k := newKeeperLink(&Keeper{Path: sleep, Argv: []string{"sleep", s}, OnError: func(err error) { errs = append(errs, err) }}, 0)
	ctl := &groupControl{pgid: 1 << 30, tree: &tree{leader: 1 << 30, start: 1}}
	// A pipe holds 64 KiB by default on Linux (16 KiB on macOS): these
	// lines are more than 2 MiB.
	for i := 0; i < 1<<17 && len(errs) == 0; i++ {
		k.hold(ctl)
	}
	require.Len(t, errs, 1)
	assert.ErrorContains(t, errs[0], "stalled")
	assert.ErrorIs(t, errs[0], os.ErrDeadlineExceeded)
	k.hold(ctl) // given up: returns at once, says nothing more
	assert.Len(t, errs, 1)
	assert.NoError(t, k.w.SetWriteDeadline(time.Time{}), "the keeper's pipe was closed")
}
