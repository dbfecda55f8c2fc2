package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// input is where a command's standard input comes from: its statement's
// redirections, the statement piped into it, or else the input of the
// compound command it is in (outer). piped: its output goes into a pipe.
type input struct {
	stmt  *syntax.Stmt
	pipe  *syntax.Stmt
	outer *input
	piped bool
}

// script is the text a shell reading its standard input would run. ok is
// false when there is some input but its text is only known at run time
// (a file, the output of a program); a command with neither redirection
// nor pipe reads the terminal, and has no script (text "", ok true).
func (in input) script() (text, what string, ok bool) {
	if in.stmt != nil {
		for _, r := range in.stmt.Redirs {
			if r.N != nil && r.N.Value != "0" {
				continue
			}
			switch r.Op {
			case syntax.WordHdoc:
				return literalText(r.Word), "a here-string", literalOK(r.Word)
			case syntax.Hdoc, syntax.DashHdoc:
				return literalText(r.Hdoc), "a here-document", literalOK(r.Hdoc)
			case syntax.RdrIn, syntax.RdrInOut:
				return "", "a file", false
			}
		}
	}
	switch {
	case in.pipe != nil:
		text, ok = output(in.pipe)
		return text, "a pipe", ok
	case in.outer != nil:
		return in.outer.script()
	}
	return "", "", true
}

// word is the command's standard input as Command.Stdin says it: nil for
// the terminal.
func (in input) word() *Word {
	text, what, ok := in.script()
	switch {
	case what == "":
		return nil
	case ok:
		return &Word{Text: text}
	}
	return &Word{Text: what, Dynamic: true}
}

// text is what a command reads on its standard input when that is known
// before it runs: a here-string, a here-document, or the output of the
// statement piped into it when output knows it. ok is false otherwise (a
// file, a program's output, the terminal).
func (in input) text() (string, bool) {
	text, what, ok := in.script()
	return text, ok && what != ""
}

func literalText(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	var b strings.Builder
	literalParts(&b, w.Parts, true)
	return b.String()
}

func literalOK(w *syntax.Word) bool {
	if w == nil {
		return true
	}
	var b strings.Builder
	return literalParts(&b, w.Parts, true)
}

// output is what a statement writes, when that is known without running
// it: echo or printf of literal words, cat of a here-document or
// here-string. A backslash echo may turn into another character (bash's
// echo -e, sh's and zsh's echo), and printf's escapes other than \n, \t
// and \\, leave the output unknown.
func output(s *syntax.Stmt) (string, bool) {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	var words []string
	for _, w := range call.Args {
		var b strings.Builder
		if !literalParts(&b, w.Parts, false) {
			return "", false
		}
		words = append(words, b.String())
	}
	switch words[0] {
	case "echo":
		args := words[1:]
		for len(args) > 0 && (args[0] == "-n" || args[0] == "-e" || args[0] == "-E") {
			args = args[1:]
		}
		text := strings.Join(args, " ")
		return text, !strings.Contains(text, `\`)
	case "printf":
		if len(words) == 2 && !strings.Contains(words[1], "%") && plainEscapes(words[1]) {
			return strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`).Replace(words[1]), true
		}
	case "cat":
		if len(words) == 1 {
			// What cat reads from anything but its own here-document or
			// here-string (a pipe, the terminal) is not known here.
			return input{stmt: s}.text()
		}
	}
	return "", false
}

// plainEscapes: every backslash of a printf format is one of \n, \t, \\.
func plainEscapes(format string) bool {
	for i := 0; i < len(format); i++ {
		if format[i] != '\\' {
			continue
		}
		if i+1 == len(format) || strings.IndexByte(`nt\`, format[i+1]) < 0 {
			return false
		}
		i++
	}
	return true
}
