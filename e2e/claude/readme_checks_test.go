//go:build e2e

package claude

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// policyIn is the name of the hook of hooksJS that reason names: by its
// name (a command policy's reason), or, for a built-in pack's reason
// ("deny by hookexec:default/CHECK ..."), the hook that uses the pack.
func policyIn(reason string, hooksJS []byte) string {
	for _, m := range regexp.MustCompile(`"name":\s*"([^"]+)"`).FindAllSubmatch(hooksJS, -1) {
		if strings.Contains(reason, string(m[1])) {
			return string(m[1])
		}
	}
	pack := regexp.MustCompile(`^\w+ by (hookexec:[a-z]+)[/ ]`).FindStringSubmatch(reason)
	if pack == nil {
		return ""
	}
	// The hook object holding "use": [..."PACK"...]: the last name before it.
	at := regexp.MustCompile(`"use":\s*\[[^]]*"` + regexp.QuoteMeta(pack[1]) + `"`).FindIndex(hooksJS)
	if at == nil {
		return ""
	}
	names := regexp.MustCompile(`"name":\s*"([^"]+)"`).FindAllSubmatch(hooksJS[:at[0]], -1)
	if len(names) == 0 {
		return ""
	}
	return string(names[len(names)-1][1])
}

// hookLines are the first and last line of the hook named name in
// hooksJS (its object's braces, in the file init wrote).
func hookLines(hooksJS []byte, name string) (first, last int) {
	lines := strings.Split(string(hooksJS), "\n")
	at := -1
	for i, l := range lines {
		if strings.Contains(l, `"name": "`+name+`"`) {
			at = i
		}
	}
	if at < 0 {
		return 0, 0
	}
	first, last = at+1, at+1
	for i := at; i >= 0; i-- {
		if strings.TrimSpace(lines[i]) == "{" {
			first = i + 1
			break
		}
	}
	for i := at; i < len(lines); i++ {
		if strings.HasPrefix(strings.TrimSpace(lines[i]), "}") {
			last = i + 1
			break
		}
	}
	return first, last
}

// notBuilt fails the test when a verb of the quick start does not exist
// yet, and says so; it reports whether it did.
func notBuilt(t *testing.T, st qsStep, out string) bool {
	t.Helper()
	if strings.Contains(out, fmt.Sprintf("unknown command %q", st.args[1])) {
		t.Errorf("hookexec %s is not built (%s):\n%s", st.args[1], st.line, out)
		return true
	}
	return false
}

// checkLog checks what hookexec log --blocked printed: one line for the
// block, naming the event, Bash, the command and the policy, and nothing
// of the events that were not blocked.
func checkLog(t *testing.T, st qsStep, out string, code int, b *blockedRun) {
	t.Helper()
	if notBuilt(t, st, out) || !ranAfterSession(t, st, out, code, b) {
		return
	}
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, b.command) {
			lines = append(lines, l)
		}
	}
	if !assert.Len(t, lines, 1, "%s: one line naming %q for the one block:\n%s", st.line, b.command, out) {
		return
	}
	l := lines[0]
	assert.Regexp(t, `PreToolUse|BeforeTool`, l, "%s: the event", st.line)
	assert.Contains(t, l, "Bash", "%s: the tool", st.line)
	assert.Contains(t, l, b.policy, "%s: the deciding policy", st.line)
	assert.NotContains(t, out, "SessionStart", "%s lists an event that was not blocked:\n%s", st.line, out)
}

// ranAfterSession reports whether a log or why line exited 0 after the
// quick start's session, and fails the test if not.
func ranAfterSession(t *testing.T, st qsStep, out string, code int, b *blockedRun) bool {
	t.Helper()
	if b == nil {
		t.Errorf("the quick start has no claude line before %s", st.line)
		return false
	}
	return assert.Zero(t, code, "%s:\n%s", st.line, out)
}

// checkWhy checks what hookexec why printed: the policy, where it is
// written (.hookexec/hooks.json:LINE within the hook), how it decided (a
// rules hook: its decision, in hookexec's own process; a command policy:
// exit status 2) and the reason.
func checkWhy(t *testing.T, st qsStep, out string, code int, b *blockedRun) {
	t.Helper()
	if notBuilt(t, st, out) || !ranAfterSession(t, st, out, code, b) {
		return
	}
	assert.Contains(t, out, b.policy, "%s: the policy", st.line)
	first, last := hookLines(b.hooksJS, b.policy)
	m := regexp.MustCompile(`\.hookexec/hooks\.json:(\d+)`).FindStringSubmatch(out)
	if assert.NotNil(t, m, "%s: no .hookexec/hooks.json:LINE:\n%s", st.line, out) {
		n, _ := strconv.Atoi(m[1])
		assert.True(t, n >= first && n <= last, "%s: hooks.json:%d is not the policy's lines %d-%d", st.line, n, first, last)
	}
	if strings.Contains(out, "in hookexec's own process") {
		assert.Regexp(t, `(?m)^\s*decided\s+deny: `, out, "%s: the rules hook's decision", st.line)
	} else {
		assert.Regexp(t, `(?i)exit(ed)?( status| code)?:?\s*2\b`, out, "%s: the policy's exit status", st.line)
	}
	core, _, _ := strings.Cut(b.reason, ": "+b.command)
	assert.Contains(t, out, core, "%s: the reason", st.line)
}
