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
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
)

// deliberate maps a scenario to the facts where hookexec differs from
// Gemini CLI on purpose, and why (the README lists each, under "Where
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
// as the README says ("Gemini CLI" and "Keeping an existing Claude Code or
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
		// As the README says: unquoted, because Gemini CLI pastes the
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
	e.out = filepath.Join(e.out, "gemini")
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

// driverOutput is the part of driver.mjs's answer the facts are made of.
type driverOutput struct {
	DriverError string         `json:"driverError"`
	ElapsedMS   int64          `json:"elapsedMs"`
	CLI         map[string]any `json:"cli"`
	Final       *struct {
		SystemMessage     any  `json:"systemMessage"`
		SuppressOutput    any  `json:"suppressOutput"`
		AdditionalContext any  `json:"additionalContext"`
		StopExecution     bool `json:"shouldStopExecution"`
	} `json:"finalOutput"`
	Feedback []struct {
		Severity string `json:"severity"`
		Message  string `json:"message"`
	} `json:"feedback"`
	SystemMessages []struct {
		Message string `json:"message"`
	} `json:"systemMessages"`
}

var failedHooks = regexp.MustCompile(`^Hook\(s\) \[.*\] failed for event (\w+)\.`)

// facts is what Gemini did, in words both runs share.
func facts(s scenario, out driverOutput, project string, paths *strings.Replacer) compare.Facts {
	norm := func(v any) string { return normalize(v, paths) }
	f := compare.Facts{
		"outcome": norm(out.CLI["outcome"]),
	}
	switch s.event {
	case "BeforeTool":
		f["reason"] = norm(out.CLI["error"])
		f["tool_input"] = norm(out.CLI["toolInput"])
		f["asks with"] = norm(out.CLI["hookSystemMessage"])
	case "AfterTool":
		f["model sees"] = norm(out.CLI["llmContent"])
	case "BeforeAgent":
		f["reason"] = norm(out.CLI["reason"])
		f["model sees"] = norm(out.CLI["modelSees"])
	case "AfterAgent":
		f["reason"] = norm(out.CLI["reason"])
		f["next prompt"] = norm(out.CLI["nextPrompt"])
	case "SessionStart":
	case "BeforeModel":
		f["reason"] = norm(out.CLI["reason"])
		f["llm request"] = norm(map[string]any{"model": out.CLI["model"], "config": out.CLI["config"], "contents": out.CLI["contents"]})
	case "BeforeToolSelection":
		f["tool config"] = norm(out.CLI["toolConfig"])
	}
	if out.Final != nil {
		f["systemMessage"] = norm(out.Final.SystemMessage)
		f["context"] = norm(out.Final.AdditionalContext)
		f["suppressOutput"] = fmt.Sprint(truthy(out.Final.SuppressOutput))
		f["stop execution"] = fmt.Sprint(out.Final.StopExecution)
	} else {
		f["systemMessage"], f["context"], f["suppressOutput"], f["stop execution"] = "-", "-", "false", "false"
	}
	var shown []string
	for _, m := range out.SystemMessages {
		shown = append(shown, norm(m.Message))
	}
	f["messages shown"] = list(shown)
	var warnings []string
	for _, fb := range out.Feedback {
		if m := failedHooks.FindStringSubmatch(fb.Message); m != nil {
			warnings = append(warnings, "hook failed on "+m[1])
		} else {
			warnings = append(warnings, fb.Severity+": "+norm(fb.Message))
		}
	}
	f["warnings"] = list(warnings)
	ran, _ := os.ReadFile(filepath.Join(project, "ran.log"))
	names := strings.Fields(string(ran))
	sort.Strings(names)
	f["policies ran"] = list(names)
	outs, _ := filepath.Glob(filepath.Join(project, "*.out"))
	for _, o := range outs {
		data, _ := os.ReadFile(o)
		f[filepath.Base(o)] = paths.Replace(strings.Join(strings.Fields(strings.ReplaceAll(string(data), "\n", " ; ")), " "))
	}
	if s.timing {
		f["gave up"] = waited(out.ElapsedMS)
	}
	return f
}

