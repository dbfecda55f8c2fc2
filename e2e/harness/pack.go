package harness

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// PackConfig is a native hookexec config whose only hook is the built-in
// pack hookexec:default on every tool call (docs/rules.md): the project's
// .hookexec/hooks.json in the pack suites.
const PackConfig = `{"hooks": {"PreToolUse": [{"hooks": [{"type": "rules", "name": "guard", "use": ["hookexec:default"]}]}]}}
`

// PackEveryday is the everyday shell call of the pack suites: a listing,
// git status and a file written in the project. hookexec:default must let
// it through (it ran when todo.txt holds PackTodo).
const PackEveryday = "ls && git status --short && echo 'ship it' > todo.txt"

// PackTodo is what PackEveryday writes to todo.txt.
const PackTodo = "ship it\n"

// PackFixture is the work a destructive shell call can lose, in a git
// repository of its own: an uncommitted change to notes.txt, an untracked
// draft.txt, and a directory beside the project, outside it
// (../other-project/keep.txt).
type PackFixture struct {
	Project string
	Outside string
	env     []string
}

// The fixture's content.
const (
	packCommitted   = "committed\n"
	packUncommitted = "committed\nand an edit not committed yet\n"
	packDraft       = "an untracked draft\n"
	packKeep        = "another project's file\n"
)

// NewPackFixture makes the fixture under parent (the project is
// parent/project, the outside directory parent/other-project), running git
// with env (a HOME of the test's).
func NewPackFixture(t testing.TB, parent string, env []string) *PackFixture {
	t.Helper()
	f := &PackFixture{Project: filepath.Join(parent, "project"), Outside: filepath.Join(parent, "other-project"), env: env}
	require.NoError(t, os.MkdirAll(f.Project, 0o755))
	f.git(t, "init", "-q")
	require.NoError(t, os.WriteFile(filepath.Join(f.Project, "notes.txt"), []byte(packCommitted), 0o644))
	f.git(t, "add", "notes.txt")
	f.git(t, "-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", "commit", "-q", "-m", "notes")
	f.Restore(t)
	return f
}

// Restore puts back whatever a call lost, and removes todo.txt.
func (f *PackFixture) Restore(t testing.TB) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(f.Project, "notes.txt"), []byte(packUncommitted), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(f.Project, "draft.txt"), []byte(packDraft), 0o644))
	require.NoError(t, os.MkdirAll(f.Outside, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(f.Outside, "keep.txt"), []byte(packKeep), 0o644))
	require.NoError(t, os.RemoveAll(filepath.Join(f.Project, "todo.txt")))
}

// Lost lists what the fixture no longer holds: "the uncommitted change",
// "the untracked draft", "the directory outside the project" (none when
// nothing was lost).
func (f *PackFixture) Lost() []string {
	var lost []string
	if b, err := os.ReadFile(filepath.Join(f.Project, "notes.txt")); err != nil || string(b) != packUncommitted {
		lost = append(lost, "the uncommitted change")
	}
	if b, err := os.ReadFile(filepath.Join(f.Project, "draft.txt")); err != nil || string(b) != packDraft {
		lost = append(lost, "the untracked draft")
	}
	if b, err := os.ReadFile(filepath.Join(f.Outside, "keep.txt")); err != nil || string(b) != packKeep {
		lost = append(lost, "the directory outside the project")
	}
	return lost
}

// EverydayRan reports whether PackEveryday ran (todo.txt holds PackTodo).
func (f *PackFixture) EverydayRan() bool {
	b, err := os.ReadFile(filepath.Join(f.Project, "todo.txt"))
	return err == nil && string(b) == PackTodo
}

// WritePackConfig writes PackConfig as the project's .hookexec/hooks.json.
func (f *PackFixture) WritePackConfig(t testing.TB) {
	t.Helper()
	require.True(t, json.Valid([]byte(PackConfig)))
	dir := filepath.Join(f.Project, ".hookexec")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hooks.json"), []byte(PackConfig), 0o644))
}

func (f *PackFixture) git(t testing.TB, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = f.Project, append(append([]string(nil), f.env...), "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %s:\n%s", strings.Join(args, " "), out)
}

// PackRow is one agent's line of the pack table (OUT/AGENT-pack.md): its
// own checks as the suite runs it, the destructive call, what that call
// did without hookexec and with the pack, the reason the model got, and
// whether the everyday call ran with the pack.
type PackRow struct {
	Agent       string
	OwnChecks   string
	Destructive string
	Alone       string
	Guarded     string
	Reason      string
	EverydayRan bool
}

// PackLost says what a call lost: "nothing lost" or "lost X, Y".
func PackLost(l []string) string {
	if len(l) == 0 {
		return "nothing lost"
	}
	return "lost " + strings.Join(l, ", ")
}

// WritePackRow writes the row as one line of the markdown table make
// e2e's report puts under its header (e2e/run.sh).
func WritePackRow(t testing.TB, path string, r PackRow) {
	t.Helper()
	everyday := "ran"
	if !r.EverydayRan {
		everyday = "stopped"
	}
	cell := func(s string) string {
		s = strings.Join(strings.Fields(s), " ")
		if len(s) > 500 {
			s = s[:500] + "…"
		}
		return strings.ReplaceAll(s, "|", `\|`)
	}
	line := fmt.Sprintf("| %s | %s | `%s` | %s | %s; the model got: %s | `%s`: %s |\n",
		r.Agent, cell(r.OwnChecks), r.Destructive, cell(r.Alone), cell(r.Guarded), cell(r.Reason), PackEveryday, everyday)
	require.NoError(t, os.WriteFile(path, []byte(line), 0o644))
}
