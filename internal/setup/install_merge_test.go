package setup

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testProgram = "/opt/hook exec/hookexec"

func agent(t *testing.T, name string) Agent {
	t.Helper()
	ag, err := ParseAgent(name)
	require.NoError(t, err)
	return ag
}

func TestMerge(t *testing.T) {
	t.Parallel()
	yes := true
	tests := []struct {
		name    string
		agent   string
		in      string
		wants   []wantEntry
		want    string // compact JSON of the result
		added   []string
		updated []string
		changed bool
	}{{
		name:  "new file",
		agent: "claude", in: "",
		wants:   []wantEntry{{Key: "PreToolUse", Timeout: 120}},
		want:    `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire PreToolUse --format claude","timeout":120}]}]}}`,
		added:   []string{"PreToolUse"},
		changed: true,
	}, {
		name:  "other keys and the user's hooks stay, in order",
		agent: "claude",
		in:    `{"model":"x","hooks":{"Stop":[{"hooks":[{"type":"command","command":"./mine.sh"}]}]},"z":1}`,
		wants: []wantEntry{{Key: "Stop", Timeout: 130}, {Key: "PreToolUse", Timeout: 120}},
		want: `{"model":"x","hooks":{"Stop":[{"hooks":[{"type":"command","command":"./mine.sh"}]},` +
			`{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":130}]}],` +
			`"PreToolUse":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire PreToolUse --format claude","timeout":120}]}]},"z":1}`,
		added:   []string{"Stop", "PreToolUse"},
		changed: true,
	}, {
		name:  "onFailure block on a new entry",
		agent: "claude", in: "",
		wants:   []wantEntry{{Key: "PreToolUse", Timeout: 120, OnFailure: onFailureBlock}},
		want:    `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire PreToolUse --format claude","timeout":120,"onFailure":"block"}]}]}}`,
		added:   []string{"PreToolUse"},
		changed: true,
	}, {
		name:    "onFailure block added to an existing entry",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":120}]}]}}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 120, OnFailure: onFailureBlock}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":120,"onFailure":"block"}]}]}}`,
		updated: []string{"Stop"},
		changed: true,
	}, {
		name:    "fail open takes onFailure block off",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","onFailure":"block","timeout":120}]}]}}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 120}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":120}]}]}}`,
		updated: []string{"Stop"},
		changed: true,
	}, {
		name:    "fail open keeps another onFailure the user set",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","onFailure":"continue","timeout":120}]}]}}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 120}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","onFailure":"continue","timeout":120}]}]}}`,
		changed: false,
	}, {
		name:    "already there: nothing changes",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":120}]}]}}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 120}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":120}]}]}}`,
		changed: false,
	}, {
		name:    "the agents' recipe (docs/agents/claude.md) is updated in place: path, timeout; its other keys stay",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude","timeout":60,"statusMessage":"x"}]}]}}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 606}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":606,"statusMessage":"x"}]}]}}`,
		updated: []string{"Stop"},
		changed: true,
	}, {
		name:    "a longer timeout set by hand stays; --fail-closed stays unless told",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude --fail-closed","timeout":900}]}]}}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 606}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude --fail-closed","timeout":900}]}]}}`,
		updated: []string{"Stop"},
		changed: true,
	}, {
		name:  "an entry under a matcher moves to a definition of its own; a second copy goes",
		agent: "claude",
		in: `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"},{"type":"command","command":"hookexec fire PreToolUse --format claude","timeout":120}]},` +
			`{"hooks":[{"type":"command","command":"hookexec fire PreToolUse --format claude","timeout":120}]}]}}`,
		wants: []wantEntry{{Key: "PreToolUse", Timeout: 120, FailClosed: &yes}},
		want: `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh"}]},` +
			`{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire PreToolUse --format claude --fail-closed","timeout":120}]}]}}`,
		updated: []string{"PreToolUse"},
		changed: true,
	}, {
		name:    "a hookexec command of the user's own (--config) is left beside install's",
		agent:   "claude",
		in:      `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude --config x.json","timeout":120}]}]}}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 120}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"hookexec fire Stop --format claude --config x.json","timeout":120}]},{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":120}]}]}}`,
		added:   []string{"Stop"},
		changed: true,
	}, {
		name:    "gemini: name and hooksConfig.enabled, before a new hooks",
		agent:   "gemini",
		in:      `{"hooksConfig":{"enabled":false,"disabled":["a"]}}`,
		wants:   []wantEntry{{Key: "BeforeTool", Timeout: 120000}},
		want:    `{"hooksConfig":{"enabled":true,"disabled":["a"]},"hooks":{"BeforeTool":[{"hooks":[{"name":"hookexec","type":"command","command":"'/opt/hook exec/hookexec' fire BeforeTool --format gemini","timeout":120000}]}]}}`,
		added:   []string{"BeforeTool"},
		changed: true,
	}, {
		name:    "a null hooks is replaced where it is",
		agent:   "claude",
		in:      `{"hooks":null,"x":1}`,
		wants:   []wantEntry{{Key: "Stop", Timeout: 120}},
		want:    `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire Stop --format claude","timeout":120}]}]},"x":1}`,
		added:   []string{"Stop"},
		changed: true,
	}, {
		name:    "llxprt: no name, no hooksConfig",
		agent:   "llxprt",
		in:      `{}`,
		wants:   []wantEntry{{Key: "AfterAgent", Timeout: 120000}},
		want:    `{"hooks":{"AfterAgent":[{"hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire AfterAgent --format gemini","timeout":120000}]}]}}`,
		added:   []string{"AfterAgent"},
		changed: true,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := merge([]byte(tt.in), agent(t, tt.agent), testProgram, tt.wants)
			require.NoError(t, err)
			assert.Equal(t, tt.changed, res.Changed)
			assert.Equal(t, tt.added, res.Added)
			assert.Equal(t, tt.updated, res.Updated)
			assert.JSONEq(t, tt.want, string(res.Data))
			assert.Equal(t, tt.want, compact(t, res.Data), "key order")
			if !tt.changed {
				assert.Equal(t, tt.in, string(res.Data), "an unchanged file keeps its bytes")
			}
			// Merging again changes nothing.
			again, err := merge(res.Data, agent(t, tt.agent), testProgram, tt.wants)
			require.NoError(t, err)
			assert.False(t, again.Changed)
			assert.Equal(t, string(res.Data), string(again.Data))
		})
	}
}

