//go:build !windows

package termstyle

import "golang.org/x/term"

// colourTerminal reports whether fd is a terminal.
func colourTerminal(fd uintptr) bool { return term.IsTerminal(int(fd)) }
