package main

import (
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// word is one argument of a command, from a doc or a script. Expanded is
// true when the argument holds an expansion ($V, ${V}, $(...), `...`):
// the docs write "$V" where a script writes $WORK/..., so such an argument
// matches any argument in the same place (the rule of
// TestDocsCommandsAreTested).
//
// Glob is true for a doc's argument with an unquoted * or ?: the shell
// expands it to one or more arguments, which a script writes out, so it
// matches one or more arguments.
type word struct {
	Text     string
	Expanded bool
	Glob     bool
}

// command is a hookexec command line: its arguments after the program's
// name.
type command []word

// String is the command as a shell reads it back: arguments quoted where
// needed, an expansion shown as written ("$…" for its variable part).
func (c command) String() string {
	parts := make([]string, len(c))
	for i, w := range c {
		parts[i] = w.Text
		if q, err := syntax.Quote(w.Text, syntax.LangBash); err == nil && !w.Expanded && !w.Glob {
			parts[i] = q
		}
	}
	return strings.Join(parts, " ")
}

// matches: argument by argument, each equal or expanded on either side; a
// doc's glob takes one or more of the script's arguments that it matches.
func (c command) matches(script command) bool {
	if len(c) == 0 || len(script) == 0 {
		return len(c) == len(script)
	}
	d, s := c[0], script[0]
	if d.Glob {
		for n := 1; n <= len(script); n++ {
			if !globMatches(d.Text, script[n-1]) {
				return false
			}
			if c[1:].matches(script[n:]) {
				return true
			}
		}
		return false
	}
	if !d.Expanded && !s.Expanded && d.Text != s.Text {
		return false
	}
	return c[1:].matches(script[1:])
}

// isProgram: name is one a doc runs hookexec by.
func isProgram(name string) bool {
	switch name {
	case "hookexec", "bin/hookexec", "./bin/hookexec":
		return true
	}
	return false
}

// globMatches: the script's argument is one the doc's pattern expands to.
func globMatches(pattern string, s word) bool {
	if s.Expanded {
		return true
	}
	ok, err := path.Match(pattern, s.Text)
	return err == nil && ok
}

// runsHookexecRE finds a line that runs hookexec: at its start (after a
// "$ " prompt), or after "| " or "&& ".
func runsHookexecRE() *regexp.Regexp {
	return regexp.MustCompile(`(^|\|\s*|&&\s*)(\./)?(bin/)?hookexec(\s|$)`)
}

// docCommands returns the hookexec commands of one line of a code block
// (after a "$ " prompt; comments, pipes, &&, redirections and quotes as the
// shell reads them). A line the shell cannot parse (a placeholder such as
// <ID>) is split at whitespace after its comment is dropped.
func docCommands(line string, re *regexp.Regexp) []command {
	line = strings.TrimSpace(line)
	line = strings.TrimSpace(strings.TrimPrefix(line, "$ "))
	if !re.MatchString(line) {
		return nil
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return []command{splitFields(line)}
	}
	var out []command
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		name := shellWord(call.Args[0])
		if name.Expanded || !isProgram(name.Text) {
			return true
		}
		cmd := command{}
		for _, a := range call.Args[1:] {
			cmd = append(cmd, shellWord(a))
		}
		out = append(out, cmd)
		return true
	})
	return out
}

// shellWord is a shell word's text with its quotes removed; any expansion
// in it makes it Expanded.
func shellWord(w *syntax.Word) word {
	var b strings.Builder
	expanded, glob := false, false
	var lit func(parts []syntax.WordPart, quoted bool)
	lit = func(parts []syntax.WordPart, quoted bool) {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.Lit:
				glob = glob || !quoted && strings.ContainsAny(p.Value, "*?")
				b.WriteString(p.Value)
			case *syntax.SglQuoted:
				b.WriteString(p.Value)
			case *syntax.DblQuoted:
				lit(p.Parts, true)
			default:
				expanded = true
				b.WriteString("$…")
			}
		}
	}
	lit(w.Parts, false)
	text := b.String()
	if !expanded && strings.HasPrefix(text, "~") {
		expanded = true // the home directory
	}
	return word{Text: text, Expanded: expanded, Glob: glob}
}

// splitFields splits an unparsable line at whitespace, up to a " #"
// comment, from its hookexec on.
func splitFields(line string) command {
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(line)
	for i, f := range fields {
		if isProgram(f) {
			fields = fields[i+1:]
			break
		}
	}
	cmd := command{}
	for _, f := range fields {
		cmd = append(cmd, word{Text: f, Expanded: strings.Contains(f, "$")})
	}
	return cmd
}

// scriptWords splits a testscript line as testscript does: spaces separate
// arguments, single quotes quote (” is a quote inside them), an unquoted
// # ends the line, and an unquoted $ is an expansion.
func scriptWords(line string) []word {
	var (
		out     []word
		cur     word
		started bool
		quoted  bool
	)
	for i := 0; i <= len(line); i++ {
		if !quoted && (i == len(line) || strings.ContainsRune(" \t\r#", rune(line[i]))) {
			if started {
				out = append(out, cur)
				cur, started = word{}, false
			}
			if i == len(line) || line[i] == '#' {
				break
			}
			continue
		}
		if i == len(line) {
			break // unterminated quote: what was read
		}
		c := line[i]
		started = true
		switch {
		case c == '\'' && quoted && i+1 < len(line) && line[i+1] == '\'':
			cur.Text += "'"
			i++
		case c == '\'':
			quoted = !quoted
		default:
			if c == '$' && !quoted {
				cur.Expanded = true
			}
			cur.Text += string(c)
		}
	}
	return out
}

// scriptCommand is the hookexec command of a script line
// ("[cond] ! exec hookexec ARGS [&]"), if it is one.
func scriptCommand(line string) (command, bool) {
	line = strings.TrimSpace(line)
	for strings.HasPrefix(line, "[") {
		end := strings.Index(line, "]")
		if end < 0 {
			return nil, false
		}
		line = strings.TrimSpace(line[end+1:])
	}
	if strings.HasPrefix(line, "! ") || strings.HasPrefix(line, "? ") {
		line = strings.TrimSpace(line[2:])
	}
	w := scriptWords(line)
	if len(w) < 2 || w[0].Text != "exec" || w[0].Expanded || w[1].Text != "hookexec" {
		return nil, false
	}
	args := w[2:]
	if n := len(args); n > 0 && args[n-1].Text == "&" {
		args = args[:n-1]
	}
	return command(args), true
}
