//go:build e2e && unix

package codex

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
	"github.com/hookexec/hookexec/e2e/fakeopenai"
	"github.com/hookexec/hookexec/e2e/harness"
	"github.com/hookexec/hookexec/internal/agents/codex"
)

// runTimeout bounds one codex exec.
const runTimeout = 2 * time.Minute

// policy is one hook of a scenario: a shell script in policies/, run as
// Codex's own hook or through hookexec.
type policy struct {
	event   string
	matcher string // "" for none
	name    string // policies/NAME.sh
	body    string // the script after saving its input
	timeout int    // seconds; 0 for Codex's default
	// command replaces the hook's command ({policy} is the script's path
	// relative to the project); "" runs the script by its absolute path.
	command string
}

type scenario struct {
	name     string
	policies []policy
	script   []fakeopenai.ToolCall // the model's tool calls, before its final answer
}

// baseConfig is Codex's config.toml for a run: the fake model, no
// approvals, no sandbox, nothing fetched from the internet (the notes on
// running Codex headless).
func baseConfig(url string) string {
	return `model = "gpt-5.5"
model_provider = "fake"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false
web_search = "disabled"

[model_providers.fake]
name = "fake"
base_url = "` + url + `"
env_key = "HOOKEXEC_E2E_FAKE_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[features]
plugins = false
remote_plugin = false
apps = false

[analytics]
enabled = false

[feedback]
enabled = false

[otel]
exporter = "none"
`
}

// hooksFile is the policies as a Codex hooks.json.
func hooksFile(project string, ps []policy) []byte {
	hooks := map[string][]any{}
	for _, p := range ps {
		command := shellQuote(filepath.Join(project, "policies", p.name+".sh"))
		if p.command != "" {
			command = strings.ReplaceAll(p.command, "{policy}", "policies/"+p.name+".sh")
		}
		h := map[string]any{"type": "command", "command": command}
		if p.timeout > 0 {
			h["timeout"] = p.timeout
		}
		g := map[string]any{"hooks": []any{h}}
		if p.matcher != "" {
			g["matcher"] = p.matcher
		}
		hooks[p.event] = append(hooks[p.event], g)
	}
	data, _ := json.MarshalIndent(map[string]any{"hooks": hooks}, "", "  ")
	return data
}

// run runs one scenario in one mode ("direct" or "through") and returns
// what Codex did.
func (e env) run(t *testing.T, s scenario, mode string) compare.Facts {
	t.Helper()
	dir := filepath.Join(e.base, harness.Slug(s.name), mode)
	home, codexHome, project := filepath.Join(dir, "home"), filepath.Join(dir, "codex-home"), filepath.Join(dir, "project")
	for _, d := range []string{home, codexHome, filepath.Join(project, "victim"), filepath.Join(project, "policies")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(project, "victim", "data.txt"), []byte("keep me\n"), 0o644))
	for _, p := range s.policies {
		script := "#!/bin/sh\nmkdir -p '" + project + "/ran'\ncat > '" + project + "/ran/" + p.name + ".json'\nexec < '" + project + "/ran/" + p.name + ".json'\n" + p.body + "\n"
		require.NoError(t, os.WriteFile(filepath.Join(project, "policies", p.name+".sh"), []byte(script), 0o755))
	}
	fake, err := fakeopenai.Listen(fakeopenai.Script{Tools: s.script, Final: finalText, Model: "gpt-5.5"})
	require.NoError(t, err)
	defer func() { _ = fake.Close() }()
	config := filepath.Join(codexHome, "config.toml")
	require.NoError(t, os.WriteFile(config, []byte(baseConfig(fake.URL+"/v1")), 0o600))

	runEnv := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "CODEX_HOME=" + codexHome, "TERM=dumb", "SHELL=/bin/sh",
		"HOOKEXEC_E2E_FAKE_KEY=dummy", "HOOKEXEC_E2E_RUN=" + dir}
	switch mode {
	case "direct", "untrusted":
		file := filepath.Join(project, ".codex", "hooks.json")
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		data := hooksFile(project, s.policies)
		require.NoError(t, os.WriteFile(file, data, 0o644))
		trust := directTrust(t, project, file, data)
		if mode == "untrusted" {
			// The project is trusted, its hooks are not.
			trust, _, _ = strings.Cut(trust, "[hooks.state.")
		}
		require.NoError(t, appendFile(config, trust))
	default:
		// The same policies, in a file of the codex dialect (a directory
		// named .codex) that hookexec reads; .codex/hooks.json holds only
		// what install writes, trusted by install.
		file := filepath.Join(project, "policies", ".codex", "hooks.json")
		require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
		require.NoError(t, os.WriteFile(file, hooksFile(project, s.policies), 0o644))
		runEnv = append(runEnv, "HOOKEXEC_CONFIG="+file)
		install := exec.Command(e.bin, "install", "codex", "--project-dir", project, "--events", strings.Join(events(s.policies), ","))
		install.Env, install.Dir = runEnv, project
		out, err := install.CombinedOutput()
		require.NoError(t, err, "%s", out)
		require.Contains(t, string(out), "trusted by hash", "install codex trusts its entries")
		require.NoError(t, os.WriteFile(filepath.Join(e.out, harness.Slug(s.name)+".install.txt"), out, 0o644))
		if mode == "claude-format" {
			// The setup before --format codex: the same entries
			// answering in Claude Code's format, trusted as they are.
			hooks := filepath.Join(project, ".codex", "hooks.json")
			data, err := os.ReadFile(hooks)
			require.NoError(t, err)
			data = []byte(strings.ReplaceAll(string(data), "--format codex", "--format claude"))
			require.NoError(t, os.WriteFile(hooks, data, 0o644))
			// Trusted as they are now, in place of install's trust.
			require.NoError(t, os.WriteFile(config, []byte(baseConfig(fake.URL+"/v1")+directTrust(t, project, hooks, data)), 0o600))
		}
	}

	code := e.codexExec(t, dir, project, runEnv, harness.Slug(s.name)+"."+mode)
	f := facts(t, e, s, mode, project, code, fake.Main())
	// What codex exec printed for its user (a block's reason, a hook's
	// warning), but the final answer.
	var said []string
	for _, stream := range []string{".stdout", ".stderr"} {
		data, _ := os.ReadFile(filepath.Join(e.out, harness.Slug(s.name)+"."+mode+stream))
		for _, m := range markerRE.FindAllString(string(data), -1) {
			if m != finalText && !slices.Contains(said, m) {
				said = append(said, m)
			}
		}
	}
	slices.Sort(said)
	f["user saw"] = orNone(strings.Join(said, " "))
	return f
}