// waited names how long Gemini waited for the event's hooks. The timing
// scenarios use a 2 s hook timeout, hookexec's kill grace is 1 s under
// --format gemini, and their policies (or what they leave behind) run for
// 12 s or more: the cases are seconds apart.
func waited(ms int64) string {
	switch {
	case ms < 5000:
		return "at the hook timeout (< 5 s)"
	case ms < 10000:
		return "after the timeout and a kill grace (5-10 s)"
	default:
		return "when the policy ended by itself (>= 10 s)"
	}
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, " | ")
}

func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case float64:
		return v != 0
	default:
		return true
	}
}

// normalize turns a value into a short, machine-independent string: JSON
// for structures, the project directory, HOME and the scratch root as
// <project>, <home> and <tmp>, durations as <duration>, long texts as their
// size and markers.
func normalize(v any, paths *strings.Replacer) string {
	var s string
	switch v := v.(type) {
	case nil:
		return "-"
	case string:
		s = strings.TrimSpace(v)
	default:
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Sprintf("%v", v)
		}
		s = string(data)
	}
	if s == "" {
		return "-"
	}
	s = paths.Replace(s)
	s = durations.ReplaceAllString(s, "<duration>")
	if len(s) > 300 {
		marks := markers.FindAllString(s, -1)
		return fmt.Sprintf("%d bytes: %s… markers %v", len(s), s[:60], compare.Unique(marks))
	}
	return s
}

// durations are the times hookexec reports ("killed after 2.056s").
var durations = regexp.MustCompile(`\b\d+(\.\d+)?(ms|s)\b`)

// markers are the policies' words (R-DENY, C-START, ...).
var markers = regexp.MustCompile(`\b[RSCWM]-[A-Z0-9]+\b`)

// A Bash command the model wants to run, for the tool events.
var shellInput = map[string]any{"command": "rm -rf victim/", "description": "clean up"}

func beforeTool(extra map[string]any) map[string]any {
	a := map[string]any{"tool_name": "run_shell_command", "tool_input": shellInput}
	for k, v := range extra {
		a[k] = v
	}
	return a
}

var afterToolArgs = map[string]any{
	"tool_name": "run_shell_command", "tool_input": shellInput,
	"tool_response": map[string]any{"llmContent": "removed victim/", "returnDisplay": "removed victim/"},
}

var llmRequest = map[string]any{
	"model":    "gemini-2.5-pro",
	"config":   map[string]any{"temperature": 0.7},
	"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "clean up the repo"}}}},
}

var toolSelectionRequest = map[string]any{
	"model": "gemini-2.5-pro",
	"config": map[string]any{
		"tools": []any{map[string]any{"functionDeclarations": []any{
			map[string]any{"name": "run_shell_command"}, map[string]any{"name": "read_file"}, map[string]any{"name": "write_file"},
		}}},
		"toolConfig": map[string]any{"functionCallingConfig": map[string]any{"mode": "AUTO"}},
	},
	"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "clean up the repo"}}}},
}

// guardBody records its arguments and the agent's variables, and denies.
const guardBody = `{
  echo "argc=$#"
  for a in "$@"; do echo "arg=$a"; done
  echo "env GEMINI_PROJECT_DIR=${GEMINI_PROJECT_DIR-unset}"
  echo "env GEMINI_CWD=${GEMINI_CWD-unset}"
  echo "env GEMINI_SESSION_ID=${GEMINI_SESSION_ID-unset}"
  echo "env GEMINI_PLANS_DIR=${GEMINI_PLANS_DIR-unset}"
  echo "env CLAUDE_PROJECT_DIR=${CLAUDE_PROJECT_DIR-unset}"
} > "$d/guard.out"
echo '{"decision":"deny","reason":"R-GUARD"}'`

// one is a scenario with one policy, one hook, no matcher.
func one(name, event string, args map[string]any, body string) scenario {
	return scenario{
		name: name, event: event, args: args,
		policies: []policy{{name: "policy", body: body}},
		defs:     []definition{{hooks: []hook{{policy: "policy"}}}},
	}
}

