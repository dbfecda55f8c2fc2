package runner

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"github.com/hookexec/hookexec/internal/progpath"
)

// process is one spawned hook: its leader, the OS's hold on everything it
// starts, and the goroutines that feed stdin and capture stdout and stderr.
type process struct {
	os  *os.Process
	ctl control

	exited  chan struct{} // closed once state/waitErr are set
	state   *os.ProcessState
	waitErr error

	stdin          *feeder
	stdout, stderr *capture
}

// spawn starts spec in a group of its own (startHook) with fresh pipes for
// its stdio. The returned process is already being waited for.
func (r *Runner) spawn(spec Spec) (*process, error) {
	if len(spec.Argv) == 0 || spec.Argv[0] == "" {
		return nil, errors.New("runner: empty command")
	}
	env := spec.Env
	if env == nil {
		env = os.Environ()
	}
	env = dedupEnv(env)
	path, err := spec.Program.pathFor(spec.Argv[0], env)
	if err != nil {
		return nil, err
	}
	if spec.Dir != "" {
		if err := checkDir(spec.Dir); err != nil {
			return nil, err
		}
	}

	var parentEnds, childEnds []*os.File
	closeAll := func(fs []*os.File) {
		for _, f := range fs {
			_ = f.Close()
		}
	}
	// Child ends: stdin read, stdout write, stderr write. Parent ends: the
	// opposite ones. os.Pipe sets O_CLOEXEC, so concurrent spawns do not
	// inherit each other's pipes.
	for i := 0; i < 3; i++ {
		pr, pw, err := os.Pipe()
		if err != nil {
			closeAll(parentEnds)
			closeAll(childEnds)
			return nil, fmt.Errorf("runner: pipe: %w", err)
		}
		if i == 0 {
			childEnds, parentEnds = append(childEnds, pr), append(parentEnds, pw)
		} else {
			childEnds, parentEnds = append(childEnds, pw), append(parentEnds, pr)
		}
	}

	prepareSpawn()
	proc, ctl, err := startHook(path, spec.Argv, &os.ProcAttr{
		Dir:   spec.Dir,
		Env:   env,
		Files: childEnds,
	})
	closeAll(childEnds)
	if err != nil {
		closeAll(parentEnds)
		return nil, err
	}

	p := &process{
		os:     proc,
		ctl:    ctl,
		exited: make(chan struct{}),
		stdin:  feed(parentEnds[0], spec.Stdin),
		stdout: capturePipe(parentEnds[1], r.opts.MaxOutput, spec.Budget),
		stderr: capturePipe(parentEnds[2], r.opts.MaxOutput, spec.Budget),
	}
	go func() {
		p.state, p.waitErr = awaitExit(proc)
		leaderReaped()
		close(p.exited)
	}()
	return p, nil
}

// prepareSpawn does, once per process and only when a hook is about to
// start, what hooks need of the process. Orphaned descendants of hooks
// become this process's children (the subreaper, and the SIGCHLD reaper of
// adopted orphans), so a timed-out hook's double-forked daemon can be
// found. Under a low process limit, the runtime gets its threads before
// hooks take what the limit allows. Later calls change nothing.
func prepareSpawn() {
	adoptOrphans()
	reserveThreads()
}

// leaderDone reports whether the leader has been reaped.
func (p *process) leaderDone() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// lookPath resolves name like execvp does (on Windows like os/exec does,
// with PATHEXT), but on the PATH of env rather than the parent's. A path
// is used as is (relative to the working directory of the child; on
// Windows with an extension of PATHEXT added when the file has none).
// Relative PATH entries (including empty ones) are skipped, as os/exec
// refuses them too.
func lookPath(name string, env []string) (string, error) {
	pathExt, _ := envValue(env, "PATHEXT")
	if progpath.IsPath(name) {
		return progpath.Resolve(name, pathExt), nil
	}
	pathList, _ := envValue(env, "PATH")
	path, err := progpath.Find(name, pathList, pathExt)
	if err != nil {
		return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
	}
	return path, nil
}

// checkDir reports a clear "chdir DIR: ..." error: with SysProcAttr set,
// os.StartProcess would blame the program instead.
func checkDir(dir string) error {
	fi, err := os.Stat(dir)
	if err != nil {
		return &os.PathError{Op: "chdir", Path: dir, Err: unwrapPathErr(err)}
	}
	if !fi.IsDir() {
		return &os.PathError{Op: "chdir", Path: dir, Err: syscall.ENOTDIR}
	}
	return nil
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// envValue returns the last value of name in env (names compared as the
// OS does: envKey).
func envValue(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := cutEnv(env[i]); ok && envKey(k) == envKey(name) {
			return v, true
		}
	}
	return "", false
}

// dedupEnv keeps the last value of each name (later entries win, as with
// os/exec), so a child's getenv sees the same value lookPath used.
func dedupEnv(env []string) []string {
	last := make(map[string]int, len(env))
	for i, kv := range env {
		k, _, _ := cutEnv(kv)
		last[envKey(k)] = i
	}
	if len(last) == len(env) {
		return env
	}
	out := make([]string, 0, len(last))
	for i, kv := range env {
		k, _, _ := cutEnv(kv)
		if last[envKey(k)] == i {
			out = append(out, kv)
		}
	}
	return out
}
