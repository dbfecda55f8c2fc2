//go:build unix

package runner

import (
	"os"
	"sync"
	"syscall"
)

// A hook's descendants may leave its process group (setpgid, setsid, job
// control, coreutils timeout), so the group alone does not say what a hook
// left running. A tree is everything of one hook: its group, its leader's
// descendants found by walking parent links in the process table, and every
// process found that way before (which stays the hook's after its parent
// died). Where the OS lets hookexec adopt orphans (Linux: the subreaper), a
// descendant orphaned before it was ever seen (a double-forked daemon)
// becomes hookexec's child, and which hook it came from is told by when it
// started (see claimable).

// treeState is where a tree is in its life.
type treeState int

const (
	treeRunning     treeState = iota // its leader runs, nothing was signalled
	treeTerminating                  // timed out or cancelled: being terminated
	treeKilled                       // terminated; Run has returned
	treeLeft                         // exited on its own: what it left running is deliberate
)

// tree is one spawned hook as the process table sees it.
type tree struct {
	leader     int    // the leader's pid, also its session and group id
	start, end uint64 // the leader's start and the tree's end (0: not yet), in clock ticks
	state      treeState
	found      map[int]uint64 // every member found so far: pid -> start time
}

// treeTable is every tree of this process. It is process-wide because the
// things it tracks are: a process's children and the orphans it adopts
// belong to the process, whichever Runner spawned their ancestor.
type treeTable struct {
	// spawnMu is held for reading while a leader is forked and recorded,
	// for writing while a snapshot of the process table is classified, so
	// that a leader is never taken for an adopted orphan.
	spawnMu sync.RWMutex

	mu       sync.Mutex
	adopting bool // orphaned descendants are re-parented to this process
	sid      int  // this process's session
	trees    map[*tree]struct{}
	leaders  map[int]*tree
	// own are this program's processes that are not hooks (StartDetached):
	// never a hook's orphan, reaped by their own waiter.
	own   map[int]struct{}
	kicks chan os.Signal // wakes the reaper of adopted orphans (nil: none)
}

// children is the process's table. Its maps are made by the first spawn
// (add, addOwn), not at start-up: a command that starts no process pays
// nothing for it.
var children = &treeTable{}

// adopt makes this process adopt orphaned descendants where the OS can.
func (c *treeTable) adopt() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.adopting && enableSubreaper() {
		c.adopting = true
		c.sid = ownSession()
		c.startReaper()
	}
}

// addOwn records a process of this program's own that is not a hook
// (StartDetached); the caller holds spawnMu for reading.
func (c *treeTable) addOwn(pid int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.own == nil {
		c.own = make(map[int]struct{})
	}
	c.own[pid] = struct{}{}
}

// forgetOwn forgets pid once it is reaped.
func (c *treeTable) forgetOwn(pid int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.own, pid)
}

// isOwn reports whether pid is of addOwn; c.mu is held.
func (c *treeTable) isOwn(pid int) bool {
	_, ok := c.own[pid]
	return ok
}

// add records a leader just forked; the caller holds spawnMu for reading.
func (c *treeTable) add(leader int) *tree {
	t := &tree{leader: leader, start: procStart(leader), found: make(map[int]uint64)}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.trees == nil {
		c.trees, c.leaders = make(map[*tree]struct{}), make(map[int]*tree)
	}
	c.trees[t] = struct{}{}
	c.leaders[leader] = t
	return t
}

// terminating marks t as being terminated.
func (c *treeTable) terminating(t *tree) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t.state = treeTerminating
}

// finish marks t as over (its leader reaped): left alone when it exited on
// its own, else killed. A tree is forgotten once it can decide no claim:
// every running tree started more than a tick after it ended, or, with
// none running, a tick has passed since it ended. Start times are whole
// ticks, so a hook started in the tick in which another ended may see that
// one's daemon as started with it; forgetting the ended tree at once (no
// tree running yet, under load) let the later hook's timeout kill it.
func (c *treeTable) finish(t *tree, left bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t.state = treeKilled
	if left {
		t.state = treeLeft
	}
	t.end = nowTicks() + 1
	delete(c.leaders, t.leader)
	oldest, running := uint64(0), false // the earliest start of a running tree
	for u := range c.trees {
		if (u.state == treeRunning || u.state == treeTerminating) && (!running || u.start < oldest) {
			oldest, running = u.start, true
		}
	}
	now := nowTicks()
	for u := range c.trees {
		over := u.state == treeKilled || u.state == treeLeft
		// now is 0 where there is no tick clock (no adoption either).
		if over && (running && u.end+1 < oldest || !running && (now == 0 || u.end+1 < now)) {
			delete(c.trees, u)
		}
	}
}

