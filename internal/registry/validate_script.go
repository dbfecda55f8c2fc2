package registry

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/progpath"
)

// The script check of validate (SPEC §7): the program a hook runs (the
// exec form's command, the shell form's first word) must exist and be
// executable. Words that need the shell to be resolved (other variables,
// command substitution, globs) are not checked.

// projectDirVars are the variables fire sets to the project directory.
func projectDirVars() []string {
	return dirs.ProjectVars()
}

// shellWords are reserved words and builtins: a first word that is one of
// them names no program.
func shellWords() []string {
	return []string{
		"!", "{", "}", "[[", "]]", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in", "select", "then", "time", "until", "while",
		".", ":", "[", "alias", "bg", "break", "builtin", "cd", "command", "continue", "declare", "echo", "eval", "exit", "export", "false", "fg", "getopts", "hash",
		"jobs", "kill", "let", "local", "printf", "pwd", "read", "readonly", "return", "set", "shift", "source", "test", "times", "trap", "true", "type", "typeset",
		"ulimit", "umask", "unalias", "unset", "wait",
	}
}

// resolver returns the value of a variable as the hook will see it, for
// the few that validate can know: the hook's own env, the project
// directory variables and HOME.
func (l *linter) resolver(h *Hook) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if v, ok := h.Env[name]; ok {
			return v, true
		}
		if slices.Contains(projectDirVars(), name) {
			return l.env.projectDir, true
		}
		if pasted, ok := strings.CutPrefix(name, PastedPrefix); ok && slices.Contains(projectDirVars(), pasted) {
			if a, ok := pasterOf(pasted); ok {
				return pastedText(a, l.env.projectDir), true
			}
		}
		if name == "HOME" {
			if home := l.env.getenv("HOME"); home != "" {
				return home, true
			}
		}
		return "", false
	}
}

// execProgram checks the exec form's command, after ${NAME} substitution.
func (l *linter) execProgram(d *fileDecoder, where string, off int, h *Hook) {
	resolve := l.resolver(h)
	word, ok := h.Command, true
	for ok && strings.Contains(word, "${") {
		i := strings.Index(word, "${")
		j := strings.IndexByte(word[i:], '}')
		if j < 0 {
			break
		}
		var v string
		v, ok = resolve(word[i+2 : i+j])
		word = word[:i] + v + word[i+j+1:]
	}
	if ok && word != "" {
		l.program(d, where, off, h.Command, word, true, l.pathOf(h))
	}
}

// pathOf is the PATH the hook runs with: its own env's, else hookexec's.
func (l *linter) pathOf(h *Hook) string {
	if p, ok := h.Env["PATH"]; ok {
		return p
	}
	return l.env.getenv("PATH")
}

// program checks that word (raw as written) names an executable: a path
// (relative to the project directory) or a program on pathEnv.
func (l *linter) program(d *fileDecoder, where string, off int, raw, word string, execForm bool, pathEnv string) {
	fails := func(status string) string {
		if execForm {
			return "the hook can never start (spawn_error)"
		}
		return "the shell exits " + status + " and the hook always fails"
	}
	if !progpath.IsPath(word) {
		if !execForm && slices.Contains(shellWords(), word) {
			return
		}
		if _, err := l.lookPath(word, pathEnv); err == nil {
			return
		}
		if fi, err := os.Stat(filepath.Join(l.env.projectDir, word)); err == nil && fi.Mode().IsRegular() {
			l.fail(d, off, "%s: %q is not on PATH and a program is never looked up in the working directory; write %q; otherwise %s",
				where, word, "./"+word, fails("127"))
			return
		}
		l.warn(d, off, "%s: program %q is not found on PATH; if it is missing where the hook runs, %s", where, word, fails("127"))
		return
	}
	path := word
	if !filepath.IsAbs(path) {
		path = filepath.Join(l.env.projectDir, path)
	}
	_, err := progpath.Find(path, "", l.env.getenv("PATHEXT"))
	if err == nil {
		return
	}
	detail := ""
	switch {
	case errors.Is(err, progpath.ErrNotExecutable) && runtime.GOOS != "windows":
		detail = " (chmod +x " + path + ")"
	case !filepath.IsAbs(word):
		detail = " (looked for " + path + ": relative paths are resolved against the project directory)"
	case raw != word:
		detail = " (resolved to " + path + ")"
	}
	status := "127"
	if !errors.Is(err, progpath.ErrNotExist) {
		status = "126"
	}
	l.fail(d, off, "%s: script %s %v%s; %s", where, raw, err, detail, fails(status))
}

