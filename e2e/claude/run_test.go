//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/harness"
)

// runResult is what one Claude run left: its stream-json events, its
// stderr, the API requests it made and the project afterwards.
type runResult struct {
	mode       string // "direct" or "through"
	project    string
	home       string
	stream     []map[string]any
	rawOut     []byte
	stderr     []byte
	requests   []apiRequest
	policyHTTP []policyRequest
	elapsed    time.Duration
	err        error
	leftover   []int
}

var runSeq atomic.Int64

// runClaude runs claude -p once in a fresh project with the policies set up
// for mode ("direct": as Claude's own hooks; "through": behind hookexec).
func runClaude(t *testing.T, env e2eEnv, sc scenario, mode string) runResult {
	t.Helper()
	project := t.TempDir()
	home := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(project, "victim"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(project, "victim", "file.txt"), []byte("precious\n"), 0o644))
	policies := filepath.Join(project, ".claude", "policies")
	require.NoError(t, os.MkdirAll(policies, 0o755))
	for _, p := range sc.policies {
		if p.http == nil {
			require.NoError(t, os.WriteFile(filepath.Join(policies, p.name+".sh"), []byte(policyScript(p)), 0o755))
		}
	}
	for name, content := range sc.files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(project, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(project, name), []byte(content), 0o644))
	}
	sc = sc.expanded(project, home)
	srv := startPolicyServer(t, sc.policies)
	hooks := map[string]any{"hooks": hooksObject(sc.policies, srv)}
	var sessionEnv []string
	switch mode {
	case "installed":
		// Set up as a new user would: hookexec init, then hookexec install
		// claude --project; the guard is the one init writes.
		setUp(t, env, project, home, os.Getenv("PATH"))
	case "portable", "portable-missing":
		// As "installed", with install --portable and hookexec on PATH;
		// "portable-missing" runs Claude Code without it on its PATH (a
		// teammate who has not installed hookexec).
		setUp(t, env, project, home, pathWith(filepath.Dir(env.bin)), "--portable")
		sessionEnv = []string{"PATH=" + pathWith(filepath.Dir(env.bin))}
		if mode == "portable-missing" {
			sessionEnv = []string{"PATH=" + pathWithout()}
		}
	case "direct":
		writeJSONFile(t, filepath.Join(project, ".claude", "settings.json"), hooks)
	case "through":
		writeJSONFile(t, filepath.Join(project, ".claude", "hooks.json"), hooks)
		writeJSONFile(t, filepath.Join(project, ".claude", "settings.json"), throughSettings(env.bin, sc.policies))
	case "missing", "missing-fail-open":
		// hookexec set up as for "through", but the binary is gone, so the
		// policies never run; "missing-fail-open" without onFailure (what
		// install --fail-open writes).
		settings := throughSettings(filepath.Join(home, "gone", "hookexec"), sc.policies)
		if mode == "missing-fail-open" {
			withoutOnFailure(settings)
		}
		writeJSONFile(t, filepath.Join(project, ".claude", "hooks.json"), hooks)
		writeJSONFile(t, filepath.Join(project, ".claude", "settings.json"), settings)
	default:
		t.Fatalf("unknown mode %q", mode)
	}

	api := startFakeAPI(t, sc.toolName, sc.tool)
	res := claudeSession(t, env, session{project: project, home: home, api: api, prompt: sc.prompt,
		env: append([]string{httpTokenVar + "=" + httpTokenValue, httpUnlistedVar + "=" + httpUnlistedVal}, sessionEnv...)})
	res.mode = mode
	res.policyHTTP = srv.Requests()
	return res
}

// session is one claude -p run in a project prepared by the caller.
type session struct {
	project, home string
	api           *fakeAPI
	prompt        string   // "" for the default
	env           []string // more variables of Claude's environment
}

