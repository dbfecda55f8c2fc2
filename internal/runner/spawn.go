package runner

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

// process is one spawned hook: its leader, its group and the goroutines
// that feed stdin and capture stdout and stderr.
type process struct {
	os   *os.Process
	pgid int
	tree *tree // everything of the hook, inside its group or not

	exited  chan struct{} // closed once state/waitErr are set
	state   *os.ProcessState
	waitErr error

	stdin          *feeder
	stdout, stderr *capture
}

// spawn starts spec in a new session with fresh pipes for its stdio. The
// returned process is already being waited for.
func (r *Runner) spawn(spec Spec) (*process, error) {
	if len(spec.Argv) == 0 || spec.Argv[0] == "" {
		return nil, errors.New("runner: empty command")
	}
	env := spec.Env
	if env == nil {
		env = os.Environ()
	}
	env = dedupEnv(env)
	path, err := lookPath(spec.Argv[0], env)
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

	children.spawnMu.RLock()
	proc, err := os.StartProcess(path, spec.Argv, &os.ProcAttr{
		Dir:   spec.Dir,
		Env:   env,
		Files: childEnds,
		Sys:   &syscall.SysProcAttr{Setsid: true},
	})
	var t *tree
	if err == nil {
		t = children.add(proc.Pid)
	}
	children.spawnMu.RUnlock()
	closeAll(childEnds)
	if err != nil {
		closeAll(parentEnds)
		return nil, err
	}

	p := &process{
		os:     proc,
		pgid:   proc.Pid, // Setsid: the leader's pid is the group's id
		tree:   t,
		exited: make(chan struct{}),
		stdin:  feed(parentEnds[0], spec.Stdin),
		stdout: capturePipe(parentEnds[1], r.opts.MaxOutput, spec.Budget),
		stderr: capturePipe(parentEnds[2], r.opts.MaxOutput, spec.Budget),
	}
	go func() {
		p.state, p.waitErr = awaitExit(proc)
		children.kick()
		close(p.exited)
	}()
	return p, nil
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

// HasProgram reports whether Run would find name as Argv[0] with env as
// Spec.Env: on env's PATH, or as a path when name has a slash (relative
// names are checked against the current directory).
func HasProgram(name string, env []string) bool {
	if name == "" {
		return false
	}
	path, err := lookPath(name, dedupEnv(env))
	return err == nil && isExecutable(path)
}

// lookPath resolves name like execvp does, but on the PATH of env rather
// than the parent's. A name with a slash is used as is (relative to the
// working directory of the child). Relative PATH entries (including empty
// ones) are skipped, as os/exec refuses them too.
func lookPath(name string, env []string) (string, error) {
	if strings.Contains(name, "/") {
		return name, nil
	}
	pathList, _ := envValue(env, "PATH")
	for _, dir := range filepath.SplitList(pathList) {
		if !filepath.IsAbs(dir) {
			continue
		}
		candidate := filepath.Join(dir, name)
		if isExecutable(candidate) {
			return candidate, nil
		}
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() {
		return false
	}
	return fi.Mode().Perm()&0o111 != 0
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

// envValue returns the last value of name in env.
func envValue(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
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
		k, _, _ := strings.Cut(kv, "=")
		last[k] = i
	}
	if len(last) == len(env) {
		return env
	}
	out := make([]string, 0, len(last))
	for i, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if last[k] == i {
			out = append(out, kv)
		}
	}
	return out
}
