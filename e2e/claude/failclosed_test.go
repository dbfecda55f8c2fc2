//go:build e2e

package claude

import (
	"bytes"
	"encoding/json"
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
)

// TestClaudeFailClosed is SPEC §2.5 with the real Claude Code: whatever
// stops a guard from running blocks what the guard guards, and the reason
// reaches the model. Each case sets hookexec up as the README and
// docs/install.md do, then makes one of a new user's ordinary mistakes
// (or is a teammate's fresh clone), and a headless claude -p session whose
// fake model asks for a command the guard init writes blocks (chmod 777 x)
// must not run it. What each step printed goes to OUT/claude-failclosed.md.
func TestClaudeFailClosed(t *testing.T) {
	env := loadEnv(t)
	rep := &failClosedReport{}
	defer rep.write(t, filepath.Join(env.out, "claude-failclosed.md"))
	t.Run("broken-json", func(t *testing.T) { failClosedBrokenJSON(t, env, rep) })
	t.Run("broken-json-user", func(t *testing.T) { failClosedBrokenUserJSON(t, env, rep) })
	t.Run("misspelled-event", func(t *testing.T) { failClosedMisspelledEvent(t, env, rep) })
	t.Run("teammate-clone", func(t *testing.T) { failClosedTeammate(t, env, rep) })
}

// guardedCommand is the call the guard init writes blocks (chmod 777) on a
// file of the project, and everydayCommand one it lets through.
const (
	guardedCommand  = "chmod 777 x"
	everydayCommand = "touch everyday.txt"
)

// failClosedBrokenJSON (issue item 1): a trusted project whose
// .hookexec/hooks.json then gets a JSON typo (a comma dropped, as a user
// editing it would), and the user runs hookexec trust again. chmod 777
// must not run, and the model must be told why: by hookexec, naming the
// file and the command that fixes it (hookexec validate or hookexec
// trust), or, where trust refused the broken file and the version trusted
// before runs, by that version's guard. hookexec log --blocked must list
// the block.
func failClosedBrokenJSON(t *testing.T, env e2eEnv, rep *failClosedReport) {
	u := newE2EUser(t, env, "user")
	project := u.project(t, "broken-json")
	sc := rep.scenario("broken-json", "a JSON typo in a trusted .hookexec/hooks.json", u, project)
	sc.hookexec(t, "init", "--yes")
	sc.hookexec(t, "install", "claude")
	writeVictim(t, project)

	hooksPath := filepath.Join(project, ".hookexec", "hooks.json")
	hooks, err := os.ReadFile(hooksPath)
	require.NoError(t, err)
	const field = `"name": "guard",`
	require.Contains(t, string(hooks), field, "init's hooks.json changed: this test drops the comma after the guard's name")
	require.NoError(t, os.WriteFile(hooksPath, []byte(strings.Replace(string(hooks), field, strings.TrimSuffix(field, ","), 1)), 0o644))
	sc.add("Then the comma after `%s` is dropped from `.hookexec/hooks.json` (a typo), and the user trusts the project again:\n", field)
	_, trusted := sc.hookexecAny(t, "trust", "--yes")

	res := sc.session(t, env, "Make x writable for everyone.", scriptedCall{name: "Bash", input: bashCall(guardedCommand)})
	results := toolResults(res)
	require.Len(t, results, 1, "the model got one tool result")
	assertNotRun(t, project)
	assert.Contains(t, results[0], "is_error=true", "the tool call was not refused")
	if trusted == 0 || !strings.Contains(results[0], "hookexec:default/chmod-world-writable") {
		// The broken file was trusted (or nothing trusted runs): hookexec
		// itself denies. Where trust refused the file, the version trusted
		// before still runs, and its guard's own reason is the answer.
		assert.Contains(t, results[0], ".hookexec/hooks.json", "the reason the model saw does not name the file")
		assert.Regexp(t, `hookexec (validate|trust)`, results[0], "the reason the model saw does not say which command fixes it")
	}

	assertLoggedBlocks(t, sc, 1)
}

