//go:build unix && !linux

package runner

// Other systems have no subreaper here: orphans go to init, and only the
// process tree walk finds a hook's processes.

func enableSubreaper() bool { return false }

func nowTicks() uint64 { return 0 }

func procStart(int) uint64 { return 0 }

func reapAdopted(int) {}

func ownSession() int { return 0 }

func (c *treeTable) startReaper() {}

func (c *treeTable) kick() {}
