package permrule

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
)

// subcommand is one simple command of a shell command line: its words,
// each a literal or (when its value is only known at run time) a hole.
type subcommand []word

type word struct {
	text    string
	dynamic bool
}

// subject renders the words separated by single spaces, a dynamic word as
// a hole.
func (c subcommand) subject() []elem {
	var out []elem
	for i, w := range c {
		if i > 0 {
			out = append(out, elem{r: ' '})
		}
		if w.dynamic {
			out = append(out, elem{star: true})
			continue
		}
		out = append(out, literal(w.text)...)
	}
	return out
}

func (c subcommand) String() string {
	parts := make([]string, len(c))
	for i, w := range c {
		parts[i] = w.text
		if w.dynamic {
			parts[i] = "<" + w.text + ">"
		}
	}
	return strings.Join(parts, " ")
}

// splitShell parses command as bash and returns every simple command in
// it, in source order: those of lists (&&, ||, ;, &), pipelines,
// subshells and groups, compound commands and function bodies, command
// and process substitutions (also inside words, assignments and
// here-documents). Leading VAR=x assignments are not words. ok is false
// when the command does not parse.
//
// The script of `bash -c SCRIPT` (and sh, dash, zsh, ...) and the words of
// `eval WORDS`, when they are literal, are split the same way, and their
// commands count too (hookexec goes further than Claude Code here).
func splitShell(command string) (cmds []subcommand, ok bool) {
	return splitDepth(command, 0)
}

// maxNesting bounds how deep `bash -c` and `eval` scripts are followed.
const maxNesting = 4

func splitDepth(command string, depth int) (cmds []subcommand, ok bool) {
	f, err := shellparse.Parse(command, syntax.LangBash)
	if err != nil {
		return nil, false
	}
	ok = true
	syntax.Walk(f, func(n syntax.Node) bool {
		call, isCall := n.(*syntax.CallExpr)
		if !isCall || len(call.Args) == 0 {
			return true
		}
		c := make(subcommand, len(call.Args))
		for i, w := range call.Args {
			c[i] = wordOf(w, command)
		}
		cmds = append(cmds, c)
		switch script, nested := nestedScript(c); {
		case nested && script == nil:
			// A script known only at run time: a hole, which any
			// rule matches.
			cmds = append(cmds, subcommand{{text: "script", dynamic: true}})
		case nested && depth < maxNesting:
			inner, innerOK := splitDepth(*script, depth+1)
			cmds = append(cmds, inner...)
			ok = ok && innerOK
		}
		return true
	})
	return cmds, ok
}

// shells are the programs whose -c argument is a script.
func shells(name string) bool {
	switch name {
	case "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash":
		return true
	}
	return false
}

// nestedScript returns the script a command runs as shell code: the
// argument of a shell's -c, or eval's words joined; nil (with nested
// true) when part of it is known only at run time.
func nestedScript(c subcommand) (script *string, nested bool) {
	for _, form := range unwrap(c) {
		name := form[0].text
		if form[0].dynamic {
			continue
		}
		switch base := name[strings.LastIndexByte(name, '/')+1:]; {
		case base == "eval" && len(form) > 1:
			parts := make([]string, 0, len(form)-1)
			for _, w := range form[1:] {
				if w.dynamic {
					return nil, true
				}
				parts = append(parts, w.text)
			}
			joined := strings.Join(parts, " ")
			return &joined, true
		case shells(base):
			for i := 1; i+1 < len(form); i++ {
				if t := form[i].text; !form[i].dynamic && strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.Contains(t, "c") {
					if form[i+1].dynamic {
						return nil, true
					}
					return &form[i+1].text, true
				}
			}
		}
	}
	return nil, false
}

// wordOf is a word's value after quote removal, or a hole when part of it
// is expanded at run time (parameters, command and process substitutions,
// arithmetic, extended globs). Its text is then the source text.
func wordOf(w *syntax.Word, src string) word {
	var b strings.Builder
	if !literalParts(&b, w.Parts, false) {
		return word{text: sourceText(w, src), dynamic: true}
	}
	return word{text: b.String()}
}

