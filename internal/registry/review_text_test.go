package registry

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

func TestReviewWriteText(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".hookexec", "hooks.json"),
		`{"hooks": {"BeforeTool": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./bin/guard.sh --strict", "timeout": 5000}]}]}}`)
	writeFile(t, filepath.Join(dir, "bin", "guard.sh"), "exit 0\n")
	r, err := ReviewProject(dir)
	require.NoError(t, err)

	var b bytes.Buffer
	require.NoError(t, r.WriteText(&b, termstyle.Style{}))
	copied := ""
	if trust.CopiesSupported {
		copied = "; runs from a trusted copy" // not on Windows: trust.CopiesSupported
	}
	want := strings.Join([]string{
		"project " + r.Root,
		"files:",
		"  .hookexec/hooks.json  " + trust.ShortPin(r.Pins[".hookexec/hooks.json"]),
		"  bin/guard.sh  " + trust.ShortPin(trust.Hash([]byte("exit 0\n"))) + "  (named by a hook" + copied + ")",
		"hooks:",
		`  .hookexec/hooks.json BeforeTool "Bash": ./bin/guard.sh --strict  [timeout=5s]`,
		"",
	}, "\n")
	assert.Equal(t, want, b.String())

	v := r.Version(time.Unix(0, 0))
	assert.Equal(t, r.Hash, v.Hash, "the version trust writes is what --print-hash prints")
	assert.Equal(t, r.Commands, v.Commands)
}

func TestReviewWriteTextWarnings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".hookexec", "hooks.json"), `{"hooks": `)
	r, err := ReviewProject(dir)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, r.WriteText(&b, termstyle.Style{}))
	assert.Contains(t, b.String(), "hooks:\n  (none)\nwarnings:\n  ")
	assert.Contains(t, b.String(), "hooks.json:1:11: warning: invalid JSON: unexpected end of JSON input; fire skips this file and denies the events its hooks could guard\n")
	// SPEC §2.5: trust refuses it, naming the place and the command that
	// checks the fix.
	err = r.RefusedError()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hooks.json:1:11: invalid JSON: unexpected end of JSON input; fire skips this file and denies the events its hooks could guard\n")
	assert.Contains(t, err.Error(), "run 'hookexec validate "+filepath.Join(dir, ".hookexec", "hooks.json")+"'")
}

// trust's review lists an http hook by its URL, with its headers as written
// and the variables it may send off the machine.
func TestReviewHTTPHook(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".hookexec", "hooks.json"),
		`{"hooks": {"BeforeTool": [{"hooks": [{"type": "http", "url": "https://policy.example/hook", "headers": {"Authorization": "Bearer $TOKEN"}, "allowedEnvVars": ["TOKEN"], "onFailure": "block"}]}]}}`)
	r, err := ReviewProject(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{`.hookexec/hooks.json BeforeTool: POST https://policy.example/hook  [header Authorization: Bearer $TOKEN, allowedEnvVars TOKEN, failClosed]`}, r.Commands)
}

// SPEC §2.5: trust refuses a hook of the project's config files that a
// bare millisecond timeout under 100 would kill before it decides, but not
// one of a test case's config (a test of timeouts means it).
func TestReviewRefusesTinyTimeoutNotInCases(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hook := `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "./guard.sh", "timeout": 5}]}]}}`
	writeFile(t, filepath.Join(dir, ".hookexec", "tests", "cases.json"), "[]")
	writeFile(t, filepath.Join(dir, ".hookexec", "hooks.json"), `{}`)
	cases := func(string, []byte) ([]CaseConfig, error) {
		return []CaseConfig{{Case: "slow", Data: []byte(hook)}}, nil
	}
	r, err := ReviewWithCases(dir, cases)
	require.NoError(t, err)
	assert.Empty(t, r.Refused())
	require.NoError(t, r.RefusedError())

	writeFile(t, filepath.Join(dir, ".hookexec", "hooks.json"), hook)
	r, err = ReviewWithCases(dir, cases)
	require.NoError(t, err)
	require.Len(t, r.Refused(), 1)
	assert.Contains(t, r.Refused()[0], `hooks.json:1:94: BeforeTool[0].hooks[0]: "timeout": 5 is 5ms`)
}
