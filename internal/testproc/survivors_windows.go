package testproc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Survivors are the live processes whose command line holds marker. Under
// Wine the command lines come from the Linux side (Z:\proc, where Wine
// processes show their Windows command lines; exited but unreaped ones are
// skipped); on Windows from each process (NtQueryInformationProcess, which
// Wine does not implement). The pids are for messages only (Linux pids
// under Wine).
func Survivors(marker string) ([]int, error) {
	if entries, err := os.ReadDir(`Z:\proc`); err == nil {
		return wineSurvivors(entries, marker), nil
	}
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return nil, fmt.Errorf("testproc: process snapshot: %w", err)
	}
	defer func() { _ = windows.CloseHandle(snap) }()
	var pids []int
	pe := windows.ProcessEntry32{Size: uint32(unsafe.Sizeof(windows.ProcessEntry32{}))}
	for err = windows.Process32First(snap, &pe); err == nil; err = windows.Process32Next(snap, &pe) {
		if strings.Contains(commandLineOf(pe.ProcessID), marker) {
			pids = append(pids, int(pe.ProcessID))
		}
	}
	return pids, nil
}

func wineSurvivors(entries []os.DirEntry, marker string) []int {
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		dir := filepath.Join(`Z:\proc`, e.Name())
		cmdline, err := os.ReadFile(filepath.Join(dir, "cmdline"))
		if err != nil || !bytes.Contains(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '}), []byte(marker)) {
			continue
		}
		stat, err := os.ReadFile(filepath.Join(dir, "stat"))
		if i := bytes.LastIndexByte(stat, ')'); err == nil && i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			continue // exited, not yet reaped
		}
		pids = append(pids, pid)
	}
	return pids
}

// commandLineOf is the command line of process pid ("" if it cannot be
// read).
func commandLineOf(pid uint32) string {
	h, err := windows.OpenProcess(windows.PROCESS_QUERY_LIMITED_INFORMATION, false, pid)
	if err != nil {
		return ""
	}
	defer func() { _ = windows.CloseHandle(h) }()
	buf := make([]byte, 64<<10)
	var n uint32
	if windows.NtQueryInformationProcess(h, windows.ProcessCommandLineInformation, unsafe.Pointer(&buf[0]), uint32(len(buf)), &n) != nil {
		return ""
	}
	return (*windows.NTUnicodeString)(unsafe.Pointer(&buf[0])).String()
}
