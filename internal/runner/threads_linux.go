package runner

import (
	"runtime"
	"sync"

	"golang.org/x/sys/unix"
)

// Linux counts threads, not processes, against RLIMIT_NPROC, so the hooks
// and this process's OS threads share it. Once running hooks have taken
// what the limit allows, the Go runtime dies ("failed to create new OS
// thread") the next time it wants one more thread. Under a low limit the
// runtime is therefore given its threads before any hook starts: idle
// threads are kept and reused, so a run seldom needs another one.

// lowProcessLimit is the soft RLIMIT_NPROC under which threads are made
// ahead. Desktop defaults are tens of thousands; root is not limited.
const lowProcessLimit = 4096

// spareThreads is how many threads beyond GOMAXPROCS are made ahead: for
// the signal handler, spawns blocked in fork, and the scheduler's spinning
// threads.
const spareThreads = 8

var threadsOnce sync.Once

// reserveThreads makes GOMAXPROCS+spareThreads OS threads exist, once per
// process, when the process limit is low (it costs about 0.3 ms).
func reserveThreads() {
	threadsOnce.Do(func() {
		var lim unix.Rlimit
		if unix.Geteuid() == 0 || unix.Getrlimit(unix.RLIMIT_NPROC, &lim) != nil || lim.Cur >= lowProcessLimit {
			return
		}
		makeThreads(runtime.GOMAXPROCS(0) + spareThreads)
	})
}

// makeThreads makes the runtime start n threads: n goroutines each lock
// their own thread and wait until all are locked. Unlocked again, the
// threads stay with the scheduler as idle ones.
func makeThreads(n int) {
	var locked sync.WaitGroup
	release := make(chan struct{})
	for range n {
		locked.Add(1)
		go func() {
			runtime.LockOSThread()
			locked.Done()
			<-release
			runtime.UnlockOSThread()
		}()
	}
	locked.Wait()
	close(release)
}
