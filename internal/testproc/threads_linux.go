package testproc

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Threads is this process's number of OS threads (/proc/self/status).
func Threads() (int, error) {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "Threads:"); ok {
			return strconv.Atoi(strings.TrimSpace(v))
		}
	}
	return 0, fmt.Errorf("testproc: no Threads: line in /proc/self/status")
}
