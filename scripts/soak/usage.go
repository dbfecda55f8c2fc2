package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/testproc"
)

// usage is what a process holds that a leak would grow.
type usage struct {
	fds, threads, goroutines, zombies int
}

func (u usage) String() string {
	return fmt.Sprintf("%d fds, %d threads, %d goroutines, %d zombie children", u.fds, u.threads, u.goroutines, u.zombies)
}

// measure reads this process's usage from /proc.
func measure() usage {
	threads, err := testproc.Threads()
	if err != nil {
		threads = -1
	}
	fds, _ := os.ReadDir("/proc/self/fd")
	return usage{
		fds:        len(fds),
		threads:    threads,
		goroutines: runtime.NumGoroutine(),
		zombies:    len(zombieChildren(os.Getpid())),
	}
}

// zombieChildren lists the pids of pid's children that exited and were
// not reaped.
func zombieChildren(pid int) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var zs []int
	for _, path := range stats {
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parens.
		s := string(data)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) < 2 || fields[0] != "Z" {
			continue
		}
		if ppid, _ := strconv.Atoi(fields[1]); ppid == pid {
			child, _ := strconv.Atoi(strings.Fields(s)[0])
			zs = append(zs, child)
		}
	}
	return zs
}
