package audit

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// appendHelperVar makes the test binary a writer of the log: "PATH N"
// appends N records to PATH and exits (TestConcurrentAppend's processes).
const appendHelperVar = "HOOKEXEC_AUDIT_TEST_APPEND"

func TestMain(m *testing.M) {
	if v := os.Getenv(appendHelperVar); v != "" {
		os.Exit(appendHelper(v))
	}
	os.Exit(m.Run())
}

func appendHelper(v string) int {
	path, count, _ := strings.Cut(v, " ")
	n, err := strconv.Atoi(count)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	l := &Log{Path: path, Rotated: RotatedPath(path), Max: MaxBytes}
	if m, err := strconv.ParseInt(os.Getenv(appendHelperVar+"_MAX"), 10, 64); err == nil {
		l.Max = m
	}
	for i := range n {
		if err := l.Append(testRecord(fmt.Sprintf("proc-%d-%d", os.Getpid(), i)), ""); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// testRecord is a record of about 1 KiB, so that interleaved writes would
// show.
func testRecord(id string) Record {
	return Record{
		V: Version, ID: id, Time: "2026-01-01T00:00:00Z", Via: ViaFire, Event: "BeforeTool",
		Tool: "Bash", Input: strings.Repeat("x", SummaryBytes), Decision: "deny", Blocked: true,
		Reason: strings.Repeat("r", ReasonBytes), Hooks: 1,
		Policy: &Hook{Name: "guard", File: "/etc/hooks.json", Line: 3, Outcome: "blocked", Stderr: strings.Repeat("e", 300)},
	}
}
