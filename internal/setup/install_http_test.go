package setup

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
)

const testToken = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

func httpOpts(env shapeEnv, scope Scope) InstallOptions {
	return InstallOptions{Agent: claudeAgent(), Scope: scope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram,
		HTTP: &HTTPOptions{Addr: "127.0.0.1:41234", Token: testToken}}
}

func claudeAgent() Agent {
	ag, err := ParseAgent("claude")
	if err != nil {
		panic(err)
	}
	return ag
}

// install --http writes an http entry per event Claude Code sends over
// http, keeps SessionStart a command (with serve --ensure first), puts the
// token into the user settings' env and makes the file 0600; uninstall
// gives back the exact bytes and mode.
func TestInstallHTTPUserRoundTrip(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	writeTestFile(t, filepath.Join(env.project, ".hookexec", "hooks.json"), `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"true"}]}]}}`, 0o644)
	path := filepath.Join(env.home, ".claude", "settings.json")
	original := "{\n  \"theme\": \"dark\",\n  \"env\": {\"FOO\": \"1\"},\n  \"hooks\": {\n    \"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]}]\n  }\n}\n"
	writeTestFile(t, path, original, 0o644)

	res, err := Install(httpOpts(env, UserScope))
	require.NoError(t, err)
	assert.True(t, res.Private)
	assert.Equal(t, []string{"SessionStart"}, res.CommandOnly)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	doc, err := parseSettings(claudeAgent(), data, testProgram)
	require.NoError(t, err)
	var kinds []string
	for _, e := range doc.entries() {
		switch {
		case e.IsEnsure:
			kinds = append(kinds, e.Key+":ensure "+e.Ensure.Addr)
		case e.IsHTTP:
			kinds = append(kinds, e.Key+":http "+e.HTTP.URL)
		case e.IsFire:
			kinds = append(kinds, e.Key+":fire")
		default:
			kinds = append(kinds, e.Key+":user")
		}
	}
	assert.Equal(t, []string{"PreToolUse:user", "PreToolUse:http http://127.0.0.1:41234/v1/claude/PreToolUse?on-failure=run-hookexec-doctor", "SessionStart:ensure 127.0.0.1:41234", "SessionStart:fire"}, kinds)
	text := string(data)
	assert.Contains(t, text, `"FOO": "1"`)
	assert.Contains(t, text, `"HOOKEXEC_SERVE_TOKEN": "`+testToken+`"`)
	assert.Contains(t, text, `"Authorization": "Bearer $HOOKEXEC_SERVE_TOKEN"`)
	assert.Contains(t, text, `"Hookexec-Project-Dir": "$CLAUDE_PROJECT_DIR"`)
	assert.Contains(t, text, `"allowedEnvVars": ["HOOKEXEC_SERVE_TOKEN", "CLAUDE_PROJECT_DIR"]`)
	assert.Contains(t, text, `"onFailure": "block"`)
	assert.Contains(t, text, `'/opt/hook exec/hookexec' serve --http 127.0.0.1:41234 --ensure`)
	if runtime.GOOS != "windows" {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, privateMode, fi.Mode().Perm())
	}

	again, err := Install(httpOpts(env, UserScope))
	require.NoError(t, err)
	assert.False(t, again.Changed, "a second install --http changes nothing")

	un, err := Uninstall(UninstallOptions{Agent: claudeAgent(), Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.True(t, un.Restored)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, original, string(got))
	if runtime.GOOS != "windows" {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o644), fi.Mode().Perm())
	}
}

// Switching: install --http over a command install replaces hookexec's
// entries (never the user's), a command install over it goes back, and the
// token and serve --ensure go with it.
func TestInstallHTTPSwitch(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	writeTestFile(t, filepath.Join(env.project, ".hookexec", "hooks.json"), `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"true"}]}]}}`, 0o644)
	path := filepath.Join(env.home, ".claude", "settings.json")
	original := "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"./mine.sh\"}]}]\n  }\n}\n"
	writeTestFile(t, path, original, 0o644)
	cmdOpts := httpOpts(env, UserScope)
	cmdOpts.HTTP = nil

	_, err := Install(cmdOpts)
	require.NoError(t, err)
	commandInstall, err := os.ReadFile(path)
	require.NoError(t, err)

	_, err = Install(httpOpts(env, UserScope))
	require.NoError(t, err)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.NotContains(t, string(data), "fire PreToolUse", "the command entry was replaced")
	assert.Contains(t, string(data), "/v1/claude/PreToolUse")
	assert.Contains(t, string(data), "./mine.sh")

	_, err = Install(cmdOpts)
	require.NoError(t, err)
	back, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, sameSettings(commandInstall, back), "back to the command install:\n%s\nwant\n%s", back, commandInstall)
	assert.NotContains(t, string(back), TokenVar)
	assert.NotContains(t, string(back), "--ensure")

	un, err := Uninstall(UninstallOptions{Agent: claudeAgent(), Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.True(t, un.Restored)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, original, string(got))
}

