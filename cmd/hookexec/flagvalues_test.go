package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A bad flag value is a usage error at parse time with the flag's own
// message (no pflag wrapping, no help hint); a value that is no number
// for an int flag keeps pflag's message and the hint, as before the flags
// were pflag.Value types.
func TestFlagValueErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"fire", "BeforeTool", "--timeout", "soon"}, `hookexec: invalid --timeout "soon" (want more than 0, up to 24h: a Go duration such as 500ms or 2s, or a number of milliseconds)`},
		{[]string{"fire", "BeforeTool", "--kill-grace", "-1"}, `hookexec: invalid --kill-grace "-1" (want 0 to 24h: a Go duration such as 500ms or 2s, or a number of milliseconds)`},
		{[]string{"fire", "BeforeTool", "--max-parallel", "-1"}, `hookexec: invalid --max-parallel -1 (want 0 or more)`},
		{[]string{"fire", "BeforeTool", "--max-parallel", "abc"}, `hookexec: invalid argument "abc" for "--max-parallel" flag: strconv.ParseInt: parsing "abc": invalid syntax (see 'hookexec fire --help')`},
		{[]string{"fire", "BeforeTool", "--max-output", "0"}, `hookexec: invalid --max-output "0" (want a positive byte count such as 1048576 or 1MiB)`},
		{[]string{"fire", "BeforeTool", "--max-message", "100"}, `hookexec: invalid --max-message "100" (want 256 bytes to 1GiB)`},
		{[]string{"fire", "BeforeTool", "--format", "bogus"}, `hookexec: invalid --format "bogus" (supported: result, claude, gemini)`},
		{[]string{"fire", "BeforeTool", "--untrusted", "maybe"}, `hookexec: invalid --untrusted "maybe" (want skip or deny)`},
		{[]string{"serve", "--max-events", "0"}, `hookexec: invalid --max-events 0 (want 1 or more)`},
		{[]string{"test", "--format", "yaml"}, `hookexec: invalid --format "yaml" (supported: text, json)`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		assert.Equal(t, exitError, code, "%v", tt.args)
		assert.Empty(t, stdout.String(), "%v", tt.args)
		assert.Equal(t, tt.want+"\n", stderr.String(), "%v", tt.args)
	}
}
