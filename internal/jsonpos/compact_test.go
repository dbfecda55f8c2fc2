package jsonpos

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAppendCompactIsJSONCompact(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`{}`, ` [ 1 , 2 ] `, "{\n  \"a\" : \"b c\\\" d\\\\\",\n\t\"e\": [true, null, -1.5e3]\r\n}",
		`"\\\\"`, `"a\\\"\\"`, `{"k": "<&> \u2028"}`, "\"\xff \"", `0`,
	} {
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(in)); err != nil {
			t.Fatal(err)
		}
		assert.Equal(t, want.String(), string(AppendCompact(nil, []byte(in))), "%q", in)
		assert.Equal(t, want.String() == in, IsCompact([]byte(in)), "IsCompact(%q)", in)
		assert.True(t, IsCompact(want.Bytes()), "IsCompact of json.Compact's %q", want.String())
	}
}
