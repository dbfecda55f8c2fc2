package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run hookexec (and the test helper) in-process
// as commands, so `go test ./...` needs no install step.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hookexec": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"testhook": func() { os.Exit(testHook(os.Args[1:])) },
		"jsonget":  func() { os.Exit(jsonGet(os.Args[1:])) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script, one
// behaviour per script.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/script",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// Hooks must not see a depth inherited from a surrounding run.
			env.Setenv("HOOKEXEC_DEPTH", "")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("HOOKEXEC_SYSTEM_DIR", env.WorkDir+"/etc")
			env.Setenv("XDG_DATA_HOME", env.WorkDir+"/.local/share")
			// Under -race every re-executed command would otherwise sleep
			// 1 s at exit (the race detector's default atexit_sleep_ms).
			env.Setenv("GORACE", "atexit_sleep_ms=0")
			return nil
		},
	})
}