// firstWord returns the program a shell command runs: its first word after
// variable assignments (and `exec`), with quotes removed and the variables
// that resolve knows expanded; raw is the word as written. ok is false when
// the word cannot be known without running the shell, or is not a simple
// command.
func firstWord(command string, resolve func(string) (string, bool)) (word, raw string, ok bool) {
	s := command
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		var rest string
		word, raw, rest, ok = shellWord(s, resolve)
		if !ok || word == "" || strings.HasPrefix(word, "-") {
			return "", "", false
		}
		if isAssignment(raw) || word == "exec" {
			s = rest
			continue
		}
		return word, raw, true
	}
}

func isAssignment(w string) bool {
	i := strings.IndexByte(w, '=')
	if i <= 0 {
		return false
	}
	for j, c := range w[:i] {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || j > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// shellWord reads one word at the start of s. It gives up (ok false) on
// anything it cannot expand statically.
func shellWord(s string, resolve func(string) (string, bool)) (word, raw, rest string, ok bool) {
	var b strings.Builder
	i := 0
	expand := func() bool { // s[i] == '$'
		name, n := varName(s[i+1:])
		if name == "" {
			return false
		}
		v, known := resolve(name)
		if !known {
			return false
		}
		b.WriteString(v)
		i += 1 + n
		return true
	}
	for i < len(s) {
		c := s[i]
		switch {
		case strings.IndexByte(" \t\r\n;&|<>()", c) >= 0:
			if i == 0 {
				return "", "", "", false
			}
			return b.String(), s[:i], s[i:], true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return "", "", "", false
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case c == '"':
			i++
			for i < len(s) && s[i] != '"' {
				switch {
				case s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\", s[i+1]) >= 0:
					b.WriteByte(s[i+1])
					i += 2
				case s[i] == '`':
					return "", "", "", false
				case s[i] == '$':
					if !expand() {
						return "", "", "", false
					}
				default:
					b.WriteByte(s[i])
					i++
				}
			}
			if i >= len(s) {
				return "", "", "", false
			}
			i++
		case c == '\\':
			if i+1 >= len(s) || s[i+1] == '\n' {
				return "", "", "", false
			}
			b.WriteByte(s[i+1])
			i += 2
		case c == '$':
			if !expand() {
				return "", "", "", false
			}
		case c == '~' && i == 0:
			home, known := resolve("HOME")
			if !known || !(len(s) == 1 || strings.IndexByte("/ \t\n;&|", s[1]) >= 0) {
				return "", "", "", false
			}
			b.WriteString(home)
			i++
		case strings.IndexByte("`*?[{}#", c) >= 0:
			return "", "", "", false
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), s, "", true
}

// varName reads NAME or {NAME} after a '$' and returns it with the number
// of bytes it takes; "" for anything else ($1, $(...), ${X:-y}).
func varName(s string) (string, int) {
	if strings.HasPrefix(s, "{") {
		j := strings.IndexByte(s, '}')
		if j < 0 || !isName(s[1:j]) {
			return "", 0
		}
		return s[1:j], j + 1
	}
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return s[:n], n
}

func isName(s string) bool {
	name, n := varName(s)
	return name != "" && n == len(s)
}
