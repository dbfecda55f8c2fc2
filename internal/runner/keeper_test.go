package runner

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// keeperTestArg makes the test binary the keeper: run with
// -test.run=^TestKeeperHelperProcess$ -- keeperTestArg MARK, it runs Keep
// on its stdin (MARK only tells it in the process table).
const keeperTestArg = "hookexec-runner-keeper"

func TestKeeperHelperProcess(t *testing.T) {
	if args := flag.Args(); len(args) != 2 || args[0] != keeperTestArg {
		return
	}
	if err := Keep(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(0)
}

// killedServerArg makes the test binary a server to be killed: run with
// -test.run=^TestKilledServerHelperProcess$ -- killedServerArg MARK DIR,
// it runs, with a Runner that has a keeper, a hook that starts a child
// (its pid in DIR/child), touches DIR/ready and sleeps. MARK is in the
// command line of all of them.
const killedServerArg = "hookexec-runner-killed-server"

func TestKilledServerHelperProcess(t *testing.T) {
	args := flag.Args()
	if len(args) != 3 || args[0] != killedServerArg {
		return
	}
	mark, dir := args[1], args[2]
	self, err := os.Executable()
	if err != nil {
		os.Exit(3)
	}
	r := New(Options{Keeper: &Keeper{Path: self, Argv: []string{self, "-test.run=^TestKeeperHelperProcess$", "--", keeperTestArg, mark}}})
	r.Run(context.Background(), hook("mark", mark, "child", mark, filepath.Join(dir, "child"), "touch", filepath.Join(dir, "ready"), "sleep", "10m"))
	os.Exit(0)
}

// uniqueMark is a word no other test's processes have in their command
// line.
func uniqueMark(what string) string {
	return fmt.Sprintf("%s%d", what, time.Now().UnixNano())
}

// A server killed outright (SIGKILL, TerminateProcess) while a hook runs
// leaves nothing of the hook behind, nor its keeper: on Unix the keeper
// ends the hook, on Windows the hook's Job Object dies with the server.
func TestKilledServerLeavesNoHookBehind(t *testing.T) {
	t.Parallel()
	mark, dir := uniqueMark("killed"), tempDir(t)
	killChildOnCleanup(t, mark, filepath.Join(dir, "child"))
	self, err := os.Executable()
	require.NoError(t, err)
	server := exec.Command(self, "-test.run=^TestKilledServerHelperProcess$", "--", killedServerArg, mark, dir)
	server.Env = append(os.Environ(), "GORACE=atexit_sleep_ms=0")
	require.NoError(t, server.Start())
	waitForFile(t, filepath.Join(dir, "ready"))
	waitForFile(t, filepath.Join(dir, "child"))
	require.NotEmpty(t, survivors(t, mark))

	require.NoError(t, server.Process.Kill())
	_ = server.Wait()
	require.Eventually(t, func() bool { return len(survivors(t, mark)) == 0 }, 10*time.Second, 20*time.Millisecond,
		"processes of the killed server's hook (or its keeper) still running")
}
