package runner

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A long-lived server (serve) that is killed outright (SIGKILL, the OOM
// killer) terminates none of the hooks it runs: each is in a session of its
// own, so nothing else does either. The keeper is a second process, started
// once by such a Runner (Options.Keeper) in a session of its own, whose
// stdin is a pipe from the Runner. The Runner tells it each hook's leader
// when the hook starts and when Run is done with it. The kernel closes the
// pipe's write end when the server dies, however it dies, so the keeper
// reads EOF at once; it then terminates, as a timeout would, every hook
// still registered (SIGTERM and SIGCONT to its group and the process tree
// it finds from the leader, SIGKILL after the kill grace) and exits. A
// server that ends normally has returned from every Run, so nothing is
// registered and the keeper exits at once: EOF needs no "bye". The keeper
// has no PR_SET_PDEATHSIG: that signal comes when the thread that forked
// it ends, which in a Go program is not the process's death (a thread of
// a locked goroutine ends with it), and would end every running hook of a
// live server; the pipe's EOF comes as promptly and only with the
// process's death. On Windows
// each hook's Job Object already dies with hookexec (job_windows.go) and
// the option is ignored.
//
// The protocol, one line each: "grace NANOSECONDS" first, then
// "+ PID START" when a hook starts (START: the leader's start time in the
// process table's clock, 0 if unknown) and "- PID" when Run is done with it.

// Keeper configures the keeper process (Options.Keeper).
type Keeper struct {
	// Path is the keeper's program (hookexec's own executable) and Argv
	// its argument list, Argv[0] included (the hidden verb that runs Keep
	// on stdin), as for os.StartProcess.
	Path string
	Argv []string
	// OnError, if set, is told once that the keeper could not be started
	// or reached: hooks still run, but a killed server would leave them.
	OnError func(error)
}

// keeperLink is a Runner's end of its keeper. It starts the keeper at the
// first hook, so a server that runs none never starts one.
type keeperLink struct {
	cfg   Keeper
	grace time.Duration

	mu     sync.Mutex
	w      *os.File // nil until started
	failed bool     // told OnError; the keeper is not used again
}

// keeperWriteTimeout bounds a write to the keeper: a keeper that does not
// read (stopped) must not hold up the hooks once its pipe is full.
const keeperWriteTimeout = 2 * time.Second

func newKeeperLink(cfg *Keeper, grace time.Duration) *keeperLink {
	if cfg == nil || cfg.Path == "" || len(cfg.Argv) == 0 || !keeperNeeded {
		return nil
	}
	return &keeperLink{cfg: *cfg, grace: grace}
}

// hold registers the hook of ctl with the keeper.
func (k *keeperLink) hold(ctl control) {
	if pid, start, ok := keeperID(ctl); k != nil && ok {
		k.send(fmt.Sprintf("+ %d %d\n", pid, start))
	}
}

// release tells the keeper that Run is done with the hook of ctl: it
// ended, was terminated, or left processes on purpose.
func (k *keeperLink) release(ctl control) {
	if pid, _, ok := keeperID(ctl); k != nil && ok {
		k.send(fmt.Sprintf("- %d\n", pid))
	}
}

// send writes one line to the keeper, starting it first if need be. A
// line is far below PIPE_BUF, so it is written whole or not at all.
func (k *keeperLink) send(line string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.failed {
		return
	}
	if k.w == nil {
		w, err := startKeeper(k.cfg.Path, k.cfg.Argv)
		if err == nil {
			k.w = w
			_, err = fmt.Fprintf(w, "grace %d\n", k.grace)
		}
		if err != nil {
			k.fail(fmt.Errorf("runner: no keeper (hooks running when the server is killed will be left running): %w", err))
			return
		}
	}
	_ = k.w.SetWriteDeadline(time.Now().Add(keeperWriteTimeout))
	if _, err := io.WriteString(k.w, line); err != nil {
		k.fail(fmt.Errorf("runner: the keeper is gone or stalled (hooks running when the server is killed will be left running): %w", err))
	}
}

// fail gives up on the keeper and says so once; k.mu is held. The pipe
// stays open: closed, it would tell a keeper that is only slow that the
// server died, and it would end the hooks it holds.
func (k *keeperLink) fail(err error) {
	k.failed = true
	if k.cfg.OnError != nil {
		k.cfg.OnError(err)
	}
}

// keeperHook is one hook the keeper holds.
type keeperHook struct {
	pid   int
	start uint64
}

// Keep is the keeper process (the hidden verb that Keeper.Argv names): it
// reads the Runner's lines from in until EOF and then terminates every hook
// still registered. A read error counts as EOF: either way the server can
// no longer say anything. It returns an error for a line it does not
// understand (once it has terminated what it holds) or for hooks that
// SIGKILL could not end.
func Keep(in io.Reader) error {
	held := make(map[int]uint64)
	grace := DefaultKillGrace
	var bad error
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		// A line not understood is a bug of the Runner's: the hooks
		// still run under a live server, so reading goes on.
		if err := keeperLine(sc.Text(), held, &grace); err != nil && bad == nil {
			bad = err
		}
	}
	hooks := make([]keeperHook, 0, len(held))
	for pid, start := range held {
		hooks = append(hooks, keeperHook{pid, start})
	}
	err := endHooks(hooks, grace)
	if bad != nil {
		return bad
	}
	return err
}

// keeperLine applies one line of the protocol. A pid must name a process
// group of a hook, never 0 or 1: kill(-1) would signal every process of
// the user.
func keeperLine(line string, held map[int]uint64, grace *time.Duration) error {
	f := strings.Fields(line)
	num := func(i int, bits int) (uint64, bool) {
		n, err := strconv.ParseUint(f[i], 10, bits)
		return n, err == nil
	}
	switch {
	case len(f) == 2 && f[0] == "grace":
		if n, ok := num(1, 63); ok {
			*grace = time.Duration(n)
			return nil
		}
	case len(f) == 3 && f[0] == "+":
		pid, ok := num(1, 31)
		start, ok2 := num(2, 64)
		if ok && ok2 && pid > 1 {
			held[int(pid)] = start
			return nil
		}
	case len(f) == 2 && f[0] == "-":
		if pid, ok := num(1, 31); ok {
			delete(held, int(pid))
			return nil
		}
	}
	return fmt.Errorf("keeper: unexpected line %q (want \"grace NS\", \"+ PID START\" or \"- PID\")", line)
}