// failClosedBrokenUserJSON (issue item 1, in the user's own config, which
// no trust step reviews): a guard in ~/.config/hookexec/hooks.json
// that blocks chmod 777 (checked with hookexec fire first), hookexec
// installed for Claude Code in a project, then a JSON typo in that file.
// chmod 777 must not run, the model must be told the file and hookexec
// validate, and hookexec log --blocked must list the block.
func failClosedBrokenUserJSON(t *testing.T, env e2eEnv, rep *failClosedReport) {
	u := newE2EUser(t, env, "user")
	project := u.project(t, "broken-user-json")
	sc := rep.scenario("broken-json-user", "a JSON typo in the user's own hooks.json", u, project)
	dir := filepath.Join(u.home, ".config", "hookexec")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	guard := filepath.Join(dir, "no-world-writable.sh")
	require.NoError(t, os.WriteFile(guard, []byte(userGuard), 0o644))
	hooks := strings.ReplaceAll(userHooks, "GUARD", guard)
	hooksPath := filepath.Join(dir, "hooks.json")
	require.NoError(t, os.WriteFile(hooksPath, []byte(hooks), 0o644))
	sc.add("The user's own `<home>/.config/hookexec/hooks.json`:\n\n```json\n%s```\n", hooks)
	sc.hookexec(t, "install", "claude")
	writeVictim(t, project)
	require.Contains(t, sc.fire(t, guardedCommand), "blocked by no-world-writable", "the user's guard does not block %s before the typo", guardedCommand)

	const field = `"timeout": "5s",`
	require.NoError(t, os.WriteFile(hooksPath, []byte(strings.Replace(hooks, field, strings.TrimSuffix(field, ","), 1)), 0o644))
	sc.add("Then the comma after `%s` is dropped from it (a typo).\n", field)

	res := sc.session(t, env, "Make x writable for everyone.", scriptedCall{name: "Bash", input: bashCall(guardedCommand)})
	results := toolResults(res)
	require.Len(t, results, 1, "the model got one tool result")
	assertNotRun(t, project)
	assert.Contains(t, results[0], "is_error=true", "the tool call was not refused")
	assert.Contains(t, results[0], hooksPath, "the reason the model saw does not name the file")
	assert.Contains(t, results[0], "hookexec validate", "the reason the model saw does not say which command fixes it")

	assertLoggedBlocks(t, sc, 1)
}

// userGuard and userHooks are a guard of the user's own config: it blocks
// chmod 777 (GUARD is the script's path).
const (
	userGuard = `input=$(cat)
case "$input" in
*'chmod 777'*) echo "blocked by no-world-writable: chmod 777" >&2; exit 2 ;;
esac
exit 0
`
	userHooks = `{
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "@shell",
        "hooks": [
          {
            "type": "command",
            "name": "no-world-writable",
            "command": "sh GUARD",
            "timeout": "5s",
            "failClosed": true
          }
        ]
      }
    ]
  }
}
`
)

// failClosedMisspelledEvent (issue item 3): a trusted project with the
// guard init writes, and a hand-written .claude/settings.json entry under
// PreToolUse that runs hookexec fire PreTolUse (a misspelled event, with
// nothing registered under it). chmod 777 must not run, the model must be
// told of the misspelled event, and hookexec log --blocked must list the
// block.
func failClosedMisspelledEvent(t *testing.T, env e2eEnv, rep *failClosedReport) {
	u := newE2EUser(t, env, "user")
	project := u.project(t, "misspelled-event")
	sc := rep.scenario("misspelled-event", "a misspelled event in a hand-written Claude settings entry", u, project)
	sc.hookexec(t, "init", "--yes")
	writeVictim(t, project)
	settings := map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
		"hooks": []any{map[string]any{"type": "command", "command": "hookexec fire PreTolUse --format claude"}},
	}}}}
	require.NoError(t, os.MkdirAll(filepath.Join(project, ".claude"), 0o755))
	writeJSONFile(t, filepath.Join(project, ".claude", "settings.json"), settings)
	b, err := os.ReadFile(filepath.Join(project, ".claude", "settings.json"))
	require.NoError(t, err)
	sc.add("Then the user writes `.claude/settings.json` by hand, with the event misspelled:\n\n```json\n%s```\n", b)

	res := sc.session(t, env, "Make x writable for everyone.", scriptedCall{name: "Bash", input: bashCall(guardedCommand)})
	results := toolResults(res)
	require.Len(t, results, 1, "the model got one tool result")
	assertNotRun(t, project)
	assert.Contains(t, results[0], "is_error=true", "the tool call was not refused")
	assert.Contains(t, results[0], "PreTolUse", "the reason the model saw does not name the misspelled event")
	// SPEC §2.5: every case is recorded in the decision log.
	assertLoggedBlocks(t, sc, 1)
}

