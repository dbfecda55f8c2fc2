package safefile

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShellInert: '$' and '`' are escaped, the JSON stays the same value.
func TestShellInert(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{"a":"plain"}` + "\n", `{"a":"plain"}` + "\n"},
		{`{"argv":["sh","-c","echo $(id) ${HOME} ` + "`id`" + `"]}` + "\n", `{"argv":["sh","-c","echo \u0024(id) \u0024{HOME} \u0060id\u0060"]}` + "\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		n, err := ShellInert{&b}.Write([]byte(tt.in))
		require.NoError(t, err)
		assert.Equal(t, len(tt.in), n)
		assert.Equal(t, tt.want, b.String())
		var in, out any
		require.NoError(t, json.Unmarshal([]byte(tt.in), &in))
		require.NoError(t, json.Unmarshal([]byte(b.String()), &out))
		assert.Equal(t, in, out)
	}
}
