package runner

// control is the OS's hold on everything one hook started: on Unix its
// process group and process tree (control_unix.go), on Windows its Job
// Object (job_windows.go). Run drives every hook through it, so that the
// supervision in run.go is the same on every OS.
type control interface {
	// stop asks every process of the hook to end: SIGTERM and SIGCONT on
	// Unix, CTRL_BREAK on Windows. It returns false when the request
	// could not be delivered, so that waiting for a grace period would
	// only delay the kill.
	stop() bool
	// kill ends every process of the hook at once: SIGKILL on Unix,
	// TerminateJobObject on Windows. It reports whether anything of the
	// hook may still be alive (it looks before it kills).
	kill() bool
	// alive reports whether any process of the hook is left.
	alive() bool
	// killFast is KillAll's kill: immediate and cheap, called with the
	// Runner's lock held; the hook's supervisor then makes sure (kill).
	killFast()
	// finish is called once the leader is reaped and Run is done with
	// the hook. left: the hook exited on its own, and what it left
	// running in the background is deliberate and stays.
	finish(left bool)
}
