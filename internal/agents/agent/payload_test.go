package agent

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

func TestClaudePayload(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, input string
		want        View
	}{
		{"shell", `{"tool_name":"Bash","tool_input":{"command":"rm -rf /","description":"x"}}`, View{Tool: "Bash", Command: "rm -rf /"}},
		{"write", `{"tool_name":"Write","tool_input":{"file_path":"/a/b.go","content":"package b"}}`, View{Tool: "Write", Paths: []string{"/a/b.go"}, Content: "package b"}},
		{"edit", `{"tool_name":"Edit","tool_input":{"file_path":"a.go","old_string":"x","new_string":"y"}}`, View{Tool: "Edit", Paths: []string{"a.go"}, Content: "y"}},
		{"patch", `{"tool_name":"apply_patch","tool_input":{"input":"*** Begin Patch"}}`, View{Tool: "apply_patch", Content: "*** Begin Patch"}},
		{"paths", `{"tool_name":"read_many_files","tool_input":{"paths":["a","",7,"b"]}}`, View{Tool: "read_many_files", Paths: []string{"a", "b"}}},
		{"search", `{"tool_name":"Grep","tool_input":{"path":"src","pattern":"x"}}`, View{Tool: "Grep", Paths: []string{"src"}}},
		{"notebook", `{"tool_name":"NotebookEdit","tool_input":{"notebook_path":"n.ipynb","new_source":"x"}}`, View{Tool: "NotebookEdit", Paths: []string{"n.ipynb"}}},
		{"prompt", `{"prompt":"hello"}`, View{Prompt: "hello"}},
		{"wrong types", `{"tool_name":5,"tool_input":{"command":["rm"],"file_path":{}}}`, View{}},
		{"tool_input not an object", `{"tool_name":"Bash","tool_input":"rm -rf /"}`, View{Tool: "Bash"}},
	} {
		in, err := event.ParseInput([]byte(tt.input), time.Time{}, "/w")
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, ClaudePayload("PreToolUse", in), tt.name)
	}
	assert.Equal(t, View{}, ClaudePayload("PreToolUse", nil))
}

func TestParseFamily(t *testing.T) {
	t.Parallel()
	for _, f := range Families() {
		got, ok := ParseFamily(string(f))
		assert.True(t, ok)
		assert.Equal(t, f, got)
	}
	_, ok := ParseFamily("Shell")
	assert.False(t, ok, "families are lower case")
	_, ok = ParseFamily("")
	assert.False(t, ok)
}
