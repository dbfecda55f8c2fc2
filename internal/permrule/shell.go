package permrule

import (
	"strings"

	"github.com/hookexec/hookexec/internal/shellcmd"
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

// splitShell returns every simple command that command can run, as the
// command analyzer finds them (lists, pipelines, substitutions, the
// scripts of sh -c, eval, trap and watch, scripts piped into a shell, the
// commands of wrappers such as sudo, env, timeout, xargs and find -exec,
// git's command without its global options), and why part of it is
// unknown before it runs ("" when nothing is).
func splitShell(command string) (cmds []subcommand, unknown string) {
	a := shellcmd.Analyze(command, shellcmd.Options{})
	for _, c := range a.Commands {
		sub := make(subcommand, len(c.Words))
		for i, w := range c.Words {
			sub[i] = word{text: w.Text, dynamic: w.Dynamic}
		}
		cmds = append(cmds, sub)
	}
	if a.Unknown {
		unknown = a.Reason
		if unknown == "" {
			unknown = "part of the command is known only at run time"
		}
	}
	return cmds, unknown
}

// forms is a command as written and, when its program is named by a path
// (/bin/rm), with its base name (rm): a rule may match either.
func forms(c subcommand) []subcommand {
	out := []subcommand{c}
	if len(c) > 0 && !c[0].dynamic {
		if i := strings.LastIndexByte(c[0].text, '/'); i >= 0 && i < len(c[0].text)-1 {
			out = append(out, append(subcommand{{text: c[0].text[i+1:]}}, c[1:]...))
		}
	}
	return out
}
