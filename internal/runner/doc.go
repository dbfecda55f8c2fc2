// Package runner is the only package that touches os/exec and signals. It
// spawns hook processes (SPEC §4.1–§4.5): stdin fed through a reader, stdout
// and stderr captured separately with a cap that keeps draining, a group of
// their own per hook, timeouts, a grace period, then a kill of everything
// the hook started, cancellation, and bounded parallelism. The OS's side
// is one small interface (control.go): on Unix a new session, SIGTERM and
// SIGCONT to the group and the hook's process tree, then SIGKILL; on
// Windows a Job Object, CTRL_BREAK to the hook's process group, then
// TerminateJobObject. It returns one raw Result per Spec, in the order
// given, and knows nothing about decisions. The signals hookexec itself
// stops at are here too: one watcher (WatchSignals, Interrupts,
// FireInterrupts) and the stdout and stderr on which a closed reader does
// not kill it with SIGPIPE (PipeSafeStdio).
package runner
