package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
)

func TestForEvent(t *testing.T) {
	t.Parallel()
	pre, _ := event.ByKey("PreToolUse")
	tests := []struct {
		key  string
		want bool
	}{
		{"", true},                // a whole file: could be any event's
		{"PreToolUse", true},      // the event's Claude name
		{"BeforeTool", true},      // its canonical name
		{"Stop", false},           // another event
		{"pretooluse", true},      // a typo in case only
		{"PreToolUze", false},     // another unknown key
		{"PostToolBatchX", false}, // an unknown event
		{"BeforeToolSelection", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, forEvent(registry.Diagnostic{EventKey: tt.key}, pre), tt.key)
	}
	unknown := event.Unknown("PostToolBatchX")
	assert.False(t, forEvent(registry.Diagnostic{EventKey: "PostToolBatchX"}, unknown),
		"an event hookexec does not know, fired by name, runs the hooks of its key: they were not left out")
	assert.True(t, forEvent(registry.Diagnostic{EventKey: "postToolBatchX"}, unknown), "a typo in case only")
}

// TestFireFailClosedOverSkippedHooks: an event that can block is denied (SPEC
// §2.5; once only under --fail-closed) when a hook that could be its own was
// left out, and the verdict carries every skipped entry for the agent's
// notice.
func TestFireFailClosedOverSkippedHooks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"hooks":{
  "BeforeTool":[{"hooks":[{"type":"prompt","prompt":"ok?"},{"type":"command","command":"true"}]}],
  "AfterAgent":[{"hooks":[{"type":"command","command":"true"}]}]
}}`), 0o644))
	reg, err := registry.Load(registry.Options{Configs: []string{path}, Getenv: func(string) string { return "" }})
	require.NoError(t, err)
	e := &Engine{Runner: runner.New(runner.Options{}), ProjectDir: dir, Environ: os.Environ(), Log: zerolog.Nop()}
	fire := func(name string, failClosed bool) (blocked bool, reason string, skipped []string) {
		ev, _ := event.ByKey(name)
		in, err := event.ParseInput(nil, time.Now(), dir)
		require.NoError(t, err)
		v := e.Fire(context.Background(), reg, ev, in, planner.Options{FailClosed: failClosed})
		return v.Blocked, v.Reason, v.Skipped
	}

	blocked, reason, skipped := fire("BeforeTool", true)
	assert.True(t, blocked)
	assert.Contains(t, reason, "hooks that could be this event's were left out: "+path+":2:35: BeforeTool[0].hooks[0]: unsupported hook type \"prompt\"")
	assert.Contains(t, reason, "check it with 'hookexec validate "+path+"'")
	assert.Len(t, skipped, 1)

	blocked, _, _ = fire("BeforeTool", false)
	assert.True(t, blocked, "without --fail-closed too (SPEC §2.5)")
	e.Untrusted = UntrustedSkip
	blocked, _, _ = fire("BeforeTool", false)
	assert.True(t, blocked, "--untrusted skip opts out of the trust denies only")
	e.Untrusted = ""
	blocked, _, skipped = fire("AfterAgent", true)
	assert.False(t, blocked, "the skipped hook was another event's")
	assert.Len(t, skipped, 1, "the notice names it all the same")
}
