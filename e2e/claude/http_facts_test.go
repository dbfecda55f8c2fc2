//go:build e2e

package claude

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
	"github.com/hookexec/hookexec/e2e/harness"
)

// serveTokenVar is the variable hookexec install claude --http puts into
// the settings' env block, and its http entries send as the bearer token.
const serveTokenVar = "HOOKEXEC_SERVE_TOKEN"

// tokenHook is an http hook entry shaped as install claude --http writes
// it: the token from serveTokenVar, onFailure block.
func tokenHook(url string) map[string]any {
	return map[string]any{
		"type":           "http",
		"url":            url,
		"timeout":        30,
		"onFailure":      "block",
		"headers":        map[string]any{"Authorization": "Bearer $" + serveTokenVar},
		"allowedEnvVars": []any{serveTokenVar},
	}
}

// httpFact is one fact about Claude's http hooks that hookexec's --http
// install relies on, as one Claude run shows it.
type httpFact struct {
	name  string
	facts compare.Facts
}

// TestClaudeHTTPFacts runs the real Claude Code on what install claude
// --http relies on (issue 21) and writes what it saw to
// OUT/claude-http-facts.md:
//   - the token reaches the http hook's header from the env block of the
//     user's settings, and of the project's settings.local.json, when
//     Claude was started without the variable; $CLAUDE_PROJECT_DIR in a
//     header, though allowed, is empty (Claude sets it for command hooks
//     only);
//   - an http hook on SessionStart is never requested;
//   - with onFailure block and nothing listening, the tool does not run
//     and the model is told so.
func TestClaudeHTTPFacts(t *testing.T) {
	env := loadEnv(t)
	var rows []httpFact
	for _, scope := range []string{"user settings env", "project settings.local.json env"} {
		t.Run(scope, func(t *testing.T) {
			project, home := scratch(t)
			srv := startPolicyServer(t, []policy{
				httpPolicy("pre", httpAnswer{body: "{}"}),
				{event: "SessionStart", name: "start", http: &httpAnswer{body: "{}"}},
			})
			token := "tok-" + filepath.Base(project)
			pre := tokenHook(srv.URL + "/pre")
			pre["headers"].(map[string]any)["Hookexec-Project-Dir"] = "$CLAUDE_PROJECT_DIR"
			pre["allowedEnvVars"] = []any{serveTokenVar, "CLAUDE_PROJECT_DIR"}
			settings := map[string]any{
				"env": map[string]any{serveTokenVar: token},
				"hooks": map[string]any{
					"PreToolUse":   []any{map[string]any{"matcher": "Bash", "hooks": []any{pre}}},
					"SessionStart": []any{map[string]any{"hooks": []any{tokenHook(srv.URL + "/start")}}},
				},
			}
			file := filepath.Join(home, ".claude", "settings.json")
			if scope != "user settings env" {
				file = filepath.Join(project, ".claude", "settings.local.json")
			}
			require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o700))
			writeJSONFile(t, file, settings)
			api := startFakeAPI(t, "", map[string]any{"command": "touch " + madeFile, "description": "make a file"})
			res := claudeSession(t, env, session{project: project, home: home, api: api, prompt: "Make a file."})
			res.policyHTTP = srv.Requests()
			dump(t, filepath.Join(env.out, "claude-http-facts", harness.Slug(scope)), res)
			require.NoError(t, res.err, "claude:\n%s", res.stderr)

			var auth, paths, dirs []string
			for _, r := range res.policyHTTP {
				paths = append(paths, r.Path)
				auth = append(auth, strings.Join(r.Headers["Authorization"], ","))
				dirs = append(dirs, strings.Join(r.Headers["Hookexec-Project-Dir"], ","))
			}
			// Claude sets CLAUDE_PROJECT_DIR for its command hooks only: in
			// an http hook's header, allowed or not, it is empty. The
			// event's cwd is where the project is.
			assert.Equal(t, []string{""}, dirs, "$CLAUDE_PROJECT_DIR in an http hook's header")
			assert.Equal(t, []string{"/pre"}, paths, "the PreToolUse hook is requested, the SessionStart one never")
			assert.Equal(t, []string{"Bearer " + token}, auth, "the token of the settings' env block reaches the header")
			f := observe(scenario{}, res, env)
			f["tool ran"] = toolMade(project)
			f["http requests"] = orNone(strings.Join(paths, ", "))
			f["Hookexec-Project-Dir"] = strings.ReplaceAll(strings.Join(dirs, ", "), project, "<project>")
			f["Authorization"] = strings.ReplaceAll(strings.Join(auth, ", "), token, "<token from the env block>")
			rows = append(rows, httpFact{name: scope, facts: f})
		})
	}
	t.Run("nothing listens, onFailure block", func(t *testing.T) {
		project, home := scratch(t)
		url := "http://" + closedAddr(t) + "/v1/claude/PreToolUse"
		require.NoError(t, os.MkdirAll(filepath.Join(project, ".claude"), 0o755))
		writeJSONFile(t, filepath.Join(project, ".claude", "settings.json"), map[string]any{
			"hooks": map[string]any{"PreToolUse": []any{map[string]any{"matcher": "Bash", "hooks": []any{tokenHook(url)}}}},
		})
		api := startFakeAPI(t, "", map[string]any{"command": "touch " + madeFile, "description": "make a file"})
		res := claudeSession(t, env, session{project: project, home: home, api: api, prompt: "Make a file.",
			env: []string{serveTokenVar + "=tok"}})
		dump(t, filepath.Join(env.out, "claude-http-facts", "nothing-listens"), res)
		require.NoError(t, res.err, "claude:\n%s", res.stderr)
		assert.NoFileExists(t, filepath.Join(project, madeFile), "the tool ran though its guard could not be asked")
		f := observe(scenario{}, res, env)
		f["tool ran"] = toolMade(project)
		port := strings.TrimPrefix(url, "http://127.0.0.1")
		port = port[:strings.Index(port, "/")]
		for k, v := range f {
			f[k] = strings.ReplaceAll(v, port, ":<port>")
		}
		assert.Contains(t, f["model saw"], `blocking because onFailure is "block"`)
		rows = append(rows, httpFact{name: "nothing listens, onFailure block", facts: f})
	})
	writeHTTPFacts(t, filepath.Join(env.out, "claude-http-facts.md"), rows)
}

// scratch is a fresh project (with victim/) and HOME for one run.
func scratch(t *testing.T) (project, home string) {
	t.Helper()
	project, home = t.TempDir(), t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(project, "victim"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(project, "victim", "file.txt"), []byte("precious\n"), 0o644))
	return project, home
}

// toolMade says whether the scripted "touch made.txt" ran.
func toolMade(project string) string {
	if _, err := os.Stat(filepath.Join(project, madeFile)); err == nil {
		return "yes: " + madeFile + " made"
	}
	return "no"
}

// closedAddr is a loopback address where nothing listens (a port just
// released).
func closedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

// writeHTTPFacts writes one section per run, its facts as a list.
func writeHTTPFacts(t *testing.T, path string, rows []httpFact) {
	t.Helper()
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "### %s\n\n", r.name)
		keys := make([]string, 0, len(r.facts))
		for k := range r.facts {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "- %s: %s\n", k, strings.ReplaceAll(r.facts[k], "\n", " / "))
		}
		b.WriteString("\n")
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}
