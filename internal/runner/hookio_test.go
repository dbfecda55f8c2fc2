package runner

import (
	"bytes"
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests run the test binary as the hook (testhook_test.go), so they
// run on every OS, Windows under Wine included.

func TestHookExitCodesAndStreams(t *testing.T) {
	t.Parallel()
	for _, code := range []int{0, 1, 2, 3, 127} {
		t.Run(strconv.Itoa(code), func(t *testing.T) {
			t.Parallel()
			res := New(Options{}).Run(context.Background(), hook("print", " out ", "eprint", "\terr ", "exit", strconv.Itoa(code)))
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.True(t, res.Started)
			assert.Equal(t, code, res.ExitCode)
			assert.Empty(t, res.Signal)
			assert.Equal(t, " out \n", string(res.Stdout), "stdout is not trimmed")
			assert.Equal(t, "\terr \n", string(res.Stderr), "stderr is not trimmed")
			assert.False(t, res.StdoutTruncated)
			assert.False(t, res.StderrTruncated)
		})
	}
}

func TestHookStdinByteExact(t *testing.T) {
	t.Parallel()
	for name, input := range map[string]string{
		"event json":          `{"hook_event_name":"BeforeTool","tool_input":{"a":"b c"}}` + "\n",
		"newlines and binary": "a\n\n\x00\xff\r\n\x1a",
		"empty":               "",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			spec := hook("cat")
			spec.Stdin = []byte(input)
			res := New(Options{}).Run(context.Background(), spec)
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, 0, res.ExitCode)
			assert.Equal(t, input, string(res.Stdout))
		})
	}
}

func TestHookNotReadingStdin(t *testing.T) {
	t.Parallel()
	for name, steps := range map[string][]string{
		"exits at once":              {"exit", "0"},
		"exits later without a read": {"sleep", "100ms"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			spec := hook(steps...)
			spec.Stdin = bigInput()
			res := New(Options{}).Run(context.Background(), spec)
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, 0, res.ExitCode)
		})
	}
}

func TestHookBigInputAndOutputDoNotDeadlock(t *testing.T) {
	t.Parallel()
	input := bigInput()
	spec := hook("cat")
	spec.Stdin = input
	res := New(Options{MaxOutput: mib}).Run(context.Background(), spec)
	require.NoError(t, res.Err)
	assert.Equal(t, Exited, res.Status)
	assert.Equal(t, 0, res.ExitCode, "the hook's writes never failed")
	require.Len(t, res.Stdout, mib)
	assert.True(t, bytes.Equal(input[:mib], res.Stdout), "stdout is the head of the input")
	assert.True(t, res.StdoutTruncated)
}

// 10 MiB on each stream, 1 MiB kept of each: the rest is read and dropped,
// so the hook never blocks nor sees a failed write.
func TestHookTenMiBOutputIsCapped(t *testing.T) {
	t.Parallel()
	start := time.Now()
	res := New(Options{MaxOutput: mib}).Run(context.Background(), hook("flood", strconv.Itoa(10*mib), "print", "end"))
	require.NoError(t, res.Err)
	assert.Equal(t, Exited, res.Status)
	assert.Equal(t, 0, res.ExitCode, "exit 9 would mean a write failed")
	assert.Len(t, res.Stdout, mib)
	assert.Len(t, res.Stderr, mib)
	assert.True(t, res.StdoutTruncated)
	assert.True(t, res.StderrTruncated)
	assert.Equal(t, "0123456789abcdef", string(res.Stdout[:16]))
	assert.Equal(t, int64(9*mib+len("end\n")), res.StdoutDropped, "everything written was read")
	assert.Equal(t, int64(9*mib), res.StderrDropped)
	assert.Less(t, time.Since(start), 60*time.Second)
}

func TestHookContextCancelledBeforeStart(t *testing.T) {
	t.Parallel()
	marker := readyFile(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(Options{}).Run(ctx, hook("touch", marker))
	assert.Equal(t, Cancelled, res.Status)
	assert.False(t, res.Started)
	assert.NoFileExists(t, marker)

	r := New(Options{})
	r.KillAll()
	res = r.Run(context.Background(), hook("touch", marker))
	assert.Equal(t, Cancelled, res.Status)
	assert.False(t, res.Started)
	assert.NoFileExists(t, marker)
}
