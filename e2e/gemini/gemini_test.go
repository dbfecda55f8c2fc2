//go:build e2e && unix

// Package gemini is the Gemini CLI half of the end-to-end suite (make e2e):
// each scenario fires one event through the real hook engine of
// @google/gemini-cli-core (driver.mjs), once with the policies as Gemini's
// own hooks and once with hookexec as Gemini's one hook reading the same
// policies, and compares what Gemini does.
package gemini

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
)

// deliberate maps a scenario to the facts where hookexec differs from
// Gemini CLI on purpose, and why (docs/differences.md lists each, under "Where
// hookexec deliberately differs"). Every other fact must agree.
var deliberate = map[string]compare.Deliberate{
	"BeforeTool 1.5 MB JSON answer": {Facts: []string{"messages shown", "outcome", "reason", "systemMessage", "warnings"},
		Why: "a policy's stdout is capped at --max-output (1 MiB); an answer cut there is lost, and hookexec says so"},
	"BeforeTool policy times out": {Facts: []string{"gave up"},
		Why: "hookexec stops a policy at its timeout (SIGTERM, SIGKILL after the grace); Gemini waits until it ends by itself"},
	"BeforeTool policy ignores SIGTERM": {Facts: []string{"gave up"},
		Why: "as for the timeout; Gemini never sends SIGKILL"},
	"BeforeTool background child keeps stdout open": {Facts: []string{"gave up"},
		Why: "hookexec reads a policy's output until 250 ms after it exits; Gemini waits until every process holding the pipe has ended"},
}

// sessionID is the session Gemini reports to every hook.
const sessionID = "e2e-session-7"

// concurrency is how many scenarios run at once (each runs node twice).
const concurrency = 3

type env struct {
	bin         string // the hookexec binary
	nodeModules string
	out         string // $HOOKEXEC_E2E_OUT/gemini
	driver      string
	base        string // scratch root: projects and HOMEs
}

// hookexecHooks is the one place that installs hookexec as Gemini's hook,
// as docs/agents/gemini.md and docs/agents.md say ("Keeping an existing Claude Code or
// Gemini CLI config"): the policies move to <project>/.gemini/hooks.json
// (read in the gemini dialect because of where it is), and settings.json
// keeps one hookexec entry per event, named "hookexec", with a timeout of
// 120000 ms. It writes that file and returns the settings "hooks" object.
func hookexecHooks(bin, project string, policies map[string]any) (map[string]any, error) {
	file := filepath.Join(project, ".gemini", "hooks.json")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(map[string]any{"hooks": policies}, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return nil, err
	}
	settings := map[string]any{}
	for event := range policies {
		// As docs/agents.md says: unquoted, because Gemini CLI pastes the
		// project directory into the command text already quoted.
		command := shellQuote(bin) + " fire " + event + " --format gemini --config $GEMINI_PROJECT_DIR/.gemini/hooks.json"
		settings[event] = []any{map[string]any{"hooks": []any{map[string]any{
			"name": "hookexec", "type": "command", "command": command, "timeout": 120000,
		}}}}
	}
	return settings, nil
}

// policy is one shell script in the project directory, <name>.sh. Every
// policy first records that it ran (ran.log) and what it got (in.<name>.json).
type policy struct {
	name string
	body string
}

// hook is one hook of a definition: the policy's script by its quoted path,
// or command verbatim but for {project}, the quoted project directory.
type hook struct {
	policy  string
	command string
	name    string
	timeout int
}

type definition struct {
	matcher    string
	sequential bool
	hooks      []hook
}

type scenario struct {
	name     string
	event    string
	args     map[string]any
	policies []policy
	defs     []definition
	space    bool // the project directory's path holds a space
	timing   bool // record how long Gemini waited
}

func TestGemini(t *testing.T) {
	e := setup(t)
	scenarios := scenarios()
	rows := make([]compare.Row, len(scenarios))
	workers := make(chan *worker, concurrency)
	for i := range concurrency {
		workers <- e.startWorker(t, i)
	}
	t.Run("scenarios", func(t *testing.T) {
		for i, s := range scenarios {
			t.Run(s.name, func(t *testing.T) {
				t.Parallel()
				w := <-workers
				defer func() { workers <- w }()
				row := compare.Row{Scenario: s.name, Deliberate: deliberate[s.name]}
				row.Direct = e.run(t, w, s, "direct")
				row.Through = e.run(t, w, s, "through")
				rows[i] = row
				if p := row.Problem(); p != "" {
					t.Error(p)
				}
			})
		}
	})
	for range concurrency {
		(<-workers).stop()
	}
	var done []compare.Row
	for _, r := range rows {
		if r.Scenario != "" {
			done = append(done, r)
		}
	}
	var b bytes.Buffer
	require.NoError(t, compare.WriteTable(&b, done))
	table := filepath.Join(filepath.Dir(e.out), "gemini.md")
	require.NoError(t, os.WriteFile(table, b.Bytes(), 0o644))
	t.Logf("comparison table: %s", table)
}

func setup(t *testing.T) env {
	t.Helper()
	return setupIn(t, "gemini")
}

// setupIn is setup with the details of the runs in OUT/name.
func setupIn(t *testing.T, name string) env {
	t.Helper()
	e := env{
		bin:         os.Getenv("HOOKEXEC_E2E_BIN"),
		nodeModules: os.Getenv("HOOKEXEC_E2E_NODE_MODULES"),
		out:         os.Getenv("HOOKEXEC_E2E_OUT"),
	}
	if e.bin == "" || e.nodeModules == "" || e.out == "" {
		t.Skip("HOOKEXEC_E2E_BIN, HOOKEXEC_E2E_NODE_MODULES and HOOKEXEC_E2E_OUT are unset: run make e2e")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is needed: %v", err)
	}
	var err error
	e.driver, err = filepath.Abs("driver.mjs")
	require.NoError(t, err)
	e.out = filepath.Join(e.out, name)
	require.NoError(t, os.RemoveAll(e.out))
	require.NoError(t, os.MkdirAll(e.out, 0o755))
	e.base = t.TempDir()
	return e
}

