package engine

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/trust"
	"github.com/hookexec/hookexec/internal/verdict"
)

// printEnv is an exec-form hook printing its environment, NUL-separated.
func printEnv(env map[string]string) hook {
	h := hook{"type": "command", "command": "env", "args": []string{"-0"}}
	if env != nil {
		h["env"] = env
	}
	return h
}

func TestHookEnvironment(t *testing.T) {
	t.Parallel()
	events := map[string][]def{"PreToolUse": {group(printEnv(map[string]string{
		"MODE":                "strict", // overrides the parent's
		"HOOKEXEC_SESSION_ID": "mine",   // overrides hookexec's own
	}))}}
	f := load(t, "BeforeTool", events, `{"tool_name":"x","session_id":"s-1"}`, planner.Options{})
	e := f.engine(runner.Options{})
	e.Environ = append(os.Environ(), "HOOKEXEC_DEPTH=3", "MODE=lenient", "PARENT_ONLY=kept")
	e.Depth = 3

	v := e.Run(t.Context(), f.plan, f.input)

	require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v))
	env := envMap(v.Hooks[0].Stdout)
	for name, want := range map[string]string{
		"HOOKEXEC_EVENT":       "PreToolUse", // the key it was registered under
		"HOOKEXEC_DEPTH":       "4",          // inherited + 1
		"HOOKEXEC_PROJECT_DIR": f.dir,
		"CLAUDE_PROJECT_DIR":   f.dir,
		"GEMINI_PROJECT_DIR":   f.dir,
		"LLXPRT_PROJECT_DIR":   f.dir,
		"GEMINI_CWD":           f.dir, // its working directory (the project)
		"HOOKEXEC_CWD":         f.dir, // the input's cwd (filled in)
		"GEMINI_SESSION_ID":    "s-1",
		"HOOKEXEC_SESSION_ID":  "mine",
		"MODE":                 "strict",
		"PARENT_ONLY":          "kept",
	} {
		assert.Equal(t, want, env[name], name)
	}
}

// TestHookEnvCannotSetReservedVariables: a hook's env wins over hookexec's
// variables, but it can neither reset the recursion guard nor trust a
// project for a hookexec it runs (SPEC §2.4, §4.3). The registry drops such
// entries with a warning; the engine enforces the rule for any hook.
func TestHookEnvCannotSetReservedVariables(t *testing.T) {
	t.Parallel()
	h := &registry.Hook{
		EventKey: "BeforeTool", Command: "true", Dialect: registry.Native,
		Env: map[string]string{DepthVar: "0", trust.EnvVar: "1", "MODE": "strict"},
	}
	step := planner.Step{Hook: h, Shell: "sh"}
	tests := []struct {
		name      string
		parent    []string
		wantTrust []string
	}{
		{name: "no trust in the parent", parent: []string{"HOOKEXEC_DEPTH=1", "HOOKEXEC_DEPTH=2"}},
		{name: "the parent's trust passed on", parent: []string{"HOOKEXEC_DEPTH=2", "HOOKEXEC_TRUST_PROJECT=sha256:abc"}, wantTrust: []string{"sha256:abc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := &Engine{ProjectDir: t.TempDir(), Environ: tt.parent, Depth: 2}
			in, err := event.ParseInput(nil, time.Now(), e.ProjectDir)
			require.NoError(t, err)

			spec := e.shared(in).specFor(step, nil)

			values := map[string][]string{}
			for _, kv := range spec.Env {
				name, value, _ := cutEnv(kv)
				values[name] = append(values[name], value)
			}
			assert.Equal(t, []string{"3"}, values[DepthVar], "inherited + 1, once, whatever the hook's env says")
			assert.Equal(t, tt.wantTrust, values[trust.EnvVar])
			assert.Equal(t, []string{"strict"}, values["MODE"], "the rest of the hook's env still applies")
		})
	}
	assert.Equal(t, "1", h.Env[trust.EnvVar], "the hook itself is not changed")
}

func TestDepth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		value string
		want  int
	}{
		{"", 0},
		{"  ", 0},
		{"0", 0},
		{"3", 3},
		{" 7 ", 7},
		{"8", 8},
		{"12", 12},
		// Anything else counts as the limit reached, so a corrupted
		// counter cannot restart a recursion.
		{"abc", MaxDepth},
		{"-1", MaxDepth},
		{"1.5", MaxDepth},
		{"99999999999999999999", MaxDepth},
		{"0x10", MaxDepth},
	}
	for _, tt := range tests {
		got := Depth(func(name string) string {
			if name == DepthVar {
				return tt.value
			}
			return ""
		})
		assert.Equal(t, tt.want, got, "HOOKEXEC_DEPTH=%q", tt.value)
	}
}