// install --http --project never writes the token into the committed
// .claude/settings.json: the entries and the token go to the uncommitted
// settings.local.json (0600), and hookexec's command entries leave the
// committed file.
func TestInstallHTTPProjectKeepsTokenOutOfCommittedFile(t *testing.T) {
	t.Parallel()
	env, _ := withPATH(t, newShapeEnv(t))
	committed, local := claudeFiles(env)
	cmdOpts := httpOpts(env, ProjectScope)
	cmdOpts.HTTP, cmdOpts.Portable = nil, true
	_, err := Install(cmdOpts)
	require.NoError(t, err)
	require.FileExists(t, committed)

	res, err := Install(httpOpts(env, ProjectScope))
	require.NoError(t, err)
	assert.Equal(t, local, res.Path)
	assert.NotEmpty(t, res.Moved)
	assert.NoFileExists(t, committed, "install had created it; only hookexec's entries were in it")
	data, err := os.ReadFile(local)
	require.NoError(t, err)
	assert.Contains(t, string(data), testToken)
	if runtime.GOOS != "windows" {
		fi, err := os.Stat(local)
		require.NoError(t, err)
		assert.Equal(t, privateMode, fi.Mode().Perm())
	}
	filepath.WalkDir(env.project, func(p string, d os.DirEntry, err error) error { //nolint:errcheck // a walk of the test's own directory
		if err == nil && !d.IsDir() && p != local {
			b, _ := os.ReadFile(p)
			assert.NotContains(t, string(b), testToken, "the token is only in %s, not in %s", local, p)
		}
		return nil
	})

	un, err := Uninstall(UninstallOptions{Agent: claudeAgent(), Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.NotNil(t, un)
	assert.NoFileExists(t, local)
}

// Qwen Code's http hooks always fail open and Copilot CLI refuses plain
// http for its guards: install --http refuses both, saying why.
func TestInstallHTTPRefused(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	for name, want := range map[string]string{"qwen": "always fail open", "copilot": "COPILOT_HOOK_ALLOW_LOCALHOST", "gemini": "has no http hooks"} {
		ag, err := ParseAgent(name)
		require.NoError(t, err)
		opts := httpOpts(env, ProjectScope)
		opts.Agent = ag
		_, err = Install(opts)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), want)
		assert.Contains(t, err.Error(), "without --http")
	}
	for _, addr := range []string{"0.0.0.0:41000", "example.com:80", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:http"} {
		opts := httpOpts(env, UserScope)
		opts.HTTP.Addr = addr
		_, err := Install(opts)
		require.Error(t, err, addr)
		assert.True(t, strings.HasPrefix(err.Error(), "setup: --http-addr:"), err.Error())
	}
	_, err := os.Stat(filepath.Join(env.home, ".claude"))
	assert.True(t, os.IsNotExist(err), "nothing was written")
}

