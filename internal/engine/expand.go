package engine

import (
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/shellcmd"
)

// expandArgv is an exec-form hook's argv (SPEC §4.2): command and args with
// their ${NAME} placeholders substituted from the hook's environment,
// except in the script of a POSIX shell's -c. There the
// placeholder is left as written, and the shell expands it from the same
// environment as the variable it is: a value (the input's cwd, which the
// model chooses) reaches the shell as data and never as code, as in a
// shell-form command, which hookexec does not expand either.
func expandArgv(command string, args []string, lookup func(string) string) []string {
	program := expand(command, lookup)
	script := shellScriptIndex(program, args)
	argv := make([]string, 0, len(args)+1)
	argv = append(argv, program)
	for i, a := range args {
		if i == script {
			argv = append(argv, a)
			continue
		}
		argv = append(argv, expand(a, lookup))
	}
	return argv
}

// shellScriptIndex is the index in args of the script that a POSIX shell
// runs with -c (also `env [NAME=value...] shell -c`), or -1: the first
// operand after an option cluster holding c (-c, -ec, -lc), skipping the
// value of -o/+o/-O/+O and a "--".
func shellScriptIndex(command string, args []string) int {
	start := 0
	if programName(command) == "env" {
		for start < len(args) && (strings.Contains(args[start], "=") || strings.HasPrefix(args[start], "-")) {
			start++
		}
		if start >= len(args) {
			return -1
		}
		command, start = args[start], start+1
	}
	if !shellcmd.IsShell(programName(command)) {
		return -1
	}
	sawC := false
	for i := start; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if sawC && i+1 < len(args) {
				return i + 1
			}
			return -1
		case a == "-o" || a == "+o" || a == "-O" || a == "+O":
			i++
		case strings.HasPrefix(a, "--"):
			// a long option (--login, --norc)
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			sawC = sawC || a[0] == '-' && strings.Contains(a[1:], "c")
		default:
			if sawC {
				return i
			}
			return -1
		}
	}
	return -1
}

// programName is a program word's base name, lower case, without .exe.
func programName(program string) string {
	base := strings.ToLower(filepath.Base(strings.ReplaceAll(program, `\`, "/")))
	return strings.TrimSuffix(base, ".exe")
}

// expand substitutes ${NAME} placeholders; an unset name gives "". Only the
// braced form is recognised, so a literal "$" passes through unchanged.
func expand(s string, lookup func(string) string) string {
	if !strings.Contains(s, "${") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "${")
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i+2:], '}')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		b.WriteString(lookup(s[i+2 : i+2+j]))
		s = s[i+3+j:]
	}
	b.WriteString(s)
	return b.String()
}
