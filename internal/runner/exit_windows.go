package runner

// leaderStatus is how the reaped leader ended: its exit code, or -1 when
// hookexec ended it (TerminateJobObject, or the Ctrl-Break it sent, whose
// default handler exits with the same code). Windows has no signals.
func leaderStatus(p *process) (code int, signal string) {
	code = p.state.ExitCode()
	if c, ok := p.ctl.(*jobControl); ok {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.killedLeader || (c.stopSent && uint32(code) == killExitCode) {
			return -1, ""
		}
	}
	return code, ""
}