// scan finds what is left of t: its session and group, its leader's
// descendants, the descendants of every member found before, and the
// adopted orphans it may claim. It records them in t.found and returns
// those that are not zombies. On the way it reaps adopted orphans that
// have exited. ok is false when there is no process table.
func (c *treeTable) scan(t *tree) (live []procInfo, ok bool) {
	procs, ok := listProcs()
	if !ok {
		return nil, false
	}
	// A leader forked before the table was read is recorded by the time
	// the lock is ours, so it is not taken for an adopted orphan.
	c.spawnMu.Lock()
	defer c.spawnMu.Unlock()
	self := os.Getpid()
	c.mu.Lock()
	kids := make(map[int][]procInfo, len(procs))
	member := make(map[int]procInfo)
	var queue []procInfo
	add := func(p procInfo) {
		if _, ok := member[p.pid]; !ok {
			member[p.pid] = p
			queue = append(queue, p)
		}
	}
	// The leader's pid names its session and group for as long as any
	// process is in them: it is not reused before. Once it is (a live
	// process has it and started later), they are gone.
	reused := false
	for _, p := range procs {
		reused = reused || p.pid == t.leader && t.start != 0 && p.start != t.start
	}
	var zombies []int
	for _, p := range procs {
		kids[p.ppid] = append(kids[p.ppid], p)
		start, seen := t.found[p.pid]
		switch {
		case p.pid == t.leader && p.start == t.start,
			!reused && (p.sid == t.leader || p.pgid == t.leader),
			seen && start == p.start:
			add(p)
		case c.adopting && p.ppid == self && c.leaders[p.pid] == nil && !c.isOwn(p.pid) && p.sid != c.sid:
			// Adopted: hookexec forks only leaders, each in a session of
			// its own; other code of this process forks in its session.
			if p.zombie {
				zombies = append(zombies, p.pid)
			} else if c.claimable(t, p) {
				add(p)
			}
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, k := range kids[p.pid] {
			add(k)
		}
	}
	for _, p := range member {
		t.found[p.pid] = p.start
		if !p.zombie {
			live = append(live, p)
		}
	}
	c.mu.Unlock()
	for _, pid := range zombies {
		reapAdopted(pid)
	}
	return live, true
}

// claimable reports whether orphan o, adopted before anyone saw it as a
// descendant, is t's: it started while t ran, and every other hook that ran
// then is being terminated too (or was). An orphan that may be the
// deliberate daemon of a hook that exited on its own, or that is still
// running and may do so, is left alone. c.mu is held.
func (c *treeTable) claimable(t *tree, o procInfo) bool {
	if o.start < t.start {
		return false
	}
	for u := range c.trees {
		if u == t {
			continue
		}
		if start, ok := u.found[o.pid]; ok && start == o.start {
			return false
		}
		ran := u.start <= o.start && (u.end == 0 || o.start <= u.end)
		if ran && (u.state == treeRunning || u.state == treeLeft) {
			return false
		}
	}
	return true
}

// signalTree sends sigs to t's group and to every live member of t, found
// by a scan before signalling (with no sigs, it only scans): members
// signalled first would leave descendants that are not yet known as the
// hook's. It reports whether anything of t is left.
func signalTree(t *tree, sigs ...syscall.Signal) (alive bool) {
	return children.signal(t, sigs...)
}

// signal is signalTree with the trees of table c.
func (c *treeTable) signal(t *tree, sigs ...syscall.Signal) (alive bool) {
	live, ok := c.scan(t)
	for _, sig := range sigs {
		signalGroup(t.leader, sig)
	}
	if !ok {
		// No process table: the group is all that can be found.
		return syscall.Kill(-t.leader, 0) == nil
	}
	for _, p := range live {
		for _, sig := range sigs {
			_ = syscall.Kill(p.pid, sig)
		}
	}
	return len(live) > 0
}
