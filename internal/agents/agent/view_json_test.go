package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// AppendJSON writes what encoding/json writes for the view (no HTML
// escaping, empty fields left out), whatever the strings hold.
func TestViewAppendJSONAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, v := range []View{
		{},
		{Event: "BeforeTool"},
		{Event: "BeforeTool", Agent: "claude", Tool: "Bash", Family: "shell", Command: `echo "<a>" && x='\t'`},
		{Event: "BeforeTool", Tool: "Write", Family: "write", Paths: []string{"a.go", "d/é.txt"}, Content: "line\nnext\u2028\x00\x1f\x7f"},
		{Event: "BeforePrompt", Prompt: "bad utf-8 \xff\xfe, a lone \xed\xa0\x80, & < > ☃"},
		{Event: "BeforeTool", Paths: []string{""}, Content: strings.Repeat("x", 70000)},
	} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		require.NoError(t, enc.Encode(v))
		assert.Equal(t, strings.TrimSuffix(want.String(), "\n"), string(v.AppendJSON(nil)), "%+v", v)
	}
}
