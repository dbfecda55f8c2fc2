// Command hookexec executes coding-agent hooks: `hookexec fire EVENT <
// event.json` loads the hook configs, runs the matching hooks and prints one
// JSON verdict.
package main

import (
	"os"

	"github.com/hookexec/hookexec/internal/runner"
)

func main() { os.Exit(mainStatus()) }

// mainStatus is main's work: what the test scripts run as hookexec too.
func mainStatus() int {
	stdout, stderr := runner.PipeSafeStdio(os.Stdout, os.Stderr)
	return run(os.Args[1:], os.Stdin, stdout, stderr)
}
