//go:build windows

package termstyle

import "golang.org/x/sys/windows"

// colourTerminal reports whether fd is a console that interprets escape
// sequences: its mode gets ENABLE_VIRTUAL_TERMINAL_PROCESSING (Windows 10
// and later); a console that refuses it (older Windows) is no colour
// terminal. The mode is left on, as it is for any program that colours.
func colourTerminal(fd uintptr) bool {
	h := windows.Handle(fd)
	var mode uint32
	if err := windows.GetConsoleMode(h, &mode); err != nil {
		return false // not a console: a file, a pipe, or a mintty pipe
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true
	}
	return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
}
