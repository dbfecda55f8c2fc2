package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run hookexec (and the test helper) in-process
// as commands, so `go test ./...` needs no install step.
func TestMain(m *testing.M) {
	testMain(m, map[string]func(){
		"hookexec":     func() { os.Exit(mainStatus()) },
		"testhook":     func() { os.Exit(testHook(os.Args[1:])) },
		"jsonget":      func() { os.Exit(jsonGet(os.Args[1:])) },
		"policyserver": func() { os.Exit(policyServer(os.Args[1:])) },
	})
}

// TestScripts runs the end-to-end scripts in testdata/script, one
// behaviour per script.
func TestScripts(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the scripts use sh; on Windows, fire_windows_test.go runs hookexec")
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "../../testdata/script",
		RequireExplicitExec: true,
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				// Changing a file's owner needs root.
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			// Hooks must not see a depth inherited from a surrounding run.
			env.Setenv("HOOKEXEC_DEPTH", "")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("HOOKEXEC_SYSTEM_DIR", env.WorkDir+"/etc")
			// The shipped examples, for scripts that check them.
			examples, err := filepath.Abs("../../examples")
			if err != nil {
				return err
			}
			env.Setenv("EXAMPLES", examples)
			// The repository's JSON Schema, which `hookexec schema` prints.
			schemaFile, err := filepath.Abs("../../schema/hooks.schema.json")
			if err != nil {
				return err
			}
			env.Setenv("SCHEMA", schemaFile)
			// The trust store (SPEC §2.4) lives in $WORK too.
			env.Setenv("XDG_DATA_HOME", env.WorkDir+"/.local/share")
			// Under -race every re-executed command would otherwise sleep
			// 1 s at exit (the race detector's default atexit_sleep_ms).
			env.Setenv("GORACE", "atexit_sleep_ms=0")
			return nil
		},
	})
}
