package audit

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
)

// The variables that steer the log: EnvAudit "off" (or "0", "false",
// "no") turns it off; EnvFile puts it at another path (never inside the
// event's project).
const (
	EnvAudit = "HOOKEXEC_AUDIT"
	EnvFile  = "HOOKEXEC_AUDIT_FILE"
)

// The log's files in the user's state directory (dirs.UserState), and the
// size past which the current file is rotated: renamed to RotatedName,
// replacing the one before, so that at most about twice MaxBytes is kept.
const (
	Dir         = "audit"
	FileName    = "decisions.jsonl"
	RotatedName = "decisions.1.jsonl"
	MaxBytes    = 4 << 20
)

// Paths is where the log is for the environment getenv reads: the current
// file and the one rotated out, and whether writing is on (HOOKEXEC_AUDIT
// is not "off"). With HOOKEXEC_AUDIT_FILE=PATH the current file is PATH
// and the rotated one PATH with ".1" before its extension (log.jsonl ->
// log.1.jsonl, log -> log.1). err says why there is no path: neither
// HOOKEXEC_AUDIT_FILE nor a variable that locates the state directory
// (XDG_STATE_HOME, HOME; LOCALAPPDATA on Windows) is set, or
// HOOKEXEC_AUDIT_FILE is not an absolute path to a ".jsonl" file (a
// repository that sets the variable through the agent cannot make
// hookexec append to ~/.bashrc or any other file of the user's that is not
// a log). Paths makes nothing.
func Paths(getenv func(string) string) (current, rotated string, enabled bool, err error) {
	enabled, _ = Setting(getenv)
	if p := getenv(EnvFile); p != "" {
		if !filepath.IsAbs(p) {
			return "", "", enabled, fmt.Errorf("%s=%s: not an absolute path", EnvFile, p)
		}
		if !strings.EqualFold(filepath.Ext(p), ".jsonl") {
			return "", "", enabled, fmt.Errorf("%s=%s: not a .jsonl file (the decision log is only ever written to a file whose name ends in .jsonl)", EnvFile, p)
		}
		p = filepath.Clean(p)
		return p, RotatedPath(p), enabled, nil
	}
	state, _ := dirs.UserState(getenv)
	if state == "" {
		return "", "", enabled, errors.New("no user state directory for the decision log (set HOME or XDG_STATE_HOME)")
	}
	dir := filepath.Join(state, Dir)
	return filepath.Join(dir, FileName), filepath.Join(dir, RotatedName), enabled, nil
}

// RotatedPath is the name current is rotated to: ".1" before its
// extension, or after the name when it has none.
func RotatedPath(current string) string {
	ext := filepath.Ext(current)
	if ext == "" || ext == filepath.Base(current) {
		return current + ".1"
	}
	return strings.TrimSuffix(current, ext) + ".1" + ext
}

// Setting reads HOOKEXEC_AUDIT: whether the log is written, and a warning
// for a value it does not know (the log then stays on).
func Setting(getenv func(string) string) (enabled bool, warning string) {
	v := getenv(EnvAudit)
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "on", "1", "true", "yes":
		return true, ""
	case "off", "0", "false", "no":
		return false, ""
	}
	return true, fmt.Sprintf("%s=%q is not on or off; the decision log stays on", EnvAudit, v)
}