func literalParts(b *strings.Builder, parts []syntax.WordPart, quoted bool) bool {
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value, quoted))
		case *syntax.SglQuoted:
			if p.Dollar {
				// $'...' has its own escapes; its value is not worth
				// reproducing for a guard: unknown.
				return false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar || !literalParts(b, p.Parts, true) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// unescape removes the backslashes the shell removes: before any
// character outside quotes, before $ ` " \ and newline inside double
// quotes. A backslash-newline disappears.
func unescape(s string, quoted bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		next := s[i+1]
		switch {
		case next == '\n':
			i++
		case !quoted || strings.IndexByte("$`\"\\", next) >= 0:
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func sourceText(n syntax.Node, src string) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(src) || start > end {
		return "?"
	}
	return src[start:end]
}

// wrappers are the commands that run the rest of their arguments as a
// command: Claude Code's documented process wrappers (timeout, time, nice,
// nohup, stdbuf) and the shell's and env's, which hookexec sees through
// too. The value is the options that take a separate argument.
func wrappers(name string) (string, bool) {
	switch name {
	case "timeout":
		return "sk", true // timeout [-s SIG] [-k DUR] [--...] DURATION CMD
	case "time":
		return "o", true // time [-p] [-o FILE] CMD
	case "nice":
		return "n", true // nice [-n N] CMD
	case "nohup":
		return "", true // nohup CMD
	case "stdbuf":
		return "ioe", true // stdbuf [-i M] [-o M] [-e M] CMD
	case "env":
		return "uSCP", true // env [-i] [-u NAME] [NAME=VALUE]... CMD
	case "command":
		return "", true // command [-p] CMD
	case "builtin":
		return "", true // builtin CMD
	case "exec":
		return "a", true // exec [-cl] [-a NAME] CMD
	case "xargs":
		return "aEeIdLlnPs", true // xargs [options] CMD: runs CMD with more arguments
	}
	return "", false
}

// unwrap strips leading wrappers with their options (and timeout's
// duration, env's assignments). It returns every form met on the way,
// the full one first, so a rule may match any of them; a command named by
// its path (/bin/rm) also gives the form with its base name (rm).
func unwrap(c subcommand) []subcommand {
	forms := withBaseName(nil, c)
	for len(c) > 0 && !c[0].dynamic {
		name := c[0].text
		name = name[strings.LastIndexByte(name, '/')+1:]
		argOpts, ok := wrappers(name)
		if !ok {
			break
		}
		rest := c[1:]
		for len(rest) > 0 && !rest[0].dynamic {
			t := rest[0].text
			switch {
			case t == "--":
				rest = rest[1:]
			case strings.HasPrefix(t, "-") && len(t) > 1:
				rest = rest[1:]
				if len(t) == 2 && strings.IndexByte(argOpts, t[1]) >= 0 && len(rest) > 0 {
					rest = rest[1:]
				}
				continue
			case name == "env" && strings.Contains(t, "="):
				rest = rest[1:]
				continue
			case name == "nice" && isNumber(strings.TrimPrefix(t, "-")):
				rest = rest[1:]
				continue
			}
			break
		}
		if name == "timeout" && len(rest) > 0 {
			rest = rest[1:] // the duration
		}
		if len(rest) == 0 {
			break
		}
		c = rest
		forms = withBaseName(forms, c)
	}
	return forms
}

// withBaseName appends c, and c with its command's base name when the
// command is a path.
func withBaseName(forms []subcommand, c subcommand) []subcommand {
	forms = append(forms, c)
	if len(c) > 0 && !c[0].dynamic {
		if i := strings.LastIndexByte(c[0].text, '/'); i >= 0 && i < len(c[0].text)-1 {
			short := append(subcommand{{text: c[0].text[i+1:]}}, c[1:]...)
			forms = append(forms, short)
		}
	}
	return forms
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