// failClosedTeammate (issue item 5): a project set up with hookexec init
// and install claude --portable, committed; a teammate clones it (their
// own HOME, so a trust store that has never seen it). In the clone, before
// hookexec trust, chmod 777 must not run and the model must be told to run
// hookexec trust; after hookexec trust --yes, an everyday command runs and
// chmod 777 is blocked by the guard init wrote. hookexec log --blocked
// lists both blocks.
func failClosedTeammate(t *testing.T, env e2eEnv, rep *failClosedReport) {
	owner := newE2EUser(t, env, "owner")
	origin := owner.project(t, "origin")
	owner.replacer = strings.NewReplacer(origin, "<origin>", owner.home, "<owner-home>")
	sc := rep.scenario("teammate-clone", "a teammate's fresh clone of a project installed with --portable", owner, origin)
	sc.hookexec(t, "init", "--yes")
	sc.hookexec(t, "install", "claude", "--portable")
	writeVictim(t, origin)
	sc.git(t, "add", "-A")
	sc.git(t, "commit", "-q", "-m", "guard the project with hookexec")
	sc.git(t, "ls-files")

	mate := newE2EUser(t, env, "teammate")
	clone := filepath.Join(mate.home, "work", "clone")
	mate.replacer = strings.NewReplacer(origin, "<origin>", clone, "<clone>", mate.home, "<teammate-home>", owner.home, "<owner-home>")
	sc.user, sc.project = mate, filepath.Dir(clone)
	require.NoError(t, os.MkdirAll(sc.project, 0o755))
	sc.add("A teammate, with their own HOME (so a trust store that has never seen the project), clones it:\n")
	sc.git(t, "clone", "-q", origin, clone)
	sc.project = clone
	sc.add("The teammate runs claude in the clone before trusting it:\n")

	res := sc.session(t, env, "Make x writable for everyone.", scriptedCall{name: "Bash", input: bashCall(guardedCommand)})
	results := toolResults(res)
	require.Len(t, results, 1, "the model got one tool result")
	assertNotRun(t, clone)
	assert.Contains(t, results[0], "is_error=true", "the tool call in the untrusted clone was not refused")
	assert.Contains(t, results[0], "hookexec trust", "the reason the model saw does not say to run hookexec trust")

	sc.hookexec(t, "trust", "--yes")
	res = sc.session(t, env, "Note the day, then make x writable for everyone.",
		scriptedCall{name: "Bash", input: bashCall(everydayCommand)}, scriptedCall{name: "Bash", input: bashCall(guardedCommand)})
	results = toolResults(res)
	require.Len(t, results, 2, "the model got two tool results")
	assert.FileExists(t, filepath.Join(clone, "everyday.txt"), "the everyday command did not run in the trusted clone")
	assert.Contains(t, results[0], "is_error=false", "the everyday command was refused in the trusted clone")
	assertNotRun(t, clone)
	assert.Contains(t, results[1], "is_error=true", "chmod 777 was not refused in the trusted clone")
	assert.Contains(t, results[1], "hookexec:default/chmod-world-writable", "chmod 777 was not blocked by the guard init wrote, in the trusted clone")
	// SPEC §2.5: every case is recorded in the decision log, the block
	// before trust as well as the policy's.
	assertLoggedBlocks(t, sc, 2)
}

// assertLoggedBlocks checks that hookexec log --blocked lists the guarded
// command n times (SPEC §2.5: every block is in the decision log), then
// runs log --guard-off for the report.
func assertLoggedBlocks(t *testing.T, sc *failClosedCase, n int) {
	t.Helper()
	out, code := sc.hookexecAny(t, "log", "--blocked")
	if assert.Zero(t, code, "hookexec log --blocked:\n%s", out) {
		assert.Equal(t, n, strings.Count(out, guardedCommand), "hookexec log --blocked does not list %d block(s) of %s:\n%s", n, guardedCommand, out)
	}
	sc.hookexecAny(t, "log", "--guard-off") // for the report
}

// victimMode is the mode of x, the file the guarded command would make
// writable for everyone.
const victimMode = 0o644

