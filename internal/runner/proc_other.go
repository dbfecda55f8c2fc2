//go:build !linux && !darwin && !freebsd

package runner

// listProcs has no process table here (NetBSD, OpenBSD and DragonFly have
// their own kinfo_proc layouts, not decoded yet): the tree walk
// (signalTree) finds the group only and trusts kill(2), so an exited but
// unreaped member counts as running.
func listProcs() ([]procInfo, bool) { return nil, false }
