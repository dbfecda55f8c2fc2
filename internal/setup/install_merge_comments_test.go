package setup

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tailscale/hujson"
)

// geminiWithComments is a Gemini CLI settings file as people write them:
// comments of both kinds, on their own lines and after values.
const geminiWithComments = `{
  // Theme and model, see the docs.
  "theme": "GitHub", /* the light one */
  "model": {"name": "gemini-2.5-pro"}, // pinned
  "hooks": {
    "BeforeTool": [
      // our own guard stays
      {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "./guard.sh"}]}
    ]
  }
  /* the end */
}
`

func comments(t *testing.T, data []byte) []string {
	t.Helper()
	v, err := hujson.Parse(bytes.TrimPrefix(data, []byte(bom)))
	require.NoError(t, err)
	return fileComments(&v)
}

// Gemini CLI and LLxprt Code read comments in their settings, so
// install writes into such a file and keeps every comment; uninstall takes
// its entries out again and gives the file back byte for byte.
func TestMergeKeepsComments(t *testing.T) {
	t.Parallel()
	// Gemini CLI's hooksConfig.enabled stays while the user's own hook
	// needs it; without one, uninstall takes it out too.
	noHooks := "{\n  // mine\n  \"theme\": \"dark\" /* the dark one */\n}\n"
	for _, tt := range []struct{ agent, in, back string }{
		{"llxprt", geminiWithComments, geminiWithComments},
		{"gemini", geminiWithComments, ""},
		{"gemini", noHooks, noHooks},
	} {
		t.Run(tt.agent, func(t *testing.T) {
			t.Parallel()
			ag := agent(t, tt.agent)
			wants := []wantEntry{{Key: "BeforeTool", Timeout: 120000}, {Key: "AfterAgent", Timeout: 120000}}
			res, err := merge([]byte(tt.in), ag, testProgram, wants)
			require.NoError(t, err)
			require.True(t, res.Changed)
			assert.Equal(t, []string{"BeforeTool", "AfterAgent"}, res.Added)
			assert.Equal(t, comments(t, []byte(tt.in)), comments(t, res.Data), "every comment kept, in order")
			doc, err := parseSettings(ag, res.Data, testProgram)
			require.NoError(t, err)
			var fires []string
			for _, e := range doc.entries() {
				if e.IsFire {
					fires = append(fires, e.Key)
				}
			}
			assert.Equal(t, []string{"BeforeTool", "AfterAgent"}, fires)

			again, err := merge(res.Data, ag, testProgram, wants)
			require.NoError(t, err)
			assert.False(t, again.Changed)

			s, err := strip(res.Data, ag, testProgram)
			require.NoError(t, err)
			assert.Equal(t, []string{"BeforeTool", "AfterAgent"}, s.removed)
			assert.Equal(t, comments(t, []byte(tt.in)), comments(t, s.cleaned))
			if tt.back != "" {
				assert.Equal(t, tt.back, string(s.cleaned), "uninstall gives the bytes back")
			}
		})
	}
	res, err := merge([]byte(geminiWithComments), agent(t, "gemini"), testProgram, []wantEntry{{Key: "BeforeTool", Timeout: 120000}})
	require.NoError(t, err)
	assert.Contains(t, string(res.Data), "  \"theme\": \"GitHub\", /* the light one */\n  \"model\": {\"name\": \"gemini-2.5-pro\"}, // pinned\n")
}

// Where the agent rejects the file, install refuses it as before: Claude
// Code reads no comments, Gemini CLI no trailing commas.
func TestMergeRefusesWhatTheAgentRejects(t *testing.T) {
	t.Parallel()
	tests := []struct{ agent, in, err string }{
		{"claude", "{\n  // mine\n  \"model\": \"opus\"\n}", "not a JSON object hookexec can edit: 2:3: invalid character '/'"},
		{"claude", "{\"model\": \"opus\" /* mine */}", "1:18: invalid character '/'"},
		{"gemini", "{\n  \"theme\": \"dark\", // mine\n}", "3:1: invalid character '}' looking for beginning of object key string"},
		{"llxprt", "{\"a\": [1, 2,]}", "1:13: invalid character ']' looking for beginning of value"},
		{"gemini", "{\"a\": 1 // x\n , \"b\": }", "2:9: invalid character '}' at start of value"},
		{"gemini", "{/* x */ \"a\": 1, \"a\": 2}", `duplicate key "a"`},
	}
	for _, tt := range tests {
		_, err := merge([]byte(tt.in), agent(t, tt.agent), testProgram, []wantEntry{{Key: "SessionStart", Timeout: 120}})
		require.Error(t, err, tt.in)
		assert.Contains(t, err.Error(), tt.err, tt.in)
		_, err = strip([]byte(tt.in), agent(t, tt.agent), testProgram)
		require.Error(t, err, tt.in)
	}
}