func compact(t *testing.T, data []byte) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, json.Compact(&b, data))
	return b.String()
}

func TestMergeRefuses(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, err string }{
		{`{"model": "x",`, "1:15: unexpected end of JSON"},
		{`[1]`, "an array, not an object"},
		{`{"a": 1} {}`, "text after the object"},
		{`{"a": 1, "a": 2}`, `duplicate key "a"`},
		{`{"hooks": []}`, `"hooks": an array, not an object`},
		{`{"hooks": {"Stop": {}}}`, "hooks.Stop is an object, not an array of hook definitions"},
		{`{"hooks": {"enabled": true}}`, "hooks.enabled is a boolean, not an array"},
		{`{"hooks": {"Stop": [1]}}`, "hooks.Stop[0]: a number, not an object"},
		{`{"hooks": {"Stop": [{"hooks": {}}]}}`, "hooks.Stop[0].hooks is an object, not an array of hooks"},
		{`{"hooks": {"Stop": [{"hooks": ["x"]}]}}`, "hooks.Stop[0].hooks[0]: a string, not an object"},
	}
	for _, tt := range tests {
		_, err := merge([]byte(tt.in), agent(t, "claude"), testProgram, []wantEntry{{Key: "Stop", Timeout: 120}})
		require.Error(t, err, tt.in)
		assert.Contains(t, err.Error(), tt.err, tt.in)
	}
}

func TestLayoutKept(t *testing.T) {
	t.Parallel()
	in := "\ufeff{\n\t\"a\": 1\n}"
	res, err := merge([]byte(in), agent(t, "claude"), testProgram, []wantEntry{{Key: "Stop", Timeout: 120}})
	require.NoError(t, err)
	out := string(res.Data)
	assert.True(t, len(out) > 3 && out[:3] == "\ufeff", "byte order mark kept")
	assert.Contains(t, out, "\n\t\"a\": 1,\n\t\"hooks\": {\n\t\t\"Stop\"")
	assert.NotEqual(t, byte('\n'), out[len(out)-1], "no final newline added")
}