// TestHookWorkingDirectory: native hooks run in the project directory
// whatever the input's cwd, so a relative script path cannot resolve
// against wherever the agent has cd'd to; agent dialects run in the input's
// cwd when it is an existing directory, else in the project directory
// (SPEC §4.2). GEMINI_CWD is the hook's working directory, HOOKEXEC_CWD the
// input's cwd (SPEC §4.3).
func TestHookWorkingDirectory(t *testing.T) {
	t.Parallel()
	elsewhere := t.TempDir()
	file := filepath.Join(elsewhere, "a-file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	tests := []struct {
		name    string
		cwd     any  // the input's cwd; nil: not set (hookexec's own wd is filled in)
		project bool // agent dialects: the project directory is expected
		hookCwd string
	}{
		{name: "the input's cwd when it is a directory", cwd: elsewhere, hookCwd: elsewhere},
		{name: "the project dir when cwd does not exist", cwd: filepath.Join(elsewhere, "missing"), project: true, hookCwd: filepath.Join(elsewhere, "missing")},
		{name: "the project dir when cwd is a file", cwd: file, project: true, hookCwd: file},
		{name: "the project dir when cwd is not a string", cwd: 42, project: true},
		{name: "the project dir when cwd is empty", cwd: "", project: true},
	}
	for _, tt := range tests {
		for _, dialect := range []registry.Dialect{registry.Native, registry.Dialect("claude"), registry.Dialect("gemini"), registry.Dialect("llxprt")} {
			t.Run(string(dialect)+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				input := `{"cwd":` + string(mustJSON(t, tt.cwd)) + `}`
				pwd := hook{"type": "command", "command": "pwd", "args": []string{"-P"}}
				f := loadDialect(t, dialect, "BeforeAgent", map[string][]def{"BeforeAgent": {group(pwd, printEnv(nil))}}, input, planner.Options{})
				v := f.run(t)

				require.Equal(t, []verdict.Outcome{verdict.Success, verdict.Success}, outcomes(v))
				want := elsewhere
				if tt.project || dialect == registry.Native {
					want = f.dir
				}
				physical, err := filepath.EvalSymlinks(want)
				require.NoError(t, err)
				assert.Equal(t, physical+"\n", v.Hooks[0].Stdout)
				env := envMap(v.Hooks[1].Stdout)
				assert.Equal(t, want, env["GEMINI_CWD"], "GEMINI_CWD is the hook's working directory")
				assert.Equal(t, tt.hookCwd, env["HOOKEXEC_CWD"], "HOOKEXEC_CWD is the input's cwd")
			})
		}
	}
}

func TestExecFormPlaceholders(t *testing.T) {
	t.Parallel()
	h := hook{
		"type":    "command",
		"command": "${PRINTER}",
		"args":    []string{"%s|", "${GREETING}", "${HOOKEXEC_EVENT}", "${UNSET_HOOKEXEC_TEST_VAR}", "$HOME", "${GREETING}-${GREETING}", "${unclosed"},
		"env":     map[string]string{"PRINTER": "printf", "GREETING": "hi"},
	}
	f := load(t, "AfterTool", map[string][]def{"PostToolUse": {group(h)}}, `{"tool_name":"x"}`, planner.Options{})

	v := f.run(t)

	require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v), "error: %s", v.Hooks[0].Error)
	assert.Equal(t, "hi|PostToolUse||$HOME|hi-hi|${unclosed|", v.Hooks[0].Stdout)
}

func TestShellFormIsNotExpandedByHookexec(t *testing.T) {
	t.Parallel()
	h := hook{"type": "command", "command": `printf '%s' '${GREETING}'`, "env": map[string]string{"GREETING": "hi"}}
	f := load(t, "AfterTool", map[string][]def{"AfterTool": {group(h)}}, "", planner.Options{})

	v := f.run(t)

	require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v))
	assert.Equal(t, "${GREETING}", v.Hooks[0].Stdout, "the shell, not hookexec, interprets a shell-form command")
}
