package registry

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// The shell syntax check of validate (SPEC §7): each shell-form command is
// parsed, not run, by the shell fire would run it with (`sh -n -c CMD`,
// `bash -n -c CMD`). This is the one place outside internal/runner that
// starts a process: a parse-only shell, with an empty environment (so that
// bash reads no $BASH_ENV) and stdin from /dev/null. It lives here, beside
// the other validation checks, because it needs the decoded hook and its
// position, and the runner must not know about config files.

// syntaxCheckTimeout bounds one `sh -n`; parsing never takes this long.
const syntaxCheckTimeout = 10 * time.Second

// shellJob is one syntax check to run.
type shellJob struct {
	file    int // index of the file in Report.Files
	pos     Position
	where   string
	shell   string // as configured ("bash", "/bin/sh")
	path    string // resolved executable
	command string
}

// shellResult is what one job found.
type shellResult struct {
	file     int
	findings []Diagnostic
}

// parseOnlyShells are the shells whose -n flag means "parse, do not
// execute"; other shells (fish, python, ...) are not syntax-checked.
func parseOnlyShells() []string {
	return []string{"sh", "bash", "dash", "ash", "ksh", "mksh", "zsh", "yash", "posh"}
}

// shellCommand queues the syntax check of a shell-form hook and checks the
// program its first word names.
func (l *linter) shellCommand(d *fileDecoder, where string, cmdOff int, shellField *value, h *Hook) {
	shell := h.Shell
	explicit := shell != ""
	if !explicit {
		shell = l.env.getenv("HOOKEXEC_SHELL")
		explicit = shell != ""
	}
	if !explicit {
		defaults := d.spec.dialect.DefaultShells()
		shell = defaults[len(defaults)-1]
		for _, s := range defaults {
			if _, err := lookPath(s, l.env.getenv("PATH")); err == nil {
				shell = s
				break
			}
		}
	}
	path, err := lookPath(shell, l.env.getenv("PATH"))
	switch {
	case err != nil && explicit:
		off, from := cmdOff, "$HOOKEXEC_SHELL"
		if h.Shell != "" && shellField != nil {
			off, from = shellField.off, `"shell"`
		}
		l.warn(d, off, "%s: shell %q (from %s) %v; the hook cannot start (spawn_error)", where, shell, from, err)
	case err == nil && isParseOnlyShell(shell):
		l.jobs = append(l.jobs, shellJob{pos: d.pos(cmdOff), where: where, shell: shell, path: path, command: h.Command})
	}
	if word, raw, ok := firstWord(h.Command, l.resolver(h)); ok {
		l.program(d, where, cmdOff, raw, word, false, l.pathOf(h))
	}
}

func isParseOnlyShell(shell string) bool {
	base := filepath.Base(shell)
	for _, s := range parseOnlyShells() {
		if base == s {
			return true
		}
	}
	return false
}

// runShellChecks runs the jobs, a few at a time, and returns their findings
// in job order.
func runShellChecks(ctx context.Context, jobs []shellJob, getenv func(string) string) []shellResult {
	results := make([]shellResult, len(jobs))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, job := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[i] = shellResult{file: job.file}
			if f, ok := checkSyntax(ctx, job, getenv("PATH")); ok {
				results[i].findings = []Diagnostic{f}
			}
		}()
	}
	wg.Wait()
	return results
}

// checkSyntax runs `SHELL -n -c COMMAND`; ok is true when there is
// something to report.
func checkSyntax(ctx context.Context, job shellJob, pathEnv string) (Diagnostic, bool) {
	ctx, cancel := context.WithTimeout(ctx, syntaxCheckTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, job.path, "-n", "-c", job.command)
	cmd.Env = []string{"PATH=" + pathEnv, "LC_ALL=C"}
	cmd.Dir = os.TempDir()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err == nil {
		return Diagnostic{}, false
	}
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || ctx.Err() != nil || exitErr.ExitCode() < 0 {
		return Diagnostic{Pos: job.pos, Severity: SeverityWarning,
			Message: fmt.Sprintf("%s: could not check the shell syntax with %s -n: %v", job.where, job.shell, err)}, true
	}
	code := exitErr.ExitCode()
	consequence := fmt.Sprintf("at run time %s exits %d on this error, a hook error", job.shell, code)
	if code == 2 {
		consequence = fmt.Sprintf("at run time %s exits 2 on this error, which hookexec reads as a deliberate block", job.shell)
	}
	return Diagnostic{Pos: job.pos, Severity: SeverityError,
		Message: fmt.Sprintf("%s: shell syntax error (%s -n): %s; %s", job.where, job.shell, syntaxMessage(stderr.String(), job), consequence)}, true
}

// syntaxMessage turns a shell's complaint into one line without the
// shell's own prefix: "bash: -c: line 1: syntax error ..." and
// "sh: 1: Syntax error: ..." both become "line 1: ...".
func syntaxMessage(stderr string, job shellJob) string {
	var parts []string
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		for _, prefix := range []string{job.path + ": ", job.shell + ": ", filepath.Base(job.shell) + ": ", "-c: "} {
			line = strings.TrimPrefix(line, prefix)
		}
		if line == "" {
			continue
		}
		if i := strings.Index(line, ": "); i > 0 && isDigits(line[:i]) {
			line = "line " + line
		}
		parts = append(parts, line)
	}
	if len(parts) == 0 {
		return "the shell rejects the command"
	}
	return strings.Join(parts, "; ")
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// lookPath finds name like execvp: a name with a slash is used as is, any
// other on pathEnv (relative entries skipped). The error says what is wrong
// ("not found on PATH", "is not executable").
func lookPath(name, pathEnv string) (string, error) {
	if strings.Contains(name, "/") {
		if err := executable(name); err != nil {
			return "", err
		}
		return name, nil
	}
	for _, dir := range filepath.SplitList(pathEnv) {
		if !filepath.IsAbs(dir) {
			continue
		}
		p := filepath.Join(dir, name)
		if executable(p) == nil {
			return p, nil
		}
	}
	return "", errors.New("is not found on PATH")
}

// executable reports why path is not an executable file, or nil.
func executable(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return errors.New("does not exist")
	case fi.IsDir():
		return errors.New("is a directory")
	case fi.Mode()&0o111 == 0:
		return errors.New("is not executable")
	}
	return nil
}
