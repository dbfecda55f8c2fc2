package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hookexec/hookexec/internal/audit"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/safefile"
)

// TestMain lets testscript run hookexec (and the test helper) in-process
// as commands, so `go test ./...` needs no install step.
func TestMain(m *testing.M) {
	commands := map[string]func(){
		"hookexec": func() {
			// The user database's home is the script's, not the home of
			// the user running the tests (registry.SafeEnv reads it).
			if h := os.Getenv(testPasswdHome); h != "" {
				registry.SetUserDatabaseHome(h)
			}
			os.Exit(runRecordingStatus(mainStatus))
		},
		"testhook":     func() { os.Exit(testHook(os.Args[1:])) },
		"jsonget":      func() { os.Exit(jsonGet(os.Args[1:])) },
		"policyserver": func() { os.Exit(policyServer(os.Args[1:])) },
	}
	if _, command := commands[strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe")]; !command {
		// The tests that run hookexec with this process's environment
		// must not append to the decision log of the user running them.
		// (The scripts get an environment of their own and set the log
		// where they want one.)
		if os.Getenv(audit.EnvAudit) == "" && os.Getenv(audit.EnvFile) == "" {
			_ = os.Setenv(audit.EnvAudit, "off")
		}
	}
	testMain(m, commands)
}

// testPasswdHome names, in the scripts' environment, the home directory
// the test binary's hookexec takes for the user database's.
const testPasswdHome = "HOOKEXEC_TEST_PASSWD_HOME"

// updateScripts is -update: a failing `cmp` whose expected file is in the
// script's archive rewrites that file with what the command printed
// (go test ./cmd/hookexec -run TestScripts -update), to review with git
// diff.
var updateScripts = flag.Bool("update", false, "rewrite the expected files in testdata/script whose cmp fails")

// TestScripts runs the end-to-end scripts in testdata/script, one
// behaviour per script, with testscript's commands and the scripts' own
// (status and json: script_cmds_test.go).
func TestScripts(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the scripts use sh; on Windows, fire_windows_test.go runs hookexec")
	}
	p := scriptParams("../../testdata/script")
	p.UpdateScripts = *updateScripts
	testscript.Run(t, p)
}

// scriptParams is how the scripts in dir run: hookexec and the helper
// commands on PATH, the scripts' own commands, and an environment of their
// own under $WORK.
func scriptParams(dir string) testscript.Params {
	return testscript.Params{
		Dir:                 dir,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds:                scriptCmds(),
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "root":
				// Changing a file's owner needs root.
				return os.Geteuid() == 0, nil
			case "privategroup":
				// The user's primary group is private (its only member),
				// so that a file of theirs may be group-writable.
				return privateGroup()
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			// Hooks must not see a depth inherited from a surrounding run.
			env.Setenv("HOOKEXEC_DEPTH", "")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("HOOKEXEC_SYSTEM_DIR", env.WorkDir+"/etc")
			env.Setenv(testPasswdHome, env.WorkDir+"/passwd-home")
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
			// Where hookexec leaves its exit status for the status command.
			env.Setenv(statusFileEnv, filepath.Join(env.WorkDir, ".tmp", "hookexec-status"))
			return nil
		},
	}
}

// privateGroup reports whether a new group-writable file of the user's is
// the user's own (safefile.CheckUserFile), as the user's private group
// makes it.
func privateGroup() (bool, error) {
	f, err := os.CreateTemp("", "privategroup")
	if err != nil {
		return false, err
	}
	defer func() { _ = os.Remove(f.Name()) }()
	_ = f.Close()
	if err := os.Chmod(f.Name(), 0o660); err != nil {
		return false, err
	}
	fi, err := os.Stat(f.Name())
	if err != nil {
		return false, err
	}
	return safefile.CheckUserFile(f.Name(), fi) == nil, nil
}
