package setup

import (
	"fmt"
	"os"
	"path/filepath"
)

// ThisProgram is the running hookexec binary's absolute path, symbolic
// links resolved: what install writes into an agent's settings, so that
// the agent runs it whatever its PATH, and what doctor and uninstall look
// for.
func ThisProgram() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("finding this hookexec binary: %w", err)
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return filepath.Abs(exe)
}
