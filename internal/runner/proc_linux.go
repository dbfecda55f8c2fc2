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
		p, err := readProcStat(pid)
		if err != nil {
			continue // exited meanwhile
		}
		procs = append(procs, p)
	}
	return procs, true
}

// procStat returns the state and process group of pid from
// /proc/<pid>/stat.
func procStat(pid int) (state byte, pgrp int, err error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, err
	}
	p, state, err := parseProcStat(pid, data)
	return state, p.pgid, err
}

// readProcStat returns pid as /proc/<pid>/stat shows it.
func readProcStat(pid int) (procInfo, error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procInfo{}, err
	}
	p, _, err := parseProcStat(pid, data)
	return p, err
}

// parseProcStat reads the state, parent, group, session and start time
// from /proc/<pid>/stat: "pid (comm) state ppid pgrp session tty tpgid
// flags minflt cminflt majflt cmajflt utime stime cutime cstime priority
// nice threads itrealvalue starttime ...", where comm may hold spaces and
// parentheses.
func parseProcStat(pid int, data []byte) (p procInfo, state byte, err error) {
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return p, 0, fmt.Errorf("runner: malformed /proc/%d/stat", pid)
	}
	fields := bytes.Fields(data[i+1:])
	if len(fields) < 20 || len(fields[0]) != 1 {
		return p, 0, fmt.Errorf("runner: malformed /proc/%d/stat", pid)
	}
	var nums [3]int
	for k, f := range fields[1:4] { // ppid, pgrp, session
		if nums[k], err = strconv.Atoi(string(f)); err != nil {
			return p, 0, fmt.Errorf("runner: malformed /proc/%d/stat: %w", pid, err)
		}
	}
	start, err := strconv.ParseUint(string(fields[19]), 10, 64)
	if err != nil {
		return p, 0, fmt.Errorf("runner: malformed /proc/%d/stat: %w", pid, err)
	}
	state = fields[0][0]
	return procInfo{
		pid: pid, ppid: nums[0], pgid: nums[1], sid: nums[2], start: start,
		zombie: state == 'Z' || state == 'X',
	}, state, nil
}