func scenarios() []scenario {
	deny := `echo '{"decision":"deny","reason":"R-DENY"}'`
	allow := `echo '{"decision":"allow"}'`
	return []scenario{
		one("BeforeTool exit 2 with a reason", "BeforeTool", beforeTool(nil), `echo "R-EXIT2 not in this repo" >&2; exit 2`),
		one("BeforeTool exit 2 with no output", "BeforeTool", beforeTool(nil), `exit 2`),
		one("BeforeTool JSON deny", "BeforeTool", beforeTool(nil), deny),
		one("BeforeTool JSON allow", "BeforeTool", beforeTool(nil), allow),
		one("BeforeTool JSON ask", "BeforeTool", beforeTool(nil), `echo '{"decision":"ask","reason":"R-ASK","systemMessage":"S-ASK"}'`),
		one("BeforeTool tool_input rewrite", "BeforeTool", beforeTool(nil),
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"echo safe"}}}'`),
		{
			name: "BeforeTool sequential hooks rewrite tool_input", event: "BeforeTool", args: beforeTool(nil),
			policies: []policy{
				{name: "first", body: `echo '{"hookSpecificOutput":{"tool_input":{"command":"echo first","first":true}}}'`},
				{name: "second", body: `seen="$(printf '%s' "$input" | sed -n 's/.*"command":"\([^"]*\)".*/\1/p')"
echo "$seen" > "$d/second-saw.out"
printf '{"hookSpecificOutput":{"tool_input":{"command":"%s; echo second"}}}\n' "$seen"`},
			},
			defs: []definition{{sequential: true, hooks: []hook{{policy: "first"}, {policy: "second"}}}},
		},
		one("BeforeAgent context", "BeforeAgent", map[string]any{"prompt": "clean up the repo"},
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeAgent","additionalContext":"C-AGENT"}}'`),
		one("BeforeAgent block", "BeforeAgent", map[string]any{"prompt": "clean up the repo"},
			`echo '{"decision":"block","reason":"R-PROMPT"}'`),
		one("SessionStart context", "SessionStart", map[string]any{"source": "startup"},
			`echo '{"systemMessage":"S-START","hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"C-START"}}'`),
		one("AfterTool block and context", "AfterTool", afterToolArgs,
			`echo '{"decision":"block","reason":"R-AFTER","hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"C-AFTER"}}'`),
		one("AfterTool context", "AfterTool", afterToolArgs,
			`echo '{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"C-AFTERTOOL"}}'`),
		one("AfterAgent block", "AfterAgent", map[string]any{"prompt": "clean up the repo", "prompt_response": "done"},
			`echo '{"decision":"block","reason":"R-RETRY run the tests"}'`),
		one("BeforeTool continue false", "BeforeTool", beforeTool(nil), `echo '{"continue":false,"stopReason":"R-STOP"}'`),
		one("AfterAgent continue false", "AfterAgent", map[string]any{"prompt": "clean up the repo", "prompt_response": "done"},
			`echo '{"continue":false,"stopReason":"R-STOP"}'`),
		{
			name: "BeforeTool policy times out", event: "BeforeTool", args: beforeTool(nil), timing: true,
			policies: []policy{{name: "slow", body: "sleep 30\n" + deny}},
			defs:     []definition{{hooks: []hook{{policy: "slow", timeout: 2000}}}},
		},
		{
			name: "BeforeTool policy ignores SIGTERM", event: "BeforeTool", args: beforeTool(nil), timing: true,
			policies: []policy{{name: "stubborn", body: "trap '' TERM\nsleep 12\n" + deny}},
			defs:     []definition{{hooks: []hook{{policy: "stubborn", timeout: 2000}}}},
		},
		{
			// The policy answers at once and leaves a child behind that holds
			// its stdout.
			name: "BeforeTool background child keeps stdout open", event: "BeforeTool", args: beforeTool(nil), timing: true,
			policies: []policy{{name: "background", body: "sleep 12 &\n" + deny}},
			defs:     []definition{{hooks: []hook{{policy: "background"}}}},
		},
		{
			name: "BeforeTool allow and deny", event: "BeforeTool", args: beforeTool(nil),
			policies: []policy{{name: "allow", body: allow}, {name: "deny", body: deny}},
			defs:     []definition{{hooks: []hook{{policy: "allow"}, {policy: "deny"}}}},
		},
		one("BeforeTool deny with systemMessage and context", "BeforeTool", beforeTool(nil),
			`echo '{"decision":"deny","reason":"R-DENY","systemMessage":"S-DENY","hookSpecificOutput":{"hookEventName":"BeforeTool","additionalContext":"C-DENY"}}'`),
		one("BeforeModel llm_request rewrite", "BeforeModel", map[string]any{"llm_request": llmRequest},
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeModel","llm_request":{"model":"gemini-2.5-flash","messages":[{"role":"user","content":"M-REWRITTEN prompt"}],"config":{"temperature":0.1}}}}'`),
		one("BeforeModel block", "BeforeModel", map[string]any{"llm_request": llmRequest},
			`echo '{"decision":"deny","reason":"R-MODEL"}'`),
		one("BeforeToolSelection restricts functions", "BeforeToolSelection", map[string]any{"llm_request": toolSelectionRequest},
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}}'`),
		one("BeforeToolSelection hook says nothing", "BeforeToolSelection", map[string]any{"llm_request": toolSelectionRequest}, `true`),
		{
			name: "BeforeTool $GEMINI_CWD, $GEMINI_SESSION_ID, $GEMINI_PLANS_DIR in the command", event: "BeforeTool", args: beforeTool(nil),
			policies: []policy{{name: "guard", body: guardBody}},
			defs:     []definition{{hooks: []hook{{command: `{project}/guard.sh $GEMINI_CWD $GEMINI_SESSION_ID $GEMINI_PLANS_DIR`}}}},
		},
		{
			name: "BeforeTool $GEMINI_PROJECT_DIR/guard.sh, path with a space", event: "BeforeTool", args: beforeTool(nil), space: true,
			policies: []policy{{name: "guard", body: guardBody}},
			defs:     []definition{{hooks: []hook{{command: `$GEMINI_PROJECT_DIR/guard.sh $GEMINI_CWD $GEMINI_SESSION_ID $GEMINI_PLANS_DIR`}}}},
		},
		one("BeforeTool deny JSON on stderr, exit 0", "BeforeTool", beforeTool(nil),
			`echo '{"decision":"deny","reason":"R-STDERR"}' >&2`),
		{
			name: "Notification with matchers", event: "Notification",
			args: map[string]any{"details": map[string]any{"type": "exec", "title": "Shell", "command": "rm -rf victim/", "rootCommand": "rm"}},
			policies: []policy{
				{name: "other_type", body: `true`}, {name: "permission", body: `true`}, {name: "any", body: `true`},
			},
			defs: []definition{
				{matcher: "SomethingElse", hooks: []hook{{policy: "other_type"}}},
				{matcher: "ToolPermission", hooks: []hook{{policy: "permission"}}},
				{hooks: []hook{{policy: "any"}}},
			},
		},
		{
			name: "BeforeTool input without tool_name, matchers", event: "BeforeTool",
			args: map[string]any{"tool_input": shellInput},
			policies: []policy{
				{name: "shell", body: `true`}, {name: "read", body: `true`}, {name: "all", body: `true`},
			},
			defs: []definition{
				{matcher: "run_shell_command", hooks: []hook{{policy: "shell"}}},
				{matcher: "read_file", hooks: []hook{{policy: "read"}}},
				{hooks: []hook{{policy: "all"}}},
			},
		},
		one(`BeforeTool "decision":"Block"`, "BeforeTool", beforeTool(nil), `echo '{"decision":"Block","reason":"R-CASE"}'`),
		one(`BeforeTool "suppressOutput":"true"`, "BeforeTool", beforeTool(nil), `echo '{"systemMessage":"S-QUIET","suppressOutput":"true"}'`),
		one("BeforeTool bare 42 on stdout", "BeforeTool", beforeTool(nil), `echo 42`),
		one("BeforeTool 1.5 MB JSON answer", "BeforeTool", beforeTool(nil),
			`printf '{"decision":"deny","reason":"R-BIG","padding":"'; head -c 1500000 /dev/zero | tr '\0' x; printf '"}\n'`),
		one("BeforeTool exit 1 failure", "BeforeTool", beforeTool(nil), `echo "W-FAIL could not check" >&2; exit 1`),
	}
}
