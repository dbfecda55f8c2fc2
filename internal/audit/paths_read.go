package audit

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
)

// readPaths is where the log is read from until the writer's Paths is
// merged: the current file, the rotated one and whether writing is on.
func readPaths(getenv func(string) string) (current, rotated string, enabled bool, err error) {
	switch strings.ToLower(strings.TrimSpace(getenv("HOOKEXEC_AUDIT"))) {
	case "off", "0", "false", "no":
	default:
		enabled = true
	}
	if p := getenv("HOOKEXEC_AUDIT_FILE"); p != "" {
		if !filepath.IsAbs(p) {
			return "", "", enabled, fmt.Errorf("HOOKEXEC_AUDIT_FILE=%s: not an absolute path", p)
		}
		p = filepath.Clean(p)
		ext := filepath.Ext(p)
		if ext == "" || ext == filepath.Base(p) {
			return p, p + ".1", enabled, nil
		}
		return p, strings.TrimSuffix(p, ext) + ".1" + ext, enabled, nil
	}
	state, _ := dirs.UserState(getenv)
	if state == "" {
		return "", "", enabled, errors.New("no user state directory for the decision log (set HOME or XDG_STATE_HOME)")
	}
	dir := filepath.Join(state, "audit")
	return filepath.Join(dir, "decisions.jsonl"), filepath.Join(dir, "decisions.1.jsonl"), enabled, nil
}
