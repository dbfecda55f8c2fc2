//go:build e2e

package claude

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/audit"
)

// TestClaudeReadmeQuickstart is issue 22's done-when with the real Claude
// Code: a fresh clone, following only the README, reaches a guarded
// Claude Code session whose block shows up in hookexec log and hookexec
// why. It builds hookexec as the README's Install section says (go install
// ./cmd/hookexec from the repository, GOBIN a scratch directory put first
// on PATH: a real build, a few seconds with the build cache warm), then
// runs the quick start's lines in order, as written, in a fresh project
// of a scratch HOME (the decision log and the trust store live there):
// init, install and doctor must exit 0; the claude line is a headless
// session whose fake model asks for the command the user's prompt names,
// which must not run, and whose next request must carry the policy's
// reason; log --blocked must list the block (event, Bash, the command,
// the guard init writes) and why must explain it (the hook, its file:line,
// its decision and the reason). What each step printed goes to
// OUT/claude-readme.md.
func TestClaudeReadmeQuickstart(t *testing.T) {
	env := loadEnv(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err, "the repository's README.md")
	base := t.TempDir()
	home := filepath.Join(base, "home")
	qs, err := readQuickstart(readme, home)
	require.NoError(t, err, "README.md's quick start")
	require.Contains(t, string(readme), readmeInstall, "README.md does not say how to install hookexec from a clone (%s)", readmeInstall)

	gobin := filepath.Join(base, "bin")
	start := time.Now()
	install := exec.Command("go", "install", "./cmd/hookexec")
	install.Dir = root
	install.Env = append(os.Environ(), "GOBIN="+gobin, "CGO_ENABLED=0")
	out, err := install.CombinedOutput()
	require.NoError(t, err, "%s (from the repository, as the README's Install section says):\n%s", readmeInstall, out)
	t.Logf("%s took %s", readmeInstall, time.Since(start).Round(time.Millisecond))
	bin := filepath.Join(gobin, "hookexec")

	// In the home directory, as a user's projects are.
	project := filepath.Join(home, qs.project)
	canaries := map[string]string{
		filepath.Join(home, "notes.txt"):       "the user's own file\n",
		filepath.Join(project, "main.go"):      "package main\n",
		filepath.Join(project, "README.md"):    "# a project\n",
		filepath.Join(home, ".gitconfig"):      "[user]\n\tname = e2e\n\temail = e2e@example.invalid\n",
		filepath.Join(home, "work", "plan.md"): "precious\n",
	}
	for path, content := range canaries {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	userEnv := []string{
		"PATH=" + gobin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"LANG=C.UTF-8",
	}
	git := exec.Command("git", "init", "-q", project)
	git.Env = userEnv
	out, err = git.CombinedOutput()
	require.NoError(t, err, "git init (the user's project is a repository):\n%s", out)

	rep := &readmeReport{replacer: strings.NewReplacer(project, "<project>", home, "<home>", gobin, "<gobin>")}
	defer rep.write(t, filepath.Join(env.out, "claude-readme.md"))
	rep.add("TestClaudeReadmeQuickstart: `%s` (GOBIN=<gobin>, CGO_ENABLED=0) built hookexec; then, in a fresh project `%s` of a scratch HOME, the quick start's lines:\n", readmeInstall, qs.project)
	intact := func(when string) {
		t.Helper()
		for path, content := range canaries {
			b, err := os.ReadFile(path)
			if assert.NoError(t, err, "%s: %s is gone", when, path) {
				assert.Equal(t, content, string(b), "%s: %s", when, path)
			}
		}
	}
	var blocked *blockedRun
	for _, st := range qs.steps {
		if st.args[0] == "claude" {
			blocked = guardedSession(t, env, st, bin, project, home, userEnv, rep, intact)
			continue
		}
		out, code := runQuickstartLine(bin, st.args[1:], project, userEnv)
		rep.add("`%s` exited %d:\n\n```\n%s```\n", st.line, code, out)
		verb := ""
		if len(st.args) > 1 {
			verb = st.args[1]
		}
		switch verb {
		case "log":
			checkLog(t, st, out, code, blocked)
		case "why":
			checkWhy(t, st, out, code, blocked)
		default:
			require.Zero(t, code, "%s:\n%s", st.line, out)
		}
	}
	intact("after the quick start")
}

// blockedRun is what the guarded session blocked and why, as the policy
// itself says it (hookexec fire on the same tool call, before the session).
type blockedRun struct {
	command string // the command the fake model asked for
	policy  string // the deciding hook's name (the guard init writes)
	reason  string // its reason
	hooksJS []byte // the project's .hookexec/hooks.json
	record  audit.Record
}

// guardedSession runs the quick start's claude line as a headless session
// in project: the fake model asks for the command the prompt names, and
// intact checks right after that the files it would remove are there.
func guardedSession(t *testing.T, env e2eEnv, st qsStep, bin, project, home string, userEnv []string, rep *readmeReport, intact func(when string)) *blockedRun {
	t.Helper()
	prompt, err := st.prompt()
	require.NoError(t, err)
	cmd, targets, err := dangerousCommand(prompt, home, project)
	require.NoError(t, err)
	// Every target is in the scratch home (the session's HOME) or the
	// project. One that does not exist yet (the old copy beside the
	// project) gets a file, so that the delete, had it run, would show.
	for _, target := range targets {
		if _, err := os.Stat(target); os.IsNotExist(err) {
			require.NoError(t, os.MkdirAll(target, 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(target, "keep.txt"), []byte("kept\n"), 0o644))
		}
	}
	defer func() {
		for _, target := range targets {
			_, err := os.Stat(target)
			assert.NoError(t, err, "%s was deleted", target)
		}
	}()
	// Before the session the guard is asked (below).
	modelCmd := cmd
	input, err := json.Marshal(map[string]any{"session_id": "readme-preflight", "cwd": project, "hook_event_name": "PreToolUse",
		"tool_name": "Bash", "tool_input": map[string]any{"command": modelCmd}})
	require.NoError(t, err)
	// First ask the policy itself (no record: HOOKEXEC_AUDIT=off): a
	// command it does not block is never handed to a real session.
	fire := exec.Command(bin, "fire", "PreToolUse", "--format", "claude")
	fire.Dir = project
	fire.Env = append(append([]string(nil), userEnv...), "HOOKEXEC_AUDIT=off")
	fire.Stdin = strings.NewReader(string(input))
	out, err := fire.Output()
	require.NoError(t, err, "hookexec fire PreToolUse on %q", modelCmd)
	var answer struct {
		Specific struct {
			Decision string `json:"permissionDecision"`
			Reason   string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	require.NoError(t, json.Unmarshal(out, &answer), "%s", out)
	require.Equal(t, "deny", answer.Specific.Decision, "the guard does not block %q; it is not run in a session:\n%s", modelCmd, out)
	hooksJS, err := os.ReadFile(filepath.Join(project, ".hookexec", "hooks.json"))
	require.NoError(t, err, "hookexec init wrote no .hookexec/hooks.json")
	b := &blockedRun{command: cmd, reason: answer.Specific.Reason, hooksJS: hooksJS, policy: policyIn(answer.Specific.Reason, hooksJS)}
	require.NotEmpty(t, b.policy, "the reason %q names none of the policies of .hookexec/hooks.json:\n%s", b.reason, hooksJS)

	api := startFakeAPI(t, "Bash", map[string]any{"command": modelCmd, "description": "do what the user asked"})
	res := claudeSession(t, env, session{project: project, home: home, api: api, prompt: prompt, env: userEnv})
	dump(t, filepath.Join(env.out, "claude", "readme-quickstart"), res)
	intact("after the session (the model asked for " + modelCmd + ")")
	require.NoError(t, res.err, "claude:\n%s", res.stderr)
	results := toolResults(res)
	require.Len(t, results, 1, "the model got one tool result")
	assert.Contains(t, results[0], "is_error=true", "the tool call was not refused")
	// Claude Code 2.1.328 refuses rm -rf ~ by itself ("Dangerous rm
	// operation detected"), not the delete of a directory beside the
	// project (TestClaudePack runs it without hookexec): the guard's
	// reason is what tells a guarded session from an unguarded one.
	assert.Contains(t, results[0], b.reason, "the model was not told the policy's reason")
	rep.add("`%s` (a headless session: `claude -p` with the prompt %q, its fake model asking for `%s`): the model got\n\n```\n%s\n```\n",
		st.line, prompt, modelCmd, results[0])

	logFile := filepath.Join(home, ".local", "state", "hookexec", "audit", "decisions.jsonl")
	data, err := os.ReadFile(logFile)
	if !assert.NoError(t, err, "no decision log in the user's state directory: hookexec fire (the decision log's writer) is not built") {
		return b
	}
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 4<<20)
	lines, line := 0, ""
	for sc.Scan() {
		lines++
		var r audit.Record
		if json.Unmarshal(sc.Bytes(), &r) == nil && r.Blocked && r.Tool == "Bash" {
			b.record, line = r, sc.Text()
		}
	}
	rep.add("The decision log (`<home>/.local/state/hookexec/audit/decisions.jsonl`) then held %d lines; the block's:\n\n```json\n%s\n```\n", lines, line)
	assert.True(t, b.record.Blocked, "the decision log holds no blocked Bash event:\n%s", data)
	assert.Equal(t, "claude", b.record.Agent, "the record's agent")
	assert.Equal(t, "fire", b.record.Via, "the record's way in")
	assert.Equal(t, project, b.record.Project, "the record's project")
	assert.Contains(t, b.record.Input, "rm -rf", "the record's summary of the command")
	if assert.NotNil(t, b.record.Policy, "the blocked event's record names no policy:\n%s", data) {
		assert.Equal(t, b.policy, b.record.Policy.Name, "the record's deciding policy")
		// The guard init writes is a rules hook: it decides in
		// hookexec's process, with no exit status.
		assert.Equal(t, "deny", b.record.Policy.Decision, "the guard's decision in the record")
		assert.Nil(t, b.record.Policy.ExitCode, "a rules hook has no exit status")
	}
	_ = filepath.WalkDir(project, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), "decisions") {
			t.Errorf("a decision log in the project: %s", path)
		}
		return nil
	})
	return b
}

// runQuickstartLine runs hookexec args in dir, with a generous bound.
func runQuickstartLine(bin string, args []string, dir string, env []string) (string, int) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return string(out), exit.ExitCode()
	case err != nil:
		return string(out) + err.Error() + "\n", -1
	}
	return string(out), 0
}

// readmeReport is the text of OUT/claude-readme.md: what each step
// printed, with the scratch paths replaced.
type readmeReport struct {
	replacer *strings.Replacer
	text     strings.Builder
}

func (r *readmeReport) add(format string, args ...any) {
	text := r.replacer.Replace(fmt.Sprintf(format, args...))
	// A path that a listing cut before its end escapes the replacer.
	text = regexp.MustCompile(regexp.QuoteMeta(os.TempDir())+`/\S+…`).ReplaceAllString(text, "<tmp>…")
	r.text.WriteString(text + "\n")
}

func (r *readmeReport) write(t *testing.T, path string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(r.text.String()), 0o644))
}