// New members are laid out as their siblings are; what is not edited
// keeps its bytes.
func TestMergeLayout(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, agent, in, want, back string }{{
		name:  "a one-line object gets the member on its line, spaced as it is",
		agent: "gemini",
		in:    `{"hooksConfig": {"disabled": ["x"]}, "hooks": {"BeforeTool": []}}`,
		back:  `{"hooksConfig": {"disabled": ["x"]}}`, // as before: the event install emptied goes
		want: `{"hooksConfig": {"disabled": ["x"], "enabled": true}, "hooks": {"BeforeTool": [` + "\n" +
			`  {` + "\n" +
			`    "hooks": [` + "\n" +
			`      {` + "\n" +
			`        "name": "hookexec",` + "\n" +
			`        "type": "command",` + "\n" +
			`        "command": "'/opt/hook exec/hookexec' fire BeforeTool --format gemini",` + "\n" +
			`        "timeout": 120000` + "\n" +
			`      }` + "\n" +
			`    ]` + "\n" +
			`  }` + "\n" +
			`]}}`,
	}, {
		name:  "a one-line file stays on one line",
		agent: "llxprt",
		in:    `{"model": "m"}`,
		want:  `{"model": "m", "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "'/opt/hook exec/hookexec' fire BeforeTool --format gemini", "timeout": 120000}]}]}}`,
	}, {
		name:  "a comment after the last member stays on its line",
		agent: "gemini",
		in:    "{\n\t\"theme\": \"dark\" // mine\n}\n",
		want: "{\n\t\"theme\": \"dark\", // mine\n\t\"hooksConfig\": {\n\t\t\"enabled\": true\n\t},\n\t\"hooks\": {\n\t\t\"BeforeTool\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n" +
			"\t\t\t\t\t\t\"name\": \"hookexec\",\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"'/opt/hook exec/hookexec' fire BeforeTool --format gemini\",\n\t\t\t\t\t\t\"timeout\": 120000\n" +
			"\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t]\n\t}\n}\n",
	}, {
		name:  "CRLF line breaks stay CRLF",
		agent: "llxprt",
		in:    "{\r\n  \"a\": 1\r\n}\r\n",
		want: "{\r\n  \"a\": 1,\r\n  \"hooks\": {\r\n    \"BeforeTool\": [\r\n      {\r\n        \"hooks\": [\r\n          {\r\n" +
			"            \"type\": \"command\",\r\n            \"command\": \"'/opt/hook exec/hookexec' fire BeforeTool --format gemini\",\r\n            \"timeout\": 120000\r\n" +
			"          }\r\n        ]\r\n      }\r\n    ]\r\n  }\r\n}\r\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := merge([]byte(tt.in), agent(t, tt.agent), testProgram, []wantEntry{{Key: "BeforeTool", Timeout: 120000}})
			require.NoError(t, err)
			assert.Equal(t, tt.want, string(res.Data))
			s, err := strip(res.Data, agent(t, tt.agent), testProgram)
			require.NoError(t, err)
			back := tt.back
			if back == "" {
				back = tt.in
			}
			assert.Equal(t, back, string(s.cleaned))
		})
	}
}

func TestSameSettings(t *testing.T) {
	t.Parallel()
	assert.True(t, sameSettings([]byte(`{"a": 1, "b": [2]}`), []byte("{\"b\":[2],\n\"a\":1}")))
	assert.True(t, sameSettings([]byte("{\"a\": 1 // x\n}"), []byte("{\n  // x\n  \"a\": 1}")))
	assert.False(t, sameSettings([]byte(`{"a": 1}`), []byte("{\"a\": 1} // a comment added since")), "a comment counts")
	assert.False(t, sameSettings([]byte(`{"a": 1}`), []byte(`{"a": 2}`)))
	assert.False(t, sameSettings([]byte(`{"a": 1`), []byte(`{"a": 1`)))
	a := []byte("{\"a\": 1 /* x */}")
	sameSettings(a, a)
	assert.Equal(t, "{\"a\": 1 /* x */}", string(a), "the texts compared stay as they are")
}

// Whatever file install accepts, what it writes reads back, a second
// install changes nothing, and uninstall's result reads back.
func FuzzMergeStrip(f *testing.F) {
	f.Add([]byte(geminiWithComments), "gemini")
	f.Add([]byte(`{"hooks":{"Stop":[{"matcher":"x","hooks":[{"command":"hookexec fire Stop --format claude"},{"command":"y"}]}]}}`), "claude")
	f.Add([]byte("{\r\n\t\"a\": [1, /* x */ 2] // y\r\n}"), "llxprt")
	f.Add([]byte(`{"hooksConfig": {"enabled": false}, "hooks": {}}`), "gemini")
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		ag, err := ParseAgent(name)
		if err != nil {
			return
		}
		wants := []wantEntry{{Key: "Stop", Timeout: 120, OnFailure: onFailureBlock}, {Key: "BeforeTool", Timeout: 120}}
		res, err := merge(data, ag, testProgram, wants)
		if err != nil {
			return
		}
		_, err = parseSettings(ag, res.Data, testProgram)
		require.NoError(t, err, "%s", res.Data)
		again, err := merge(res.Data, ag, testProgram, wants)
		require.NoError(t, err)
		assert.False(t, again.Changed, "%s", res.Data)
		s, err := strip(res.Data, ag, testProgram)
		require.NoError(t, err)
		_, err = parseSettings(ag, s.cleaned, testProgram)
		require.NoError(t, err, "%s", s.cleaned)
	})
}