// codexExec runs codex exec in the project and returns its exit status.
func (e env) codexExec(t *testing.T, dir, project string, runEnv []string, name string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, e.codex, "exec", "--skip-git-repo-check", "--strict-config",
		"-o", filepath.Join(dir, "last-message.txt"), "clean up the victim directory")
	cmd.Dir, cmd.Env = project, runEnv
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// Only the group this run started is killed.
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	stdout, err := os.Create(filepath.Join(e.out, name+".stdout"))
	require.NoError(t, err)
	defer func() { _ = stdout.Close() }()
	stderr, err := os.Create(filepath.Join(e.out, name+".stderr"))
	require.NoError(t, err)
	defer func() { _ = stderr.Close() }()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, stdout, stderr
	err = cmd.Run()
	require.NoError(t, ctx.Err(), "codex exec did not finish in %s", runTimeout)
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode()
	}
	require.NoError(t, err)
	return 0
}

// directTrust is what Codex's config.toml needs for the policies to run as
// its own hooks: the project trusted, each hook trusted by its hash.
func directTrust(t *testing.T, project, file string, data []byte) string {
	t.Helper()
	handlers, err := codex.Handlers(file, data)
	require.NoError(t, err)
	var b strings.Builder
	fmt.Fprintf(&b, "\n[projects.%q]\ntrust_level = \"trusted\"\n", project)
	for _, h := range handlers {
		fmt.Fprintf(&b, "[hooks.state.%q]\ntrusted_hash = %q\n", h.Key, h.Hash)
	}
	return b.String()
}

var markerRE = regexp.MustCompile(`MK-[A-Z0-9]+`)

// facts is what Codex did in one run.
func facts(t *testing.T, e env, s scenario, mode, project string, code int, requests []fakeopenai.Request) compare.Facts {
	t.Helper()
	f := compare.Facts{"exit": strconv.Itoa(code), "model requests": strconv.Itoa(len(requests))}
	for _, c := range s.script {
		switch c.Name {
		case fakeopenai.PatchTool:
			f["tool ran"] = yesNo(exists(filepath.Join(project, "notes.txt")))
		default:
			f["tool ran"] = yesNo(!exists(filepath.Join(project, "victim")))
		}
	}
	var seen []string
	for _, r := range requests {
		for _, msg := range r.Messages {
			for _, m := range markerRE.FindAllString(msg.Text, -1) {
				if !slices.Contains(seen, m) {
					seen = append(seen, m)
				}
			}
		}
	}
	slices.Sort(seen)
	f["model saw"] = orNone(strings.Join(seen, " "))
	ran, _ := filepath.Glob(filepath.Join(project, "ran", "*.json"))
	var names []string
	for _, r := range ran {
		name := strings.TrimSuffix(filepath.Base(r), ".json")
		names = append(names, name)
		if data, err := os.ReadFile(r); err == nil {
			_ = os.WriteFile(filepath.Join(e.out, harness.Slug(s.name)+"."+mode+".input."+name+".json"), data, 0o644)
		}
	}
	f["policies ran"] = orNone(strings.Join(names, ", "))
	return f
}

func events(ps []policy) []string {
	var out []string
	for _, p := range ps {
		if !slices.Contains(out, p.event) {
			out = append(out, p.event)
		}
	}
	return out
}

func appendFile(path, text string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func exists(path string) bool { _, err := os.Stat(path); return err == nil }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
