package runner

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// listProcs reads the process table from /proc. ok is false when /proc
// cannot be read.
func listProcs() (procs []procInfo, ok bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, false
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		state, ppid, pgrp, err := procStatFields(pid)
		if err != nil {
			continue // exited meanwhile
		}
		procs = append(procs, procInfo{pid: pid, ppid: ppid, pgid: pgrp, zombie: state == 'Z' || state == 'X'})
	}
	return procs, true
}

// procStat returns the state and process group of pid from
// /proc/<pid>/stat.
func procStat(pid int) (state byte, pgrp int, err error) {
	state, _, pgrp, err = procStatFields(pid)
	return state, pgrp, err
}

// procStatFields returns the state, parent and process group of pid from
// /proc/<pid>/stat: "pid (comm) state ppid pgrp ...", where comm may hold
// spaces and parentheses.
func procStatFields(pid int) (state byte, ppid, pgrp int, err error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, 0, err
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, 0, 0, fmt.Errorf("runner: malformed /proc/%d/stat", pid)
	}
	fields := bytes.Fields(data[i+1:])
	if len(fields) < 3 || len(fields[0]) != 1 {
		return 0, 0, 0, fmt.Errorf("runner: malformed /proc/%d/stat", pid)
	}
	ppid, err = strconv.Atoi(string(fields[1]))
	if err != nil {
		return 0, 0, 0, fmt.Errorf("runner: malformed /proc/%d/stat: %w", pid, err)
	}
	pgrp, err = strconv.Atoi(string(fields[2]))
	if err != nil {
		return 0, 0, 0, fmt.Errorf("runner: malformed /proc/%d/stat: %w", pid, err)
	}
	return fields[0][0], ppid, pgrp, nil
}
