package engine

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// inputEnvValue returns the safe form of the input's field for the
// environment, logging a warning when it had to change it.
func (e *Engine) inputEnvValue(field, s string) string {
	safe, changed := inputEnvValue(s)
	if changed {
		e.Log.Warn().Str("field", field).Int("bytes", len(s)).Msg("input value changed for the hooks' environment: NUL bytes replaced by U+FFFD, cut to 4096 bytes")
	}
	return safe
}

// MaxInputEnvValue is the most bytes of one environment value that
// hookexec takes from the event input (HOOKEXEC_SESSION_ID,
// GEMINI_SESSION_ID, HOOKEXEC_CWD). Linux refuses to start a process with
// any single environment string over 128 KiB ("argument list too long"),
// and every hook of the event would fail to start; a real session id or
// path is far shorter.
const MaxInputEnvValue = 4096

// inputEnvValue makes a value taken from the event input safe for a hook's
// environment: each NUL byte (which no environment can hold; exec fails
// with "invalid argument") becomes U+FFFD, and the value is cut to
// MaxInputEnvValue bytes, never inside a UTF-8 character. changed reports
// whether either happened. The hook's stdin keeps the value as it was.
func inputEnvValue(s string) (safe string, changed bool) {
	if strings.IndexByte(s, 0) >= 0 {
		s, changed = strings.ReplaceAll(s, "\x00", "\uFFFD"), true
	}
	if len(s) > MaxInputEnvValue {
		cut := MaxInputEnvValue
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s, changed = s[:cut], true
	}
	return s, changed
}

// DepthMalformed reports whether v, an inherited HOOKEXEC_DEPTH, is set but
// not a non-negative decimal count that fits an int. Depth counts such a
// value as MaxDepth; no nested fire writes one, so fire denies the event
// for it rather than skipping every hook: the repository can set the
// variable through the agent, and that must not turn the guards off.
func DepthMalformed(v string) bool {
	s := strings.TrimSpace(v)
	if s == "" {
		return false
	}
	n, err := strconv.Atoi(s)
	return err != nil || n < 0
}
