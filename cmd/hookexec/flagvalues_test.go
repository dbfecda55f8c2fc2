package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The flags' defaults parse: the values hold them as if given.
func TestFlagDefaults(t *testing.T) {
	t.Parallel()
	var f runFlags
	f.register(pflag.NewFlagSet("fire", pflag.ContinueOnError))
	s := f.settings()
	assert.Equal(t, verdict.FormatResult, s.format.Format)
	assert.Equal(t, 64<<10, s.format.maxMessage)
	assert.Equal(t, int64(1<<20), s.maxOutput)
	assert.Equal(t, int64(16<<20), s.maxTotal)
	assert.Equal(t, 5*time.Second, s.killGrace)
	assert.Zero(t, s.timeout)
	assert.Empty(t, f.untrusted.v, "not given: the user's settings, else deny")
	assert.Equal(t, 0, f.maxParallel.v)
	assert.Equal(t, 16, flagCount("--max-events", "1 or more", 1, 16).v)
	assert.Equal(t, "text", flagChoice("--format", "text", "json").v)
}

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
		{[]string{"fire", "BeforeTool", "--format", "bogus"}, `hookexec: invalid --format "bogus" (supported: ` + strings.Join(agents.FormatNames(), ", ") + `)`},
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
