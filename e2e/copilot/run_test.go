//go:build e2e && unix

package copilot

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/fakeopenai"
	"github.com/hookexec/hookexec/e2e/harness"
)

// runTimeout bounds one Copilot run.
const runTimeout = 90 * time.Second

// ranDir is where each policy saves the event it got, as NAME.json.
const ranDir = "ran"

// runResult is what one copilot -p run left.
type runResult struct {
	mode, base, project, home string
	events                    []map[string]any // --output-format json, one per line
	stdout, stderr            []byte
	exit                      int
	main                      []fakeopenai.Request
	all                       []fakeopenai.Request
	setup                     string // what install printed (through)
	err                       error
	leftover                  []int
}

// runCopilot runs copilot -p once in a fresh project and home with the
// scenario's policies set up for mode: "direct" as Copilot's own hooks,
// "through" behind hookexec as install sets it up.
func runCopilot(t *testing.T, env e2eEnv, sc scenario, mode string) runResult {
	t.Helper()
	base := t.TempDir()
	project := filepath.Join(base, "project")
	home := filepath.Join(base, "home")
	// COPILOT_HOME away from the home directory: install and Copilot must
	// both follow it.
	copilotHome := filepath.Join(base, "copilot-home")
	ran := filepath.Join(project, ranDir)
	for _, d := range []string{project, ran, filepath.Join(copilotHome, "hooks"), filepath.Join(base, "logs"), filepath.Join(base, "policies")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	for _, p := range sc.policies {
		script := "#!/bin/sh\nRAN='" + ran + "'\ncat >\"$RAN/" + p.name + ".json\"\n" + p.script + "\n"
		require.NoError(t, os.WriteFile(filepath.Join(base, "policies", p.name+".sh"), []byte(script), 0o755))
	}
	policies := hooksFile(base, sc.policies)
	marker := base
	envv := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"LANG=C.UTF-8",
		"TERM=dumb",
		"TMPDIR=" + os.TempDir(),
		"XDG_CACHE_HOME=" + env.cache,
		"COPILOT_HOME=" + copilotHome,
		"COPILOT_OFFLINE=true",
		"COPILOT_AUTO_UPDATE=false",
		"COPILOT_MODEL=fake-model",
		"COPILOT_PROVIDER_API_KEY=dummy",
		"NO_PROXY=127.0.0.1",
		"HOOKEXEC_E2E_RUN=" + marker,
	}
	res := runResult{mode: mode, base: base, project: project, home: home}
	switch {
	case mode == "direct" && sc.project:
		writeJSON(t, filepath.Join(project, ".github", "hooks", "policies.json"), policies)
	case mode == "direct":
		writeJSON(t, filepath.Join(copilotHome, "hooks", "policies.json"), policies)
	default:
		// The policies move out of Copilot's sight into a file hookexec
		// reads in Copilot's dialect (a directory named .copilot); install
		// sets up hookexec's entries for the events they use, and each
		// entry names the file with --config (docs/agents/copilot.md,
		// "Keeping Copilot hooks"): under an agent hookexec ignores
		// HOOKEXEC_CONFIG, which a repository could set.
		moved := filepath.Join(base, "moved", ".copilot", "policies.json")
		writeJSON(t, moved, policies)
		res.setup = install(t, env, sc, project, append(envv, "HOOKEXEC_CONFIG="+moved))
		installed := filepath.Join(copilotHome, "hooks", "hookexec.json")
		if sc.project {
			installed = filepath.Join(project, ".github", "hooks", "hookexec.json")
		}
		withConfig(t, installed, moved)
	}
	srv := fakeopenai.Start(t, fakeopenai.Script{Tools: []fakeopenai.ToolCall{toolCall(sc)}, Final: "done"})
	envv = append(envv, "COPILOT_PROVIDER_BASE_URL="+srv.URL+"/v1")
	args := []string{"-p", "Run the command.", "--output-format", "json", "--allow-all-tools",
		"--disable-client-telemetry", "--log-level", "debug", "--log-dir", filepath.Join(base, "logs")}
	if sc.project {
		args = append(args, "--trust-folder")
	}
	r := harness.Run{Program: env.copilot, Args: args, Dir: project, Env: envv, Marker: marker, Timeout: runTimeout}.Do()
	res.stdout, res.stderr, res.exit, res.err, res.leftover = r.Stdout, r.Stderr, r.Exit, r.Err, r.Leftover
	res.main, res.all = srv.Main(), srv.Requests()
	res.events = harness.JSONLines(res.stdout)
	return res
}

// toolCall is the scenario's scripted tool call.
func toolCall(sc scenario) fakeopenai.ToolCall {
	if sc.call.Name != "" {
		return sc.call
	}
	return fakeopenai.Call("bash", map[string]any{"command": markerCommand, "description": "Write the marker"})
}

// hooksFile is the policies as a Copilot hook file: flat entries under
// camelCase names, Claude's nested definitions under PascalCase ones.
func hooksFile(base string, policies []policy) map[string]any {
	hooks := map[string]any{}
	for _, p := range policies {
		command := filepath.Join(base, "policies", p.name+".sh")
		var entry map[string]any
		if p.event[0] >= 'A' && p.event[0] <= 'Z' {
			h := map[string]any{"type": "command", "command": command}
			if p.timeout > 0 {
				h["timeout"] = p.timeout
			}
			entry = map[string]any{"hooks": []any{h}}
		} else {
			entry = map[string]any{"type": "command", "bash": command}
			if p.timeout > 0 {
				entry["timeoutSec"] = p.timeout
			}
		}
		if p.matcher != "" {
			entry["matcher"] = p.matcher
		}
		list, _ := hooks[p.event].([]any)
		hooks[p.event] = append(list, entry)
	}
	return map[string]any{"version": 1, "hooks": hooks}
}

// install runs hookexec install copilot as a user would: the user scope,
// or the project's with the project directory as the working directory.
func install(t *testing.T, env e2eEnv, sc scenario, project string, envv []string) string {
	t.Helper()
	args := []string{"install", "copilot", "--user"}
	if sc.project {
		args = []string{"install", "copilot", "--project", "--project-dir", project}
	}
	cmd := exec.Command(env.bin, args...)
	cmd.Dir = project
	cmd.Env = envv
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "hookexec %v: %s", args, out)
	return string(out)
}

// withConfig adds --config FILE to the command of each entry of the hook
// file at path (hookexec's, as install wrote it).
func withConfig(t *testing.T, path, file string) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(b, &doc))
	hooks, _ := doc["hooks"].(map[string]any)
	require.NotEmpty(t, hooks, "install wrote no entries: %s", b)
	for _, entries := range hooks {
		for _, e := range entries.([]any) {
			entry := e.(map[string]any)
			for _, key := range []string{"bash", "powershell"} {
				if c, ok := entry[key].(string); ok {
					entry[key] = c + " --config '" + file + "'"
				}
			}
		}
	}
	writeJSON(t, path, doc)
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o644))
}
