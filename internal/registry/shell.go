package registry

import (
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/progpath"
)

// ShellKind is the family of a shell program, which decides how it is
// given a command (ShellArgv) and whether validate can parse its syntax.
type ShellKind int

const (
	// ShellPOSIX: sh, bash, dash, zsh, ... and any program not named
	// below, run as `shell -c command`.
	ShellPOSIX ShellKind = iota
	// ShellCmd: cmd.exe, run as `cmd.exe /d /s /c "command"` (no AutoRun
	// commands; the runner passes the command verbatim).
	ShellCmd
	// ShellPowerShell: pwsh or Windows PowerShell, run as `pwsh -NoProfile
	// -NonInteractive -Command command`.
	ShellPowerShell
)

// KindOfShell tells the family of shell by its base name (case and a
// trailing .exe ignored).
func KindOfShell(shell string) ShellKind {
	switch strings.ToLower(shellName(shell)) {
	case "cmd":
		return ShellCmd
	case "pwsh", "powershell":
		return ShellPowerShell
	}
	return ShellPOSIX
}

// ShellArgv is the argv of a shell-form hook (SPEC §4.2): [shell, "-c",
// command], or the form cmd.exe and PowerShell expect (ShellKind).
func ShellArgv(shell, command string) []string {
	switch KindOfShell(shell) {
	case ShellCmd:
		return []string{shell, "/d", "/s", "/c", command}
	case ShellPowerShell:
		return []string{shell, "-NoProfile", "-NonInteractive", "-Command", command}
	}
	return []string{shell, "-c", command}
}

// windowsShells are the default shells on Windows, in the order Claude Code
// looks for Git Bash: $CLAUDE_CODE_GIT_BASH_PATH, then bin\bash.exe of the
// Git installation whose git.exe is first on PATH (<git.exe>\..\..\bin),
// then %ProgramFiles%\Git\bin\bash.exe; last cmd.exe (%ComSpec%), which is
// always there. Paths are listed whether or not they exist: the planner
// takes the first that does.
func windowsShells(getenv func(string) string) []string {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	var shells []string
	if p := getenv("CLAUDE_CODE_GIT_BASH_PATH"); p != "" {
		shells = append(shells, p)
	}
	if git, err := progpath.Find("git", getenv("PATH"), getenv("PATHEXT")); err == nil {
		shells = append(shells, filepath.Join(filepath.Dir(filepath.Dir(git)), "bin", "bash.exe"))
	}
	if pf := getenv("ProgramFiles"); pf != "" {
		shells = append(shells, filepath.Join(pf, "Git", "bin", "bash.exe"))
	}
	cmd := getenv("ComSpec")
	if cmd == "" {
		cmd = "cmd.exe"
	}
	return append(shells, cmd)
}
