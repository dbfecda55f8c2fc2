package harness

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Env is what make e2e hands a suite: the hookexec under test, the agent's
// program (installed from e2e/package.json) and where the evidence goes.
type Env struct {
	Bin   string // $HOOKEXEC_E2E_BIN: hookexec
	Agent string // $HOOKEXEC_E2E_NODE_MODULES/.bin/AGENT
	Out   string // $HOOKEXEC_E2E_OUT: where the tables and the raw evidence go
}

// Lookup reads Env for the agent program named agent through getenv; it
// reports false when make e2e did not set all three variables.
func Lookup(getenv func(string) string, agent string) (Env, bool) {
	env := Env{Bin: getenv("HOOKEXEC_E2E_BIN"), Out: getenv("HOOKEXEC_E2E_OUT")}
	modules := getenv("HOOKEXEC_E2E_NODE_MODULES")
	if env.Bin == "" || modules == "" || env.Out == "" {
		return Env{}, false
	}
	env.Agent = filepath.Join(modules, ".bin", agent)
	return env, true
}

// Load is Lookup from the process environment for a test: it skips the
// test outside make e2e and fails it when hookexec or the agent is missing.
func Load(t testing.TB, agent string) Env {
	t.Helper()
	env, ok := Lookup(os.Getenv, agent)
	if !ok {
		t.Skip("run with make e2e (HOOKEXEC_E2E_BIN, HOOKEXEC_E2E_NODE_MODULES, HOOKEXEC_E2E_OUT)")
	}
	_, err := os.Stat(env.Bin)
	require.NoError(t, err, "hookexec under test")
	_, err = os.Stat(env.Agent)
	require.NoError(t, err, "%s is not installed (make e2e installs it from e2e/package.json)", agent)
	return env
}

// Modes are the runs of each scenario: "direct" (the agent's own hooks) and
// "through" (the same policies through hookexec), or those the
// comma-separated value of HOOKEXEC_E2E_MODES names (getenv is os.Getenv
// outside tests).
func Modes(getenv func(string) string) []string {
	if m := getenv("HOOKEXEC_E2E_MODES"); m != "" {
		return strings.Split(m, ",")
	}
	return []string{"direct", "through"}
}

// Only keeps the items whose name matches the regular expression in
// HOOKEXEC_E2E_ONLY, or all of them when it is unset; a bad expression fails
// the test.
func Only[S any](t testing.TB, items []S, name func(S) string) []S {
	t.Helper()
	only := os.Getenv("HOOKEXEC_E2E_ONLY")
	if only == "" {
		return items
	}
	re, err := regexp.Compile(only)
	require.NoError(t, err, "HOOKEXEC_E2E_ONLY")
	var keep []S
	for _, it := range items {
		if re.MatchString(name(it)) {
			keep = append(keep, it)
		}
	}
	return keep
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

// Slug is a scenario's name as a file name: lower case, words joined by "-".
func Slug(s string) string {
	return strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
}
