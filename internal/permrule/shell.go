package permrule

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
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
func splitShell(command string) (cmds []subcommand, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return nil, false
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if call, isCall := n.(*syntax.CallExpr); isCall && len(call.Args) > 0 {
			c := make(subcommand, len(call.Args))
			for i, w := range call.Args {
				c[i] = wordOf(w, command)
			}
			cmds = append(cmds, c)
		}
		return true
	})
	return cmds, true
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
var wrappers = map[string]string{
	"timeout": "sk",         // timeout [-s SIG] [-k DUR] [--...] DURATION CMD
	"time":    "o",          // time [-p] [-o FILE] CMD
	"nice":    "n",          // nice [-n N] CMD
	"nohup":   "",           // nohup CMD
	"stdbuf":  "ioe",        // stdbuf [-i M] [-o M] [-e M] CMD
	"env":     "uSCP",       // env [-i] [-u NAME] [NAME=VALUE]... CMD
	"command": "",           // command [-p] CMD
	"builtin": "",           // builtin CMD
	"exec":    "a",          // exec [-cl] [-a NAME] CMD
	"xargs":   "aEeIdLlnPs", // xargs [options] CMD: runs CMD with more arguments
}

// unwrap strips leading wrappers with their options (and timeout's
// duration, env's assignments). It returns every form met on the way,
// the full one first, so a rule may match any of them.
func unwrap(c subcommand) []subcommand {
	forms := []subcommand{c}
	for len(c) > 0 && !c[0].dynamic {
		name := c[0].text
		argOpts, ok := wrappers[name]
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
		forms = append(forms, c)
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