func writeVictim(t *testing.T, project string) {
	t.Helper()
	p := filepath.Join(project, "x")
	require.NoError(t, os.WriteFile(p, []byte("precious\n"), victimMode))
	require.NoError(t, os.Chmod(p, victimMode))
}

// assertNotRun fails the test when chmod 777 x ran in project.
func assertNotRun(t *testing.T, project string) {
	t.Helper()
	fi, err := os.Stat(filepath.Join(project, "x"))
	if assert.NoError(t, err) {
		assert.Equal(t, os.FileMode(victimMode), fi.Mode().Perm(), "%s ran: x is %v", guardedCommand, fi.Mode().Perm())
	}
}

func bashCall(command string) map[string]any {
	return map[string]any{"command": command, "description": "do what the user asked"}
}

// e2eUser is a scratch user: a fresh HOME of their own, with no XDG_*
// variables (the trust store, the user's config and the decision log are
// at their defaults under HOME, whether or not hookexec reads the
// variables under an agent), a git identity, and the hookexec under test
// first on PATH.
type e2eUser struct {
	name     string
	home     string
	bin      string // hookexec
	env      []string
	replacer *strings.Replacer
}

func newE2EUser(t *testing.T, env e2eEnv, name string) *e2eUser {
	t.Helper()
	home := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.MkdirAll(home, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gitconfig"),
		[]byte("[user]\n\tname = "+name+"\n\temail = "+name+"@example.invalid\n[init]\n\tdefaultBranch = main\n"), 0o644))
	return &e2eUser{name: name, home: home, bin: env.bin, env: []string{
		"PATH=" + pathWith(filepath.Dir(env.bin)),
		"HOME=" + home,
		"LANG=C.UTF-8",
		"GIT_CONFIG_NOSYSTEM=1",
	}, replacer: strings.NewReplacer(home, "<home>")}
}

// scrub is s as the report shows it: the user's places by name, and any
// other path under the temporary directory (one hookexec log cut short)
// without this machine's part.
func (u *e2eUser) scrub(s string) string {
	return strings.ReplaceAll(u.replacer.Replace(s), filepath.Join(os.TempDir(), "Test"), "<tmp>/Test")
}

// project is a fresh git repository of the user's.
func (u *e2eUser) project(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(u.home, "work", name)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	cmd := exec.Command("git", "init", "-q", dir)
	cmd.Env = u.env
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git init:\n%s", out)
	u.replacer = strings.NewReplacer(dir, "<project>", u.home, "<home>")
	return dir
}

// failClosedReport is the text of OUT/claude-failclosed.md: a table of
// what each case's tool calls did, then what each step printed.
type failClosedReport struct {
	cases []*failClosedCase
}

type failClosedCase struct {
	name, title string
	user        *e2eUser
	project     string
	text        strings.Builder
	rows        []string
	sessions    int
	elapsed     time.Duration
}

func (r *failClosedReport) scenario(name, title string, u *e2eUser, project string) *failClosedCase {
	c := &failClosedCase{name: name, title: title, user: u, project: project}
	r.cases = append(r.cases, c)
	return c
}

func (c *failClosedCase) add(format string, args ...any) {
	c.text.WriteString(c.user.scrub(fmt.Sprintf(format, args...)) + "\n")
}

// hookexec runs hookexec args as the case's user in its project, and
// fails the test unless it exits 0.
func (c *failClosedCase) hookexec(t *testing.T, args ...string) string {
	t.Helper()
	out, code := c.hookexecAny(t, args...)
	require.Zero(t, code, "hookexec %s:\n%s", strings.Join(args, " "), out)
	return out
}

// hookexecAny runs hookexec args as the case's user in its project, with
// any exit status.
func (c *failClosedCase) hookexecAny(t *testing.T, args ...string) (string, int) {
	t.Helper()
	out, code := runQuickstartLine(c.user.bin, args, c.project, c.user.env)
	c.add("`hookexec %s` exited %d:\n\n```\n%s```\n", strings.Join(args, " "), code, out)
	return out, code
}

