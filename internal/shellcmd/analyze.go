package shellcmd

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
)

// Word is one word of a command after static expansion. A word whose
// value is only known at run time ($VAR, $(...), arithmetic, $'...') is
// Dynamic, and its Text is then the source text.
type Word struct {
	Text    string
	Dynamic bool
	// Input: a word xargs read from its input and appended to its
	// command, known because that input is (echo ok | xargs CMD).
	Input bool
}

// Command is one simple command that can run.
type Command struct {
	Words []Word
	// From says how the command was found when it is not written as a
	// simple command of the text itself: the wrapper or program that runs
	// it ("sudo", "find -exec", "sh -c", "eval", "a pipe into sh", ...),
	// or "git" for git's command without its global options. "" otherwise.
	From string
	// Stdin is what the command reads on its standard input when that is
	// not the terminal: the text when it is known before the command runs
	// (a here-document, a here-string, echo or printf piped into it), else
	// a Dynamic word saying where it comes from ("a pipe", "a file").
	Stdin *Word
	// Pipe: the command's output goes into a pipe.
	Pipe bool
}

// Name is the base name of the command's program ("/bin/rm" is "rm"),
// "" when it is only known at run time.
func (c Command) Name() string {
	if len(c.Words) == 0 || c.Words[0].Dynamic {
		return ""
	}
	n := c.Words[0].Text
	return n[strings.LastIndexByte(n, '/')+1:]
}

// String is the words separated by spaces, a dynamic word in <>.
func (c Command) String() string {
	parts := make([]string, len(c.Words))
	for i, w := range c.Words {
		parts[i] = w.Text
		if w.Dynamic {
			parts[i] = "<" + w.Text + ">"
		}
	}
	return strings.Join(parts, " ")
}

// Analysis is what a command line runs. Unknown is true when part of it
// cannot be known before it runs; Reason then says what (the first such
// part). Commands holds what could be known, in source order, a wrapped
// command after its wrapper.
type Analysis struct {
	Commands []Command
	// Writes are the files output redirections write to, wherever the
	// statement is.
	Writes  []Word
	Unknown bool
	Reason  string
}

// Options tune the expansion. Home, when set, is the value of a leading
// unquoted ~ (otherwise ~ stays as written).
type Options struct {
	Home string
}

// maxDepth bounds how deep scripts inside scripts (sh -c, eval, trap,
// watch, a script piped into a shell) are followed; deeper is Unknown.
const maxDepth = 8

// maxWords bounds the words one brace expansion may produce; more is
// Unknown.
const maxWords = 1024

// Scripts found inside scripts can be larger than the command line
// (eval {a,b}{c,d}... joins the expanded words): the text analyzed in all
// and the words expanded in all are bounded, beyond which the analysis
// stops, Unknown.
const (
	maxTotalText  = 4 * shellparse.MaxSize
	maxTotalWords = 64 << 10
)

// Analyze parses command as bash and returns what it runs.
func Analyze(command string, opts Options) Analysis {
	a := &analyzer{opts: opts}
	a.script(command, "", 0)
	return a.out
}

type analyzer struct {
	opts   Options
	out    Analysis
	text   int // bytes of script analyzed so far
	nwords int // words expanded so far
}

// spent adds to the totals and reports whether they are past their
// bounds (the analysis is then Unknown).
func (a *analyzer) spent(text, words int) bool {
	a.text += text
	a.nwords += words
	if a.text > maxTotalText || a.nwords > maxTotalWords {
		a.unknown("the command line expands to more than can be analyzed")
		return true
	}
	return false
}

func (a *analyzer) unknown(format string, args ...any) {
	if !a.out.Unknown {
		a.out.Unknown = true
		a.out.Reason = fmt.Sprintf(format, args...)
	}
}

// script analyzes shell text; from names what runs it ("" for the
// command line itself).
func (a *analyzer) script(src, from string, depth int) {
	if depth > maxDepth {
		a.unknown("scripts nested more than %d deep", maxDepth)
		return
	}
	if a.spent(len(src), 0) {
		return
	}
	f, err := shellparse.Parse(src, syntax.LangBash)
	if err != nil {
		if from == "" {
			a.unknown("the command does not parse: %v", err)
		} else {
			a.unknown("the script run by %s does not parse: %v", from, err)
		}
		return
	}
	// stdin maps a statement on the right of a pipe to the statement
	// whose output it reads; outer a statement inside a compound command
	// ({ ...; }, ( ... ), a loop, an if) to the compound's input, which it
	// reads unless it has its own; piped are the statements whose output
	// goes into a pipe.
	stdin := map[*syntax.Stmt]*syntax.Stmt{}
	outer := map[*syntax.Stmt]*input{}
	piped := map[*syntax.Stmt]bool{}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				stdin[firstStmt(n.Y)] = lastStmt(n.X)
				piped[lastStmt(n.X)] = true
			}
		case *syntax.Stmt:
			a.redirects(n, src)
			in := &input{stmt: n, pipe: stdin[n], outer: outer[n], piped: piped[n]}
			call, ok := n.Cmd.(*syntax.CallExpr)
			if !ok {
				eachInner(n, func(inner *syntax.Stmt) {
					outer[inner] = in
					piped[inner] = piped[inner] || in.piped
				})
				return true
			}
			if len(call.Args) > 0 {
				words := a.words(call.Args, src)
				if a.spent(0, len(words)) {
					return false
				}
				a.command(words, from, *in, depth)
			}
		}
		return true
	})
}

// eachInner calls fn with the nearest statements inside a compound
// statement (not those nested in them).
func eachInner(s *syntax.Stmt, fn func(*syntax.Stmt)) {
	if s.Cmd == nil {
		return
	}
	syntax.Walk(s.Cmd, func(n syntax.Node) bool {
		if inner, ok := n.(*syntax.Stmt); ok {
			fn(inner)
			return false
		}
		return true
	})
}

// firstStmt is the statement that reads a pipeline's input.
func firstStmt(s *syntax.Stmt) *syntax.Stmt {
	for {
		b, ok := s.Cmd.(*syntax.BinaryCmd)
		if !ok || (b.Op != syntax.Pipe && b.Op != syntax.PipeAll) {
			return s
		}
		s = b.X
	}
}

// lastStmt is the statement whose output leaves a pipeline.
func lastStmt(s *syntax.Stmt) *syntax.Stmt {
	for {
		b, ok := s.Cmd.(*syntax.BinaryCmd)
		if !ok || (b.Op != syntax.Pipe && b.Op != syntax.PipeAll) {
			return s
		}
		s = b.Y
	}
}

// command records one simple command and follows what it runs.
func (a *analyzer) command(words []Word, from string, in input, depth int) {
	if len(words) == 0 {
		return
	}
	a.out.Commands = append(a.out.Commands, Command{Words: words, From: from, Stdin: in.word(), Pipe: in.piped})
	if words[0].Dynamic {
		a.unknown("the command name %s is known only at run time", words[0].Text)
		return
	}
	if hasGlob(words[0].Text) {
		a.unknown("the command name %s is a pattern expanded at run time", words[0].Text)
		return
	}
	a.follow(Command{Words: words}, in, depth)
}

// hasGlob reports a pattern that pathname expansion may replace: a * or
// ?, or a [ closed by a later ] (a lone "[" is the test command).
func hasGlob(s string) bool {
	if strings.ContainsAny(s, "*?") {
		return true
	}
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[i+1:], ']') >= 0
}
