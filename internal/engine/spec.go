package engine

import (
	"os"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/trust"
)

// DepthVar is the environment variable that counts nested hookexec runs.
const DepthVar = "HOOKEXEC_DEPTH"

// MaxDepth is the inherited depth at which fire refuses to run hooks.
const MaxDepth = 8

// Depth parses the inherited HOOKEXEC_DEPTH: 0 when unset or blank. A value
// that is not a non-negative decimal integer that fits an int (garbage,
// negative, overflowing) counts as MaxDepth, so a recursion cannot be
// restarted by corrupting the counter.
func Depth(getenv func(string) string) int {
	s := strings.TrimSpace(getenv(DepthVar))
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return MaxDepth
	}
	return n
}

// shared is what every hook of one run has in common (SPEC §4.2, §4.3):
// the two working directories, the depth a hook sees and the environment
// before the hook's event key, working directory and own env. Sequential
// chaining never changes cwd or session_id, so it is computed once per run.
type shared struct {
	// projectDir is where native and project hooks run; agentDir where
	// other agent-dialect hooks run: the input's cwd if it is an existing
	// directory, else the project directory.
	projectDir, agentDir string
	depth                string
	env                  []string
	// copies are the trusted copies of the files project hooks execute
	// (spec_copies.go); nil: hooks run the working tree's files.
	copies *trust.Copies
	// programs are the shells the planner found (programs.go).
	programs programs
}

func (e *Engine) shared(in *event.Input) shared {
	cwd, _ := in.String("cwd")
	agentDir := e.ProjectDir
	if isDir(cwd) {
		agentDir = cwd
	}
	sessionID, _ := in.String("session_id")
	// The input's strings reach every hook's environment: made safe, or one
	// NUL or an overlong id would make every hook a spawn_error, and a
	// guard fail open (the directories are existing ones: no NUL, within
	// the system's path limit).
	cwd, sessionID = e.inputEnvValue("cwd", cwd), e.inputEnvValue("session_id", sessionID)
	return shared{projectDir: e.ProjectDir, agentDir: agentDir, copies: e.copies, programs: e.programs, depth: strconv.Itoa(e.Depth + 1), env: OverlayEnv(e.Environ, map[string]string{
		"HOOKEXEC_PROJECT_DIR": e.ProjectDir,
		"HOOKEXEC_CWD":         cwd,
		"HOOKEXEC_SESSION_ID":  sessionID,
	}, agents.Env(e.ProjectDir, sessionID))}
}

// dir is the working directory of a hook (SPEC §4.2): native hooks run in
// the project directory, so a relative script path means the project's
// script wherever the agent has cd'd to. So do a project's hooks in any
// dialect: trust pins their relative paths against the project root, and
// the input's cwd, which the model moves with cd, would run another,
// unpinned file (SPEC §2.4). Other agent-dialect hooks keep the
// agents' rule.
func (sh shared) dir(h *registry.Hook) string {
	if h.FromProject || h.Dialect.RunsInProjectDir() {
		return sh.projectDir
	}
	return sh.agentDir
}

// specFor builds the process spec of one step. The hook's own env wins over
// hookexec's variables except two it cannot set (SPEC §2.4, §4.3):
// HOOKEXEC_DEPTH, so that a hook cannot reset the recursion guard, and
// HOOKEXEC_TRUST_PROJECT, so that a hook cannot trust a project for a
// hookexec it runs (the parent's value, if any, is passed on).
func (sh shared) specFor(step planner.Step, stdin []byte) runner.Spec {
	h := step.Hook
	if h.HTTP != nil {
		return sh.httpSpec(step, stdin)
	}
	dir := sh.dir(h)
	env := OverlayEnv(sh.env,
		map[string]string{"HOOKEXEC_EVENT": h.EventKey}, agents.CwdEnv(dir),
		withoutVar(h.Env, trust.EnvVar),
		map[string]string{DepthVar: sh.depth})
	var argv []string
	if h.ExecForm {
		argv = expandArgv(h.Command, h.Args, envLookup(env))
	} else {
		// The words an agent's own quoting makes inside "..." where it
		// pastes a variable (registry.PastedEnv: Gemini CLI).
		if pasted := registry.PastedEnv(h.Dialect, h.Command, envLookup(env)); pasted != nil {
			env = OverlayEnv(env, pasted)
		}
		argv = registry.ShellArgv(step.Shell, h.Command)
	}
	argv = sh.withCopies(h, step.Shell, argv)
	argv, env = sh.withSetupCopies(h, step.Shell, argv, env)
	return runner.Spec{Argv: argv, Program: sh.programs.program(argv), Dir: dir, Env: env, Timeout: step.Timeout, Stdin: stdin}
}

// OverlayEnv returns base ("NAME=value") with the overlays applied in order
// (later wins), without duplicate names.
func OverlayEnv(base []string, overlays ...map[string]string) []string {
	n := 0
	for _, o := range overlays {
		n += len(o)
	}
	// Sized once: grown entry by entry, the map was most of the cost of
	// preparing a hook's spawn.
	out := make([]string, 0, len(base)+n)
	over := make(map[string]string, n)
	for _, o := range overlays {
		for k, v := range o {
			over[k] = v
		}
	}
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		if _, ok := over[name]; !ok {
			out = append(out, kv)
		}
	}
	for k, v := range over {
		out = append(out, k+"="+v)
	}
	return out
}

// withoutVar returns env without name; env itself when it lacks it.
func withoutVar(env map[string]string, name string) map[string]string {
	if _, ok := env[name]; !ok {
		return env
	}
	out := make(map[string]string, len(env)-1)
	for k, v := range env {
		if k != name {
			out[k] = v
		}
	}
	return out
}

func envLookup(env []string) func(string) string {
	return func(name string) string {
		for i := len(env) - 1; i >= 0; i-- {
			if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
				return v
			}
		}
		return ""
	}
}

func isDir(path string) bool {
	if path == "" {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
