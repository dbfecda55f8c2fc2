// Package runner is the only package that touches os/exec and signals. It
// spawns hook processes (SPEC §4.1–§4.5): stdin fed through a reader, stdout
// and stderr captured separately with a cap that keeps draining, a new
// session per hook, timeouts as SIGTERM+SIGCONT to the process group, a grace
// period, then SIGKILL to the group, cancellation, and bounded parallelism.
// It returns one raw Result per Spec, in the order given, and knows nothing
// about decisions.
package runner
