package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// doRequest is a request for BeforeTool with input and the config at
// path, the environment getenv's.
func doRequest(t *testing.T, path, input string, getenv func(string) string) Request {
	t.Helper()
	ev, err := event.Resolve("BeforeTool")
	require.NoError(t, err)
	return Request{
		Event: ev,
		Input: func() (*event.Input, error) {
			return event.ParseInput([]byte(input), time.Now(), t.TempDir())
		},
		Format:     verdict.FormatResult,
		ProjectDir: filepath.Dir(path),
		Configs:    []string{path},
		Getenv:     getenv,
		Environ:    os.Environ(),
	}
}

func noEnv(string) string { return "" }

func testEngine() Engine {
	return Engine{Runner: runner.New(runner.Options{}), Environ: os.Environ(), Log: zerolog.Nop()}
}

// Do loads, runs and merges: the hook's block is the verdict, the
// request's warnings come first.
func TestDoFires(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := configFile(t, dir, map[string][]def{"BeforeTool": {group(named("guard", "echo no >&2; exit 2"))}})
	req := doRequest(t, path, `{"tool_name":"Bash"}`, noEnv)
	req.Warnings = []string{"a flag's warning"}
	res := testEngine().Do(context.Background(), req)
	require.NoError(t, res.Err)
	require.NoError(t, res.Refused)
	assert.True(t, res.Verdict.Blocked)
	require.Len(t, res.Verdict.Hooks, 1)
	assert.Equal(t, "guard", res.Verdict.Hooks[0].Name)
	assert.Equal(t, []string{"a flag's warning"}, res.Verdict.Warnings)
	assert.Equal(t, dir, res.ProjectDir)
	assert.NotNil(t, res.Input)
	assert.False(t, res.Loaded.Before(res.Start))
}

// An input error reads no config; a config error is told apart from it.
// Neither is answered in the result format without --fail-closed; with it,
// the event that can block is denied.
func TestDoErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.json")
	require.NoError(t, os.WriteFile(broken, []byte(`{"hooks":`), 0o644))

	req := doRequest(t, broken, `{"tool_name":`, noEnv)
	res := testEngine().Do(context.Background(), req)
	require.Error(t, res.Err)
	assert.True(t, res.InputErr)
	assert.Nil(t, res.Registry, "no config is read after an input error")
	assert.False(t, res.Answered)

	req = doRequest(t, broken, `{}`, noEnv)
	res = testEngine().Do(context.Background(), req)
	require.Error(t, res.Err)
	assert.False(t, res.InputErr)
	assert.False(t, res.Answered)

	req.FailClosed = true
	res = testEngine().Do(context.Background(), req)
	require.True(t, res.Answered)
	assert.True(t, res.Verdict.Blocked)
	assert.Equal(t, "deny", res.Verdict.Decision)
	// SPEC §2.5: the reason names the file and the command that checks
	// the fix.
	assert.Equal(t, res.Err.Error()+"; fix it and check it with 'hookexec validate "+broken+"'", res.Verdict.Reason)

	req.FailClosed = false
	req.Format = verdict.Format(claude.Name)
	res = testEngine().Do(context.Background(), req)
	require.True(t, res.Answered, "an agent format answers every error")
	assert.True(t, res.Verdict.Blocked, "no guard ran: an event that can block is denied (SPEC §2.5)")
	assert.Contains(t, res.Verdict.SystemMessage, "no hook ran for this event")
	require.Len(t, res.Verdict.GuardOff, 1)
	assert.Equal(t, verdict.GuardOffConfigError, res.Verdict.GuardOff[0].Kind)
}

// Nested too deep, Do refuses; a HOOKEXEC_DEPTH that is no count denies
// the event as --fail-closed would. No hook runs.
func TestDoDepth(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := configFile(t, dir, map[string][]def{"BeforeTool": {group(cmd("touch ran"))}})
	eng := testEngine()
	eng.Depth = MaxDepth

	req := doRequest(t, path, `{}`, func(k string) string {
		if k == DepthVar {
			return "8"
		}
		return ""
	})
	res := eng.Do(context.Background(), req)
	require.Error(t, res.Refused)
	assert.Contains(t, res.Refused.Error(), "hooks are firing hookexec recursively")
	assert.NoError(t, res.Err)

	req.Getenv = func(k string) string {
		if k == DepthVar {
			return "lots"
		}
		return ""
	}
	res = eng.Do(context.Background(), req)
	require.NoError(t, res.Refused)
	require.Error(t, res.Err)
	assert.True(t, res.Answered)
	assert.True(t, res.Verdict.Blocked)
	assert.NoFileExists(t, filepath.Join(dir, "ran"))
}

// With Abandon, a cancelled context stops the wait for an input that
// never comes; without it, Do waits for the input.
func TestDoAbandon(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := configFile(t, dir, map[string][]def{"BeforeTool": {group(cmd("true"))}})
	release := make(chan struct{})
	defer close(release)
	req := doRequest(t, path, `{}`, noEnv)
	req.Input = func() (*event.Input, error) {
		<-release
		return nil, errors.New("never read")
	}
	req.Abandon = true
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := testEngine().Do(ctx, req)
	assert.True(t, res.Interrupted)
	assert.Equal(t, "BeforeTool", res.Verdict.Event)
	assert.True(t, res.Verdict.Continue)
	assert.Empty(t, res.Verdict.Hooks)
	assert.NoError(t, res.Err)

	req.Abandon = false
	req.Input = func() (*event.Input, error) { return nil, &event.InputError{Msg: "read anyway"} }
	res = testEngine().Do(ctx, req)
	assert.False(t, res.Interrupted)
	require.Error(t, res.Err)
	assert.True(t, strings.Contains(res.Err.Error(), "read anyway"))
}
