//go:build unix

package runner

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStdinDeliveredByteExact(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		input string
	}{
		{"event json with its newline", `{"hook_event_name":"BeforeTool","tool_input":{"a":"b c"}}` + "\n"},
		{"no trailing newline", `{}`},
		{"several newlines and binary", "a\n\n\x00\xff\r\n"},
		{"empty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			spec := Spec{Argv: []string{"cat"}, Env: os.Environ(), Stdin: []byte(tt.input)}
			res := New(Options{}).Run(context.Background(), spec)
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, 0, res.ExitCode)
			assert.Equal(t, tt.input, string(res.Stdout))
		})
	}
}

func TestStdinNotReadIsNotAnError(t *testing.T) {
	t.Parallel()
	input := bigInput()
	tests := []struct {
		name   string
		argv   []string
		stdout string
	}{
		{"exits at once", []string{"true"}, ""},
		{"exits later without reading", []string{"sleep", "0.1"}, ""},
		{"reads a little then exits", []string{"head", "-c", "5"}, string(input[:5])},
		{"shell closes stdin", []string{"bash", "-c", "exec 0<&-; echo closed"}, "closed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			spec := Spec{Argv: tt.argv, Env: os.Environ(), Stdin: input}
			res := New(Options{}).Run(context.Background(), spec)
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, 0, res.ExitCode)
			assert.Equal(t, tt.stdout, string(res.Stdout))
			assert.Empty(t, res.Stderr)
		})
	}
}

func TestStdinAndBigOutputDoNotDeadlock(t *testing.T) {
	t.Parallel()
	input := bigInput()
	tests := []struct {
		name string
		argv []string
	}{
		{"cat to stdout", []string{"cat"}},
		{"cat to stdout and stderr", []string{"bash", "-c", "tee /dev/stderr"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			spec := Spec{Argv: tt.argv, Env: os.Environ(), Stdin: input}
			res := New(Options{MaxOutput: mib}).Run(context.Background(), spec)
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, 0, res.ExitCode, "stderr: %.200q", res.Stderr)
			require.Len(t, res.Stdout, mib)
			assert.True(t, bytes.Equal(input[:mib], res.Stdout), "stdout is the head of the input")
			assert.True(t, res.StdoutTruncated)
			if len(tt.argv) > 1 {
				assert.True(t, bytes.Equal(input[:mib], res.Stderr), "stderr is the head of the input")
				assert.True(t, res.StderrTruncated)
			}
		})
	}
}

func TestOutputCapPerStream(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name           string
		script         string
		stdout, stderr string
		outT, errT     bool
	}{
		{"under the cap", "printf 0123; printf ab >&2", "0123", "ab", false, false},
		{"exactly the cap", "printf 0123456789; printf ab >&2", "0123456789", "ab", false, false},
		{"stdout over", "printf 0123456789X; printf ab >&2", "0123456789", "ab", true, false},
		{"stderr over", "printf 01; printf abcdefghijklmnop >&2", "01", "abcdefghij", false, true},
		{"both over, in pieces", "for i in 1 2 3 4 5 6; do printf $i; printf x >&2; printf $i >&2; done; printf MORE",
			"123456MORE", "x1x2x3x4x5", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := New(Options{MaxOutput: 10}).Run(context.Background(), bash(tt.script))
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, tt.stdout, string(res.Stdout))
			assert.Equal(t, tt.stderr, string(res.Stderr))
			assert.Equal(t, tt.outT, res.StdoutTruncated)
			assert.Equal(t, tt.errT, res.StderrTruncated)
		})
	}
}

// TestHugeOutputBoundedMemory is not parallel: it measures the process's
// allocations.
func TestHugeOutputBoundedMemory(t *testing.T) {
	const total = 300_000_000
	// The hook would get SIGPIPE (exit 141 from the shell) if the runner
	// stopped reading at the cap; the final echo shows it ran to the end.
	spec := bash("head -c 300000000 /dev/zero; head -c 100000000 /dev/zero >&2; echo done >&2; exit 7")

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res := New(Options{MaxOutput: mib}).Run(context.Background(), spec)
	runtime.ReadMemStats(&after)

	require.NoError(t, res.Err)
	assert.Equal(t, Exited, res.Status)
	assert.Equal(t, 7, res.ExitCode)
	assert.Len(t, res.Stdout, mib)
	assert.Len(t, res.Stderr, mib)
	assert.True(t, res.StdoutTruncated)
	assert.True(t, res.StderrTruncated)
	assert.Equal(t, make([]byte, mib), res.Stdout)
	allocated := after.TotalAlloc - before.TotalAlloc
	assert.Less(t, allocated, uint64(64*mib),
		"reading %d bytes allocated %d bytes", total, allocated)
}
