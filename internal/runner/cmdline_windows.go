package runner

import (
	"path/filepath"
	"strings"
	"syscall"
)

// commandLine is the command line for argv where Go's quoting would be
// wrong, else "" (Go quotes each argument for CommandLineToArgvW, which
// is how nearly every program reads its command line). cmd.exe reads its
// own: with /s and /c it takes everything after /c, strips the outermost
// quotes and runs the rest as typed. So for cmd.exe the arguments up to
// /c are quoted as usual and the rest is passed as it is, joined by
// spaces, inside one pair of quotes: `cmd.exe /d /s /c "<command>"`, as
// Claude Code and Node.js run a shell command on Windows.
func commandLine(argv []string) string {
	if len(argv) == 0 || !isCmd(argv[0]) {
		return ""
	}
	for i := 1; i < len(argv); i++ {
		if !strings.EqualFold(argv[i], "/c") {
			continue
		}
		parts := make([]string, 0, i+2)
		for _, a := range argv[:i+1] {
			parts = append(parts, syscall.EscapeArg(a))
		}
		parts = append(parts, `"`+strings.Join(argv[i+1:], " ")+`"`)
		return strings.Join(parts, " ")
	}
	return ""
}

// isCmd reports whether program is cmd.exe, by its base name.
func isCmd(program string) bool {
	base := strings.ToLower(filepath.Base(program))
	return base == "cmd" || base == "cmd.exe"
}
