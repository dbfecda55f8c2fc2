// Package background runs the hooks whose verdict nobody waits for: Claude
// Code's async and asyncRewake hooks (docs/async-hooks.md). Each still runs
// to its end through the runner, bounded by its timeout: on timeout its
// whole process group gets SIGTERM, then SIGKILL after the kill grace (SPEC
// §4.5), so no background hook outlives its bound.
//
// fire answers and exits at once, so it cannot supervise a hook itself: it
// hands the hook to a detached supervisor (Detached), hookexec started
// again as a hidden subcommand in a session of its own with its standard
// streams on the null device, so that the agent waiting for fire's output
// never waits for it (DetachedWithLogs: the hidden subcommand Verb with the
// caller's logging flags). The supervisor reads the Job on its stdin and
// runs it (Supervise). serve, which outlives its events, runs background hooks in
// goroutines of its own (Group).
package background