// fire asks hookexec, as Claude Code would in the case's project, about
// a Bash call of command (not recorded: HOOKEXEC_AUDIT=off), and returns
// its answer.
func (c *failClosedCase) fire(t *testing.T, command string) string {
	t.Helper()
	in, err := json.Marshal(map[string]any{"session_id": "failclosed-preflight", "cwd": c.project, "hook_event_name": "PreToolUse",
		"tool_name": "Bash", "tool_input": bashCall(command)})
	require.NoError(t, err)
	cmd := exec.Command(c.user.bin, "fire", "PreToolUse", "--format", "claude")
	cmd.Dir = c.project
	cmd.Env = append(append([]string(nil), c.user.env...), "HOOKEXEC_AUDIT=off")
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	require.NoError(t, err, "hookexec fire PreToolUse on %q", command)
	c.add("`hookexec fire PreToolUse --format claude` on a Bash call of `%s` answered:\n\n```json\n%s```\n", command, out)
	return string(out)
}

func (c *failClosedCase) git(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = c.project
	cmd.Env = c.user.env
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %s:\n%s", strings.Join(args, " "), out)
	c.add("`git %s`\n", strings.Join(args, " "))
	if len(out) > 0 {
		c.add("```\n%s```\n", out)
	}
}

// session runs claude -p as the case's user in its project (x, when
// there, back to victimMode first), the fake model asking for script's
// calls in order, and reports what each call did.
func (c *failClosedCase) session(t *testing.T, env e2eEnv, prompt string, script ...scriptedCall) runResult {
	t.Helper()
	c.sessions++
	// x back to its mode, whatever an earlier session did to it.
	if _, err := os.Stat(filepath.Join(c.project, "x")); err == nil {
		require.NoError(t, os.Chmod(filepath.Join(c.project, "x"), victimMode))
	}
	api := startScriptedAPI(t, script, nil)
	res := claudeSession(t, env, session{project: c.project, home: c.user.home, api: api, prompt: prompt, env: c.user.env})
	dir := filepath.Join(env.out, "claude", "failclosed-"+c.name, fmt.Sprint(c.sessions))
	dump(t, dir, res)
	// The decision log as the session left it, beside the session's evidence.
	if b, err := os.ReadFile(filepath.Join(c.user.home, ".local", "state", "hookexec", "audit", "decisions.jsonl")); err == nil {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "decisions.jsonl"), b, 0o644))
	}
	c.elapsed += res.elapsed
	require.NoError(t, res.err, "claude:\n%s", res.stderr)
	results := toolResults(res)
	c.add("`claude -p %s` (its fake model asking for %s) took %s; the model got:\n", shellQuote(prompt), scriptText(script), res.elapsed.Round(time.Millisecond))
	for i, r := range results {
		c.add("```\n%s\n```\n", r)
		if i < len(script) {
			c.rows = append(c.rows, fmt.Sprintf("| %s | `%s` | %s | %s |", c.title, script[i].input["command"],
				ranText(r), tableCell(c.user.scrub(strings.TrimSpace(strings.SplitN(r, ": ", 2)[1])))))
		}
	}
	return res
}

func scriptText(script []scriptedCall) string {
	var parts []string
	for _, s := range script {
		parts = append(parts, fmt.Sprintf("`%s`", s.input["command"]))
	}
	return strings.Join(parts, ", then ")
}

// ranText says whether the call ran, from its tool result.
func ranText(result string) string {
	if strings.HasPrefix(result, "is_error=true") {
		return "no (refused)"
	}
	return "yes"
}

var cellSpace = regexp.MustCompile(`\s+`)

func tableCell(s string) string {
	s = cellSpace.ReplaceAllString(s, " ")
	if len(s) > 400 {
		s = s[:400] + "…"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}

func (r *failClosedReport) write(t *testing.T, path string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("TestClaudeFailClosed (SPEC §2.5): hookexec set up as the README and docs/install.md say, then an ordinary mistake or a teammate's fresh clone; each tool call a headless `claude -p` session's fake model asked for:\n\n")
	b.WriteString("| case | tool call | ran? | what the model saw |\n|---|---|---|---|\n")
	for _, c := range r.cases {
		for _, row := range c.rows {
			b.WriteString(row + "\n")
		}
	}
	for _, c := range r.cases {
		sessions := "1 claude session"
		if c.sessions != 1 {
			sessions = fmt.Sprintf("%d claude sessions", c.sessions)
		}
		fmt.Fprintf(&b, "\n### %s\n\n%s, %s in all.\n\n%s", c.title, sessions, c.elapsed.Round(time.Millisecond), c.text.String())
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}
