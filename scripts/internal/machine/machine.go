// Package machine describes where the project's measurements (make bench,
// make soak) were taken, and finds the module and the go command they use.
package machine

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Info describes where the numbers were taken.
type Info struct {
	Date, CPU, GoVersion, Kernel, Bash, JQ, Load string
	NProc                                        int
}

// Describe reads the machine's description now.
func Describe() Info {
	m := Info{
		Date:      time.Now().UTC().Format("2006-01-02 15:04 UTC"),
		NProc:     runtime.NumCPU(),
		CPU:       cpuModel(),
		GoVersion: strings.TrimSpace(output(GoTool(), "env", "GOVERSION")),
		Kernel:    strings.TrimSpace(readFile("/proc/sys/kernel/osrelease")),
		Bash:      firstLine(output("bash", "--version")),
		JQ:        strings.TrimSpace(output("jq", "--version")),
		Load:      LoadAverage(),
	}
	if m.JQ == "" {
		m.JQ = "not installed"
	}
	return m
}

// Text is the description as aligned "name: value" lines.
func (m Info) Text() string {
	return fmt.Sprintf("date:   %s\nnproc:  %d\ncpu:    %s\ngo:     %s %s/%s\nkernel: %s\nbash:   %s\njq:     %s\nload:   %s (1, 5, 15 min, at start)\n",
		m.Date, m.NProc, m.CPU, m.GoVersion, runtime.GOOS, runtime.GOARCH, m.Kernel, m.Bash, m.JQ, m.Load)
}

// cpuModel is the first "model name" of /proc/cpuinfo.
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	defer func() { _ = f.Close() }()
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

// LoadAverage is the first three fields of /proc/loadavg: how busy the
// (shared) machine was.
func LoadAverage() string {
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

// ModuleRoot walks up from the working directory to the directory holding
// go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// GoTool is the go command: $GO (as make passes it), else go on PATH, else
// the one of the running toolchain.
func GoTool() string {
	if g := strings.TrimSpace(os.Getenv("GO")); g != "" {
		return g
	}
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	// The harness runs where it was built (go run), so the GOROOT it was
	// built with is the running toolchain's; nothing else names it.
	return filepath.Join(runtime.GOROOT(), "bin", "go") //nolint:staticcheck // SA1019: see above
}
