package setup

import (
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
)

// fireCommand is an agent hook's command that runs `hookexec fire`.
type fireCommand struct {
	// Program is the first word, unquoted: the hookexec binary.
	Program string
	// Event is the event as the command names it.
	Event string
	// Format is --format's value ("" when absent).
	Format string
	// FailClosed: --fail-closed is given.
	FailClosed bool
	// Managed: the command is exactly what install writes (program, fire,
	// event, --format and maybe --fail-closed, nothing else), so install
	// may update it and uninstall remove it. A hookexec command with
	// other options (--config, ...) is the user's own.
	Managed bool
}

// parseFireCommand recognises `PROGRAM fire EVENT ...` where PROGRAM's base
// name is hookexec (hookexec.exe), or PROGRAM is self (this binary, by
// whatever name). ok is false for any other command.
func parseFireCommand(command, self string) (fireCommand, bool) {
	words, complete := shellWords(command)
	if len(words) < 3 || words[1] != "fire" || !isHookexec(words[0]) && (self == "" || words[0] != self) {
		return fireCommand{}, false
	}
	// A command with more than plain words after them ($VAR, ;, ...) is
	// the user's own.
	c := fireCommand{Program: words[0], Event: words[2], Managed: complete}
	for i := 3; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--format" && i+1 < len(words):
			c.Format = words[i+1]
			i++
		case strings.HasPrefix(w, "--format="):
			c.Format = strings.TrimPrefix(w, "--format=")
		case w == "--fail-closed" || w == "--fail-closed=true":
			c.FailClosed = true
		default:
			c.Managed = false
		}
	}
	if c.Format == "" {
		c.Managed = false
	}
	return c, true
}

// sameEvent reports whether the command fires the event of the config key
// (PreToolUse and BeforeTool are the same event).
func (c fireCommand) sameEvent(key string) bool {
	a, errA := agents.Resolve(c.Event)
	b, errB := agents.Resolve(key)
	if errA != nil || errB != nil {
		return strings.EqualFold(c.Event, key)
	}
	return a.Name == b.Name
}

// isHookexec reports whether a program word names a hookexec binary.
func isHookexec(program string) bool {
	base := program
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	base = strings.ToLower(base)
	return base == "hookexec" || base == "hookexec.exe"
}

// buildCommand is the command install writes.
func buildCommand(program, eventKey, format string, failClosed bool) string {
	c := shellQuote(program) + " fire " + eventKey + " --format " + format
	if failClosed {
		c += " --fail-closed"
	}
	return c
}

// shellQuote quotes s for sh (Git Bash on Windows, where the agents run
// hooks through bash): as it is when it has only safe characters, else in
// single quotes.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:,@%=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellWords splits a command as sh would split a simple command of plain
// words: blanks separate, '...' and "..." quote, a backslash escapes. At
// anything else (variables, substitutions, operators, a quote left open),
// which is never in a command install wrote, it stops: the words before
// that one, and complete false.
func shellWords(s string) (words []string, complete bool) {
	var b strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, b.String())
				b.Reset()
				inWord = false
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return words, false
			}
			b.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				switch s[j] {
				case '\\':
					if j+1 < len(s) && strings.IndexByte("$`\"\\\n", s[j+1]) >= 0 {
						j++
					}
				case '$', '`':
					return words, false
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return words, false
			}
			i = j
			inWord = true
		case c == '\\':
			if i+1 >= len(s) {
				return words, false
			}
			i++
			b.WriteByte(s[i])
			inWord = true
		case strings.IndexByte("$`;&|<>()\n*?[~#{}", c) >= 0 && !(c == '#' && inWord) && !(c == '~' && inWord):
			return words, false
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, b.String())
	}
	return words, true
}

// programPath resolves a relative program word against dir, the directory
// the agent runs hooks in; a bare name stays a name (looked up on PATH).
func programPath(program, dir string) string {
	if filepath.IsAbs(program) || !strings.ContainsAny(program, `/\`) {
		return program
	}
	return filepath.Join(dir, program)
}