// Every agent of the table either takes install --http (a second install
// changes nothing, doctor finds the entries, uninstall gives back the
// user's exact bytes) or refuses it, saying to install without --http,
// and writes nothing.
func TestInstallHTTPEveryAgent(t *testing.T) {
	t.Parallel()
	for _, ag := range agents.All() {
		for _, scope := range []Scope{ProjectScope, UserScope} {
			if !ag.HasScope(scope) {
				continue
			}
			t.Run(ag.Name+"/"+scope.String(), func(t *testing.T) {
				t.Parallel()
				env := newShapeEnv(t)
				opts := httpOpts(env, scope)
				opts.Agent = ag
				path := ag.SettingsPath(scope, env.project, env.home)
				if local := localPath(ag, env.project); httpCapable(ag) && scope == ProjectScope && local != "" {
					path = local
				}
				original := "{\n  \"mine\": true\n}\n"
				writeTestFile(t, path, original, 0o644)
				res, err := Install(opts)
				if !httpCapable(ag) {
					require.Error(t, err)
					assert.Contains(t, err.Error(), "without --http")
					got, rerr := os.ReadFile(path)
					require.NoError(t, rerr)
					assert.Equal(t, original, string(got))
					return
				}
				require.NoError(t, err)
				assert.Equal(t, path, res.Path)
				again, err := Install(opts)
				require.NoError(t, err)
				assert.False(t, again.Changed)
				r := Doctor(context.Background(), DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{ag}, Program: testProgram, Version: "1"})
				for _, c := range r.Checks {
					if c.Name == ag.Name+" events" || c.Name == ag.Name+" http entries" {
						assert.True(t, c.OK, "%+v", c)
					}
				}
				_, err = Uninstall(UninstallOptions{Agent: ag, Scope: scope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
				require.NoError(t, err)
				got, err := os.ReadFile(path)
				require.NoError(t, err)
				assert.Equal(t, original, string(got))
			})
		}
	}
}

// install --http --project adds settings.local.json, which holds the
// token, to the .gitignore of a git repository that does not ignore it;
// nothing when one does.
func TestInstallHTTPIgnoresLocalFile(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	require.NoError(t, os.Mkdir(filepath.Join(env.project, ".git"), 0o755))
	writeTestFile(t, filepath.Join(env.project, ".gitignore"), "node_modules/", 0o644)
	res, err := Install(httpOpts(env, ProjectScope))
	require.NoError(t, err)
	assert.Empty(t, res.Warnings)
	assert.Contains(t, res.Notes, "added .claude/settings.local.json to .gitignore (it is this machine's own: never commit it)")
	b, err := os.ReadFile(filepath.Join(env.project, ".gitignore"))
	require.NoError(t, err)
	assert.Equal(t, "node_modules/\n.claude/settings.local.json\n", string(b))
	res, err = Install(httpOpts(env, ProjectScope))
	require.NoError(t, err)
	assert.Empty(t, res.Warnings)
	assert.NotContains(t, res.Notes, "added .claude/settings.local.json to .gitignore (it is this machine's own: never commit it)")
}

// uninstall takes out only install --http's entries: an http hook of the
// user's (another header, another path) and a serve command with other
// options stay.
func TestStripHTTPLeavesTheUsers(t *testing.T) {
	t.Parallel()
	in := `{"env":{"A":"1","HOOKEXEC_SERVE_TOKEN":"x"},"hooks":{` +
		`"PreToolUse":[{"hooks":[{"type":"http","url":"http://127.0.0.1:1/v1/claude/PreToolUse","headers":{"Authorization":"Bearer $MINE"}},` +
		`{"type":"http","url":"http://127.0.0.1:1/policy","headers":{"Authorization":"Bearer $HOOKEXEC_SERVE_TOKEN"}},` +
		`{"type":"http","url":"http://127.0.0.1:1/v1/claude/PreToolUse","headers":{"Authorization":"Bearer $HOOKEXEC_SERVE_TOKEN"}}]}],` +
		`"SessionStart":[{"hooks":[{"type":"command","command":"hookexec serve --http 127.0.0.1:1 --ensure --idle-exit 1h"},{"type":"command","command":"/x/hookexec serve --http 127.0.0.1:1 --ensure"}]}]}}`
	s, err := strip([]byte(in), claudeAgent(), testProgram)
	require.NoError(t, err)
	assert.Equal(t, `{"env":{"A":"1"},"hooks":{"PreToolUse":[{"hooks":[{"type":"http","url":"http://127.0.0.1:1/v1/claude/PreToolUse","headers":{"Authorization":"Bearer $MINE"}},`+
		`{"type":"http","url":"http://127.0.0.1:1/policy","headers":{"Authorization":"Bearer $HOOKEXEC_SERVE_TOKEN"}}]}],`+
		`"SessionStart":[{"hooks":[{"type":"command","command":"hookexec serve --http 127.0.0.1:1 --ensure --idle-exit 1h"}]}]}}`, compact(t, s.data))
	assert.Equal(t, []string{"PreToolUse", "SessionStart"}, s.removed)
}

// A settings file whose env block was empty before install --http gets
// its exact bytes back: the token was the block's only member.
func TestUninstallHTTPKeepsAnEmptyEnv(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	path := filepath.Join(env.home, ".claude", "settings.json")
	original := "{\n  \"env\": {},\n  \"theme\": \"dark\"\n}\n"
	writeTestFile(t, path, original, 0o644)
	_, err := Install(httpOpts(env, UserScope))
	require.NoError(t, err)
	un, err := Uninstall(UninstallOptions{Agent: claudeAgent(), Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.True(t, un.Restored)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, original, string(got))
}
