package termstyle

import (
	"fmt"
	"io"
	"strings"
)

// Mode is the --color setting.
type Mode int

// The --color values; Auto is the zero value and the default.
const (
	Auto Mode = iota
	Always
	Never
)

// Modes are the --color words, in the order of the help.
func Modes() []string { return []string{"auto", "always", "never"} }

// ParseMode reads a --color value: auto, always or never.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "auto":
		return Auto, nil
	case "always":
		return Always, nil
	case "never":
		return Never, nil
	}
	return Auto, fmt.Errorf("invalid --color %q (want %s)", s, strings.Join(Modes(), ", "))
}

func (m Mode) String() string {
	if m >= Auto && m <= Never {
		return Modes()[m]
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Enabled is the decision table: Always colours, Never does not, Auto
// colours when terminal is true, NO_COLOR is unset or empty and TERM is
// not "dumb". getenv may be nil (an empty environment).
func Enabled(mode Mode, terminal bool, getenv func(string) string) bool {
	switch mode {
	case Always:
		return true
	case Auto:
		if getenv == nil {
			getenv = func(string) string { return "" }
		}
		return terminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
	}
	return false
}

// For is the Style of w under mode: w is a terminal when it is an
// *os.File (or has an Fd method) on a terminal device that takes colour
// (on Windows, a console whose virtual-terminal processing could be turned
// on). getenv reads NO_COLOR and TERM.
func For(w io.Writer, mode Mode, getenv func(string) string) Style {
	if mode == Never {
		return Style{}
	}
	terminal := false
	if f, ok := w.(interface{ Fd() uintptr }); ok {
		// An *os.File that was closed has fd ^0: no terminal.
		if fd := f.Fd(); fd != ^uintptr(0) {
			terminal = colourTerminal(fd)
		}
	}
	return Style{on: Enabled(mode, terminal, getenv)}
}

// New is a Style that colours when on is true (tests, and callers that
// decided already).
func New(on bool) Style { return Style{on: on} }