// run runs one scenario in one mode ("direct" or "through") and returns
// what Gemini did.
func (e env) run(t *testing.T, w *worker, s scenario, mode string) compare.Facts {
	t.Helper()
	parent := filepath.Join(e.base, "projects")
	if s.space {
		parent = filepath.Join(e.base, "project dirs")
	}
	project := filepath.Join(parent, slug(s.name))
	require.NoError(t, os.MkdirAll(project, 0o755))
	for _, p := range s.policies {
		require.NoError(t, os.WriteFile(filepath.Join(project, p.name+".sh"), []byte(script(p)), 0o755))
	}
	for _, pattern := range []string{"ran.log", "in.*.json", "*.out"} {
		old, _ := filepath.Glob(filepath.Join(project, pattern))
		for _, f := range old {
			require.NoError(t, os.Remove(f))
		}
	}

	policies := s.settings(project)
	hooks := policies
	if mode == "through" {
		var err error
		hooks, err = hookexecHooks(e.bin, project, policies)
		require.NoError(t, err)
	}
	job, err := json.Marshal(map[string]any{
		"projectDir": project, "sessionId": sessionID, "hooks": hooks, "event": s.event, "args": s.args,
	})
	require.NoError(t, err)

	raw, err := w.do(job)
	require.NoError(t, err, "driver.mjs failed; see its stderr in %s", e.out)
	dir := filepath.Join(e.out, slug(s.name))
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, mode+".json"), raw, 0o644))

	var out driverOutput
	require.NoError(t, json.Unmarshal(raw, &out))
	require.Empty(t, out.DriverError)
	return facts(s, out, project, strings.NewReplacer(project, "<project>", w.home, "<home>", e.base, "<tmp>"))
}

// worker is one driver.mjs process (loading the engine takes seconds, so a
// driver runs many jobs, one after another), in a process group of its own
// with a scratch HOME.
type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	home   string
}

func (e env) startWorker(t *testing.T, i int) *worker {
	t.Helper()
	w := &worker{home: filepath.Join(e.base, fmt.Sprintf("home%d", i))}
	require.NoError(t, os.MkdirAll(w.home, 0o755))
	stderr, err := os.Create(filepath.Join(e.out, fmt.Sprintf("driver%d.stderr", i)))
	require.NoError(t, err)
	t.Cleanup(func() { _ = stderr.Close() })
	w.cmd = exec.Command("node", e.driver)
	w.cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + w.home,
		"LANG=C.UTF-8",
		"TMPDIR=" + os.TempDir(),
		"HOOKEXEC_E2E_NODE_MODULES=" + e.nodeModules,
	}
	w.cmd.Stderr = stderr
	w.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	w.stdin, err = w.cmd.StdinPipe()
	require.NoError(t, err)
	out, err := w.cmd.StdoutPipe()
	require.NoError(t, err)
	w.stdout = bufio.NewReader(out)
	require.NoError(t, w.cmd.Start())
	return w
}

// do runs one job and returns the driver's answer. A job that takes more
// than 90 s ends the worker.
func (w *worker) do(job []byte) ([]byte, error) {
	stuck := time.AfterFunc(90*time.Second, w.kill)
	defer stuck.Stop()
	if _, err := w.stdin.Write(append(job, '\n')); err != nil {
		return nil, err
	}
	return w.stdout.ReadBytes('\n')
}

// stop ends the driver and whatever is left in its process group: hooks
// Gemini gave up on without killing them.
func (w *worker) stop() {
	_ = w.stdin.Close()
	done := make(chan struct{})
	go func() { _ = w.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
	}
	w.kill()
	<-done
}

func (w *worker) kill() { _ = syscall.Kill(-w.cmd.Process.Pid, syscall.SIGKILL) }

// script is a policy's file: record the run and the input, then the body.
func script(p policy) string {
	return "#!/bin/bash\n" +
		`d="$(cd "$(dirname "$0")" && pwd)"` + "\n" +
		`echo ` + p.name + ` >> "$d/ran.log"` + "\n" +
		`input="$(cat)"` + "\n" +
		`printf '%s' "$input" > "$d/in.` + p.name + `.json"` + "\n" +
		p.body + "\n"
}

// settings is the scenario's "hooks" object for settings.json, with each
// policy's path quoted for the shell.
func (s scenario) settings(project string) map[string]any {
	var defs []any
	for _, d := range s.defs {
		var hooks []any
		for _, h := range d.hooks {
			command := strings.ReplaceAll(h.command, "{project}", shellQuote(project))
			if command == "" {
				command = shellQuote(filepath.Join(project, h.policy+".sh"))
			}
			m := map[string]any{"type": "command", "command": command}
			if h.name != "" {
				m["name"] = h.name
			}
			if h.timeout != 0 {
				m["timeout"] = h.timeout
			}
			hooks = append(hooks, m)
		}
		def := map[string]any{"hooks": hooks}
		if d.matcher != "" {
			def["matcher"] = d.matcher
		}
		if d.sequential {
			def["sequential"] = true
		}
		defs = append(defs, def)
	}
	return map[string]any{s.event: defs}
}

// slug is a scenario's name as a file name: lower case, words joined by "-".
func slug(name string) string {
	return strings.Trim(nonWord.ReplaceAllString(strings.ToLower(name), "-"), "-")
}

var nonWord = regexp.MustCompile(`[^a-z0-9.]+`)

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
