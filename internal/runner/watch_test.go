//go:build unix

package runner

import (
	"os"
	"os/signal"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A signal that arrives after the hooks are done but before fire looks at
// it still decides the exit status (SPEC §4.5: interrupted during fire).
func TestWatchSignalsReportsLateSignal(t *testing.T) {
	// guard keeps SIGHUP caught for the whole test (a stray one cannot
	// kill the test binary), and tells when the runtime has relayed the
	// signal, to WatchSignals' channel too.
	guard := make(chan os.Signal, 1)
	signal.Notify(guard, syscall.SIGHUP)
	defer signal.Stop(guard)

	for range 50 {
		ctx, interrupted := WatchSignals(New(Options{}), Interrupts()...)
		require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGHUP))
		<-guard
		sig := interrupted()
		require.Equal(t, syscall.SIGHUP, sig)
		assert.Error(t, ctx.Err())
	}
}

func TestWatchSignalsNoSignal(t *testing.T) {
	ctx, interrupted := WatchSignals(New(Options{}), Interrupts()...)
	require.NoError(t, ctx.Err())
	assert.Equal(t, syscall.Signal(0), interrupted())
}

// fire and test stop at SIGQUIT too, besides the signals every command
// stops at.
func TestFireInterrupts(t *testing.T) {
	t.Parallel()
	assert.Equal(t, append(Interrupts(), syscall.SIGQUIT), FireInterrupts())
	assert.NotContains(t, Interrupts(), os.Signal(syscall.SIGQUIT))
}
