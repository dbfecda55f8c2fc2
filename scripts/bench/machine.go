package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// machine describes where the numbers were taken.
type machine struct {
	date, cpu, goVersion, kernel, bash, jq, load string
	nproc                                        int
}

func describeMachine() machine {
	m := machine{
		date:      time.Now().UTC().Format("2006-01-02 15:04 UTC"),
		nproc:     runtime.NumCPU(),
		cpu:       cpuModel(),
		goVersion: strings.TrimSpace(output(goTool(), "env", "GOVERSION")),
		kernel:    strings.TrimSpace(readFile("/proc/sys/kernel/osrelease")),
		bash:      firstLine(output("bash", "--version")),
		jq:        strings.TrimSpace(output("jq", "--version")),
		load:      loadAverage(),
	}
	if m.jq == "" {
		m.jq = "not installed"
	}
	return m
}

func (m machine) text() string {
	return fmt.Sprintf("date:   %s\nnproc:  %d\ncpu:    %s\ngo:     %s %s/%s\nkernel: %s\nbash:   %s\njq:     %s\nload:   %s (1, 5, 15 min, at start)\n",
		m.date, m.nproc, m.cpu, m.goVersion, runtime.GOOS, runtime.GOARCH, m.kernel, m.bash, m.jq, m.load)
}

// cpuModel is the first "model name" of /proc/cpuinfo.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func output(name string, args ...string) string {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		return ""
	}
	return string(out)
}

func readFile(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}

// loadAverage is the first three fields of /proc/loadavg: how busy the
// (shared) machine was.
func loadAverage() string {
	f := strings.Fields(readFile("/proc/loadavg"))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(line)
}
