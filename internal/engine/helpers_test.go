package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// def is one hook definition of a config file, hook one of its hooks; both
// are marshalled as they are, so tests write configs in the file's own terms.
type (
	def  = map[string]any
	hook = map[string]any
)

// cmd is a shell-form hook.
func cmd(command string) hook {
	return hook{"type": "command", "command": command}
}

// named is a shell-form hook with a name.
func named(name, command string) hook {
	return hook{"type": "command", "name": name, "command": command}
}

// group is a definition holding hooks.
func group(hooks ...hook) def {
	return def{"hooks": hooks}
}

// sequential is a definition with "sequential": true.
func sequential(hooks ...hook) def {
	return def{"sequential": true, "hooks": hooks}
}

// configFile writes {"hooks": events} as a native config in dir.
func configFile(t testing.TB, dir string, events map[string][]def) string {
	t.Helper()
	data, err := json.Marshal(map[string]any{"hooks": events})
	require.NoError(t, err)
	path := filepath.Join(dir, "hooks.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

// fixture is a loaded plan and its input, ready to run.
type fixture struct {
	dir   string // the test's temp dir (also the project directory)
	plan  planner.Plan
	input *event.Input
}

// load writes the config, loads it with registry.Load, parses input (a
// JSON object; "" means {}) and builds the plan for eventName with opts.
func load(t testing.TB, eventName string, events map[string][]def, input string, opts planner.Options) fixture {
	t.Helper()
	return loadDialect(t, "", eventName, events, input, opts)
}

// loadDialect is load with the config read in dialect ("": native, as its
// location says).
func loadDialect(t testing.TB, dialect registry.Dialect, eventName string, events map[string][]def, input string, opts planner.Options) fixture {
	t.Helper()
	dir := t.TempDir()
	path := configFile(t, dir, events)
	reg, err := registry.Load(registry.Options{Configs: []string{path}, Dialect: dialect, Getenv: func(string) string { return "" }})
	require.NoError(t, err)
	require.Empty(t, reg.Warnings, "the test config is valid")
	ev, ok := event.ByKey(eventName)
	require.True(t, ok, "event %s", eventName)
	in, err := event.ParseInput([]byte(input), time.Now(), dir)
	require.NoError(t, err)
	if opts.ProjectDir == "" {
		opts.ProjectDir = dir
	}
	return fixture{dir: dir, plan: planner.Build(reg, ev, in, opts), input: in}
}

// engine returns an Engine for f with a fresh runner and the test's
// environment; HOOKEXEC_DEPTH of the surrounding process is ignored.
func (f fixture) engine(opts runner.Options) *Engine {
	return &Engine{
		Runner:     runner.New(opts),
		ProjectDir: f.dir,
		Environ:    os.Environ(),
		Log:        zerolog.Nop(),
	}
}

// run runs the plan with default runner options.
func (f fixture) run(t testing.TB) verdict.Verdict {
	t.Helper()
	return f.engine(runner.Options{}).Run(context.Background(), f.plan, f.input)
}

// path is a file in the fixture's dir.
func (f fixture) path(name string) string { return filepath.Join(f.dir, name) }

// outcomes lists the hooks' outcomes in report order.
func outcomes(v verdict.Verdict) []verdict.Outcome {
	out := make([]verdict.Outcome, len(v.Hooks))
	for i, h := range v.Hooks {
		out[i] = h.Outcome
	}
	return out
}

// names lists the hooks' names in report order.
func names(v verdict.Verdict) []string {
	out := make([]string, len(v.Hooks))
	for i, h := range v.Hooks {
		out[i] = h.Name
	}
	return out
}

// readJSON decodes the JSON object in file.
func readJSON(t testing.TB, file string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	var obj map[string]any
	require.NoError(t, json.Unmarshal(data, &obj), "content: %q", data)
	return obj
}

// decode decodes the JSON document s.
func decode(t testing.TB, s string) any {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(s), &v), "JSON: %q", s)
	return v
}

// envMap parses `env -0` output.
func envMap(s string) map[string]string {
	m := map[string]string{}
	for _, kv := range strings.Split(s, "\x00") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return m
}

// exists reports whether path exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// q single-quotes s for the shell.
func q(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withTimeout sets the hook's timeout (a duration string).
func withTimeout(h hook, d string) hook {
	h["timeout"] = d
	return h
}

// runnerOptsFast shortens the kill grace for hooks that time out.
var runnerOptsFast = runner.Options{KillGrace: 500 * time.Millisecond}

// mustJSON marshals v.
func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

// cutEnv splits "NAME=value".
func cutEnv(kv string) (name, value string, ok bool) {
	return strings.Cut(kv, "=")
}
