package dirs

import (
	"path/filepath"
	"runtime"
)

// Name is the project's hookexec directory, at the project root: its hook
// files, extensions and test cases.
const Name = ".hookexec"

// app is the name of hookexec's own directory inside the user's and the
// system's directories.
const app = "hookexec"

// Home is the user's home directory as getenv gives it: $HOME, or on
// Windows %USERPROFILE% first ("" when neither is set). It bounds the
// upward search for a project (FindProject).
func Home(getenv func(string) string) string { return home(getenv, runtime.GOOS) }

func home(getenv func(string) string, goos string) string {
	if goos == "windows" {
		if h := getenv("USERPROFILE"); h != "" {
			return h
		}
	}
	return getenv("HOME")
}

// UserConfig is ${XDG_CONFIG_HOME:-$HOME/.config}/hookexec, where the
// user's hook files are; "" when neither variable is set. On Windows,
// without XDG_CONFIG_HOME, it is %APPDATA%\hookexec (the roaming
// application data, where Windows programs keep their settings), "" when
// APPDATA is not set.
func UserConfig(getenv func(string) string) string { return userConfig(getenv, runtime.GOOS) }

func userConfig(getenv func(string) string, goos string) string {
	return under(xdgBase(getenv, goos, "XDG_CONFIG_HOME", "APPDATA", ".config"))
}

// SystemConfig is $HOOKEXEC_SYSTEM_DIR, else /etc/hookexec; on Windows
// %ProgramData%\hookexec ("" when ProgramData is not set either).
func SystemConfig(getenv func(string) string) string { return systemConfig(getenv, runtime.GOOS) }

func systemConfig(getenv func(string) string, goos string) string {
	if dir := getenv("HOOKEXEC_SYSTEM_DIR"); dir != "" {
		return dir
	}
	if goos == "windows" {
		return under(getenv("ProgramData"))
	}
	return "/etc/hookexec"
}

// UserData is ${XDG_DATA_HOME:-$HOME/.local/share}/hookexec, where the
// trust store and the copies of trusted files are; "" when neither
// variable is set. On Windows, without XDG_DATA_HOME, it is
// %LOCALAPPDATA%\hookexec (the machine's own application data, which does
// not roam to other machines), "" when LOCALAPPDATA is not set.
func UserData(getenv func(string) string) string { return userData(getenv, runtime.GOOS) }

func userData(getenv func(string) string, goos string) string {
	return under(xdgBase(getenv, goos, "XDG_DATA_HOME", "LOCALAPPDATA", filepath.Join(".local", "share")))
}

// UserDataVars names the variables that locate UserData, for an error
// when none is set: XDG_DATA_HOME, then HOME (LOCALAPPDATA on Windows).
func UserDataVars() (xdg, fallback string) { return userDataVars(runtime.GOOS) }

func userDataVars(goos string) (xdg, fallback string) {
	if goos == "windows" {
		return "XDG_DATA_HOME", "LOCALAPPDATA"
	}
	return "XDG_DATA_HOME", "HOME"
}

// UserState is ${XDG_STATE_HOME:-$HOME/.local/state}/hookexec, where
// per-session state is kept; on Windows, without XDG_STATE_HOME,
// %LOCALAPPDATA%\hookexec, and without that either $HOME's. anchor is a
// directory that must exist already for dir to be used (the home
// directory, also when the variable names a place inside it, else the
// one the variable's directory is in), so that hookexec
// never makes up a home directory that is not there. Both are "" when no
// variable locates them.
func UserState(getenv func(string) string) (dir, anchor string) {
	return userState(getenv, runtime.GOOS)
}

func userState(getenv func(string) string, goos string) (dir, anchor string) {
	base := getenv("XDG_STATE_HOME")
	if base == "" && goos == "windows" {
		base = getenv("LOCALAPPDATA")
	}
	anchor = filepath.Dir(base)
	if home := getenv("HOME"); base != "" && goos != "windows" && home != "" && Within(filepath.Clean(base), filepath.Clean(home)) {
		// $HOME/.local/state named outright, on a new account without
		// $HOME/.local: the home directory is what must exist.
		anchor = home
	}
	if base == "" {
		home := getenv("HOME")
		if home == "" {
			return "", ""
		}
		base, anchor = filepath.Join(home, ".local", "state"), home
	}
	return filepath.Join(base, app), anchor
}

// xdgBase is $xdg, else on Windows $windows (or "" without it), else
// $HOME/homeRel (or "" without HOME).
func xdgBase(getenv func(string) string, goos, xdg, windows, homeRel string) string {
	if base := getenv(xdg); base != "" {
		return base
	}
	if goos == "windows" {
		return getenv(windows)
	}
	if home := getenv("HOME"); home != "" {
		return filepath.Join(home, homeRel)
	}
	return ""
}

// under is base/hookexec, or "" when base is "".
func under(base string) string {
	if base == "" {
		return ""
	}
	return filepath.Join(base, app)
}

// UserHome is the home directory as os.UserHomeDir finds it, read through
// getenv: $HOME, on Windows %USERPROFILE% only, on Plan 9 $home. name is
// the variable read, for an error when dir is "". Agents keep their user
// settings there.
func UserHome(getenv func(string) string) (dir, name string) { return userHome(getenv, runtime.GOOS) }

func userHome(getenv func(string) string, goos string) (dir, name string) {
	name = "HOME"
	switch goos {
	case "windows":
		name = "USERPROFILE"
	case "plan9":
		name = "home"
	}
	return getenv(name), name
}

// LocationVars are the variables Home, UserConfig, SystemConfig, UserData
// and UserState read, in a fixed order: whoever filters the environment
// for them (registry.SafeEnv) filters exactly what locates the user's own
// files. (UserHome's Plan 9 $home is not among them.)
func LocationVars() []string {
	return []string{
		"HOME", "USERPROFILE", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
		"APPDATA", "LOCALAPPDATA", "ProgramData", "HOOKEXEC_SYSTEM_DIR",
	}
}
