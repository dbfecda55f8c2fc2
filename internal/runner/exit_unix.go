//go:build unix

package runner

import "syscall"

// leaderStatus is how the reaped leader ended: its exit code, or -1 and
// the name of the signal that killed it.
func leaderStatus(p *process) (code int, signal string) {
	ws, ok := p.state.Sys().(syscall.WaitStatus)
	switch {
	case !ok:
		return p.state.ExitCode(), ""
	case ws.Signaled():
		return -1, signalName(ws.Signal())
	default:
		return ws.ExitStatus(), ""
	}
}
