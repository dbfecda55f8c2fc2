package server

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
)

// The files of the server Ensure starts, in the user's state directory.
const (
	LockFile = "serve.lock"
	LogFile  = "serve.log"
)

// StateFile is name in the user's state directory (dirs.UserState),
// which is made (0700) when missing under an anchor that exists.
func StateFile(getenv func(string) string, name string) (string, error) {
	dir, anchor := dirs.UserState(getenv)
	if dir == "" {
		return "", errors.New("no user state directory (set HOME or XDG_STATE_HOME)")
	}
	if fi, err := os.Stat(anchor); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("no user state directory: %s is not a directory", anchor)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("making the user state directory: %w", err)
	}
	return filepath.Join(dir, name), nil
}

// ServerEnv is the environment of the server serve --ensure starts: fixed
// and minimal, never the starting session's. That server answers every
// later session of every project for hours, so nothing a repository could
// have set through its agent (HOOKEXEC_*, proxies, BASH_ENV, PATH
// entries, XDG_* redirections) may reach it. It holds the user's home
// and name, the locale and time zone, the user's XDG directories as
// getenv (registry.SafeEnv's) locates them, and a default PATH: exeDir
// (hookexec's own directory), the user's ~/.local/bin and ~/bin, then
// the system's directories. On Windows the system's variables a process
// needs are kept and PATH is getenv's.
func ServerEnv(getenv func(string) string, exeDir string) []string {
	return serverEnv(getenv, exeDir, runtime.GOOS)
}

func serverEnv(getenv func(string) string, exeDir, goos string) []string {
	keep := []string{"HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "TZ",
		"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"}
	if goos == "windows" {
		keep = append(keep, "PATH", "PATHEXT", "SystemRoot", "SystemDrive", "windir", "ComSpec", "USERPROFILE",
			"APPDATA", "LOCALAPPDATA", "ProgramData", "ProgramFiles", "ProgramFiles(x86)", "ProgramW6432",
			"TEMP", "TMP", "USERNAME", "USERDOMAIN", "HOMEDRIVE", "HOMEPATH")
	}
	var env []string
	for _, name := range keep {
		if v := getenv(name); v != "" {
			env = append(env, name+"="+v)
		}
	}
	if goos != "windows" {
		env = append(env, "PATH="+defaultPath(getenv("HOME"), exeDir, goos))
	}
	return env
}

// defaultPath is the PATH of a server started detached on Unix.
func defaultPath(home, exeDir, goos string) string {
	var dirs []string
	if filepath.IsAbs(exeDir) {
		dirs = append(dirs, exeDir)
	}
	if filepath.IsAbs(home) {
		dirs = append(dirs, filepath.Join(home, ".local", "bin"), filepath.Join(home, "bin"))
	}
	if goos == "darwin" {
		dirs = append(dirs, "/opt/homebrew/bin", "/opt/homebrew/sbin")
	}
	dirs = append(dirs, "/usr/local/bin", "/usr/bin", "/bin", "/usr/local/sbin", "/usr/sbin", "/sbin")
	return strings.Join(dirs, ":")
}