// claudeSession runs claude -p once in s.project against s.api, with a
// fresh marker, and kills whatever the run left behind.
func claudeSession(t *testing.T, env e2eEnv, s session) runResult {
	t.Helper()
	marker := fmt.Sprintf("e2e-claude-%d-%d", os.Getpid(), runSeq.Add(1))
	prompt := s.prompt
	if prompt == "" {
		prompt = "Remove the victim directory."
	}
	args := []string{"-p", prompt, "--output-format", "stream-json", "--verbose",
		"--include-hook-events", "--no-session-persistence",
		"--permission-mode", "acceptEdits", "--allowedTools", "Bash"}
	run := harness.Run{Program: env.claude, Args: args, Dir: s.project, Marker: marker, Timeout: runTimeout, Env: append([]string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + s.home,
		"LANG=C.UTF-8",
		"TMPDIR=" + os.TempDir(),
		"ANTHROPIC_BASE_URL=" + s.api.URL,
		"ANTHROPIC_API_KEY=dummy",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_ERROR_REPORTING=1",
		"DISABLE_BUG_COMMAND=1",
		"DISABLE_NON_ESSENTIAL_MODEL_CALLS=1",
		"CLAUDE_CODE_DISABLE_TERMINAL_TITLE=1",
		"CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY=1",
		"NO_PROXY=127.0.0.1",
		"HOOKEXEC_E2E_RUN=" + marker,
	}, s.env...)}
	r := run.Do()
	// Claude's record keeps a non-zero exit as its error.
	err := r.Wait
	if r.TimedOut {
		err = r.Err
	}
	res := runResult{project: s.project, home: s.home, elapsed: r.Elapsed, err: err, rawOut: r.Stdout,
		stderr: r.Stderr, requests: s.api.Requests(), leftover: r.Leftover}
	res.stream = harness.JSONLines(res.rawOut)
	return res
}

// runTimeout bounds one Claude run.
const runTimeout = 90 * time.Second

// dump writes the raw evidence of a run to dir: the stream, stderr, every
// API request and what the fake answered.
func dump(t *testing.T, dir string, res runResult) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stream.jsonl"), res.rawOut, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stderr.txt"), res.stderr, 0o644))
	var idx strings.Builder
	for i, r := range res.requests {
		fmt.Fprintf(&idx, "%02d %s %s %s main=%v answer=%s\n", i+1, r.At.Format("15:04:05.000"), r.Method, r.Path, r.Main, r.Answer)
		name := fmt.Sprintf("request-%02d.json", i+1)
		var body any = r.BodyText
		if len(r.Body) > 0 {
			body = r.Body
		}
		b, err := json.MarshalIndent(map[string]any{"method": r.Method, "path": r.Path, "main": r.Main, "answer": r.Answer, "body": body}, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
		if r.Main {
			require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("request-%02d-seen.txt", i+1)), []byte(seenText(r)), 0o644))
		}
	}
	inputs, _ := filepath.Glob(filepath.Join(res.project, ranDir, "*.json"))
	for _, in := range inputs {
		b, err := os.ReadFile(in)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "policy-input-"+filepath.Base(in)), b, 0o644))
	}
	if len(res.policyHTTP) > 0 {
		b, err := json.MarshalIndent(res.policyHTTP, "", "  ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "policy-http.json"), b, 0o644))
	}
	fmt.Fprintf(&idx, "elapsed %s, err %v, leftover processes %v\n", res.elapsed.Round(time.Millisecond), res.err, res.leftover)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.txt"), []byte(idx.String()), 0o644))
}

// seenText is the conversation of a main-loop request as readable text,
// without the system prompt and tool definitions.
func seenText(r apiRequest) string {
	var b strings.Builder
	for i, m := range r.parsed.Messages {
		for _, bl := range m.blocks() {
			switch bl.Type {
			case "text":
				fmt.Fprintf(&b, "[%d %s text]\n%s\n\n", i, m.Role, shorten(bl.Text))
			case "tool_use":
				fmt.Fprintf(&b, "[%d %s tool_use %s]\n%s\n\n", i, m.Role, bl.Name, bl.Input)
			case "tool_result":
				fmt.Fprintf(&b, "[%d %s tool_result is_error=%v]\n%s\n\n", i, m.Role, bl.IsError, bl.text())
			default:
				fmt.Fprintf(&b, "[%d %s %s]\n\n", i, m.Role, bl.Type)
			}
		}
	}
	return b.String()
}

// shorten cuts a long text the policies did not write (system reminders,
// the skills list) to its start.
func shorten(s string) string {
	if len(s) <= 1500 || markerRe.MatchString(s) {
		return s
	}
	return fmt.Sprintf("%s… [%d bytes more]", s[:300], len(s)-300)
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o644))
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
