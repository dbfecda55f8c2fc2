package codex

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHandlersHash: the keys and hashes are those codex app-server 0.169.0
// reported in hooks/list (currentHash) for the same files.
func TestHandlersHash(t *testing.T) {
	t.Parallel()
	const path = "/var/tmp/cx1/proj/.codex/hooks.json"
	data := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo hi","timeout":5}]},
		{"hooks":[{"type":"command","command":"/usr/bin/hookexec fire PreToolUse --format codex"}]}],
		"Stop":[{"hooks":[{"type":"command","command":"x y","statusMessage":"s"}]}]}}`
	got, err := Handlers(path, []byte(data))
	require.NoError(t, err)
	assert.Equal(t, []Handler{
		{Key: path + ":pre_tool_use:0:0", Event: "PreToolUse", Command: "echo hi", Hash: "sha256:b98dab5eee824a2bcfee70e81c0883e7226870b4c205cfe7fcd34b86d81322e0"},
		{Key: path + ":pre_tool_use:1:0", Event: "PreToolUse", Command: "/usr/bin/hookexec fire PreToolUse --format codex", Hash: "sha256:18d912188215c8c8f81261f488e74378342ad3cd8526a351574052e424871df9"},
		{Key: path + ":stop:0:0", Event: "Stop", Command: "x y", Hash: "sha256:440490a83436013b5c41197b7ead5bd5d726c5bc667606aa75fac4b12be880d4"},
	}, got)
}

// TestHandlersHashEscapes: a command with characters JSON encoders treat
// differently (<, &, U+2028, a control character), and the events whose
// matcher Codex drops (Stop) or keeps (PreCompact): the hashes app-server
// reported.
func TestHandlersHashEscapes(t *testing.T) {
	t.Parallel()
	cmd := "c <&> \u2028 \u0001"
	data := `{"hooks":{"PreToolUse":[{"matcher":"X","hooks":[{"type":"command","command":"c <&> \u2028 \u0001"}]}],
		"Stop":[{"matcher":"X","hooks":[{"type":"command","command":"c <&> \u2028 \u0001"}]}],
		"PreCompact":[{"matcher":"X","hooks":[{"type":"command","command":"c <&> \u2028 \u0001"}]}],
		"Nope":[{"hooks":[{"type":"command","command":"x"}]}]}}`
	got, err := Handlers("/p/.codex/hooks.json", []byte(data))
	require.NoError(t, err)
	require.Len(t, got, 3)
	assert.Equal(t, cmd, got[0].Command)
	assert.Equal(t, "sha256:86e3e8b536a2225c436f523c720b33f6d1dc9265576b37db29a27afb4a8d0295", got[0].Hash)
	assert.Equal(t, "sha256:10aa2b534723fac5d57d232b46678b4b5330bca4b047bab51d5ed41e1d650bdb", got[1].Hash)
	assert.Equal(t, "sha256:e963149134a578ef852701827bdbf1b932cd62f71da24b660b4882821dc0287e", got[2].Hash)
}

// TestHandlersIndexes: a prompt hook takes an index, an unknown type does
// not, an empty command is skipped; bad input is an error naming the file.
func TestHandlersIndexes(t *testing.T) {
	t.Parallel()
	data := `{"hooks":{"PostToolUse":[{"hooks":[{"type":"http","url":"u"},{"type":"prompt"},{"type":"command","command":" "},{"type":"command","command":"a","timeout":0}]}]}}`
	got, err := Handlers("/f", []byte(data))
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, "/f:post_tool_use:0:2", got[0].Key)
	_, err = Handlers("/f", []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"a","timeout":1.5}]}]}}`))
	assert.ErrorContains(t, err, "/f: Stop[0].hooks: timeout 1.5 is not a whole number")
	_, err = Handlers("/f", []byte(`{"hooks":[`))
	assert.ErrorContains(t, err, "/f: ")
}

// TestHandlersShortEvents: SessionEnd and Interrupt hooks get 1 s by
// default and 3 s at most; the hashes app-server reported.
func TestHandlersShortEvents(t *testing.T) {
	t.Parallel()
	data := `{"hooks":{"Interrupt":[{"hooks":[{"type":"command","command":"a"},{"type":"command","command":"b","timeout":5}]}]}}`
	got, err := Handlers("/p/.codex/hooks.json", []byte(data))
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, "/p/.codex/hooks.json:interrupt:0:1", got[1].Key)
	assert.Equal(t, handler{Command: "a", Timeout: 1}.hash("interrupt", nil), got[0].Hash)
	assert.Equal(t, handler{Command: "b", Timeout: 3}.hash("interrupt", nil), got[1].Hash)
	assert.Equal(t, "sha256:fb1ffe26e8dbd2e7fb8855d602d1545f7e1b53854ebfb71aead8f18db9e7607a", handler{Command: "true", Timeout: 1}.hash("interrupt", nil))
}
