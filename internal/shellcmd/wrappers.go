package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
)

// options describes a program's options: short is the letters that take
// a separate argument (-u root, or -uroot), long the long options that do
// (--user root, or --user=root). assign: NAME=VALUE words before the
// command are skipped too (sudo, env). positional: how many words follow
// the options before the command (timeout's duration).
type options struct {
	short      string
	long       []string
	assign     bool
	positional int
	// none: an option after which nothing runs (command -v, sudo -l).
	none string
}

// skip returns the words after the options: the command the program
// runs. ok is false when an option says nothing runs.
func (o options) skip(args []Word) ([]Word, bool) {
	i := 0
	for i < len(args) && !args[i].Dynamic {
		t := args[i].Text
		switch {
		case t == "--":
			i++
			return o.after(args[i:])
		case strings.HasPrefix(t, "--"):
			i++
			name, _, hasValue := strings.Cut(t[2:], "=")
			if !hasValue && contains(o.long, name) {
				i++
			}
			continue
		case len(t) > 1 && t[0] == '-' && !isNumber(t[1:]):
			i++
			for k := 1; k < len(t); k++ {
				if strings.IndexByte(o.none, t[k]) >= 0 {
					return nil, false
				}
				if strings.IndexByte(o.short, t[k]) >= 0 {
					if k == len(t)-1 {
						i++
					}
					break
				}
			}
			continue
		case len(t) > 1 && t[0] == '-':
			i++ // nice -5
			continue
		case o.assign && isAssignment(t):
			i++
			continue
		}
		break
	}
	// An option that wants an argument may be the last word.
	return o.after(args[min(i, len(args)):])
}

func (o options) after(rest []Word) ([]Word, bool) {
	for n := 0; n < o.positional && len(rest) > 0; n++ {
		rest = rest[1:]
	}
	for o.assign && len(rest) > 0 && !rest[0].Dynamic && isAssignment(rest[0].Text) {
		rest = rest[1:]
	}
	return rest, true
}

// wrapperSpec: the programs that run the rest of their words as a
// command, with their options.
func wrapperSpec(name string) (options, bool) {
	switch name {
	case "timeout":
		return options{short: "sk", long: []string{"signal", "kill-after"}, positional: 1}, true
	case "time":
		return options{short: "fo", long: []string{"format", "output"}}, true
	case "nice":
		return options{short: "n", long: []string{"adjustment"}}, true
	case "nohup", "builtin", "setsid", "busybox":
		return options{}, true
	case "stdbuf":
		return options{short: "ioe", long: []string{"input", "output", "error"}}, true
	case "ionice":
		return options{short: "cn", long: []string{"class", "classdata"}, none: "p"}, true
	case "command":
		return options{none: "vV"}, true
	case "exec":
		return options{short: "a"}, true
	case "xargs":
		return options{short: "aEIJdLnPRs", long: []string{"arg-file", "delimiter", "max-lines", "max-args", "max-procs", "max-chars", "process-slot-var"}}, true
	case "sudo":
		return options{short: "ugCDprtTUR", long: []string{"user", "group", "close-from", "chdir", "prompt", "role", "type", "command-timeout", "other-user", "host", "chroot"}, assign: true, none: "lKVe"}, true
	case "doas":
		return options{short: "uC"}, true
	}
	return options{}, false
}

// env [-i] [-u NAME] [-C DIR] [-S STRING] [NAME=VALUE]... COMMAND: -S
// splits its string into words read in its place (options, assignments,
// the command).
func (a *analyzer) env(args []Word, in input, depth int) {
	args = append([]Word(nil), args...)
	i := 0
scan:
	for i < len(args) && !args[i].Dynamic {
		t := args[i].Text
		split, hasSplit := "", false
		switch {
		case t == "--":
			i++
			break scan
		case t == "-S" || t == "--split-string":
			if i+1 == len(args) {
				return
			}
			if args[i+1].Dynamic {
				a.unknown("the string of env -S is known only at run time: %s", args[i+1].Text)
				return
			}
			split, hasSplit = args[i+1].Text, true
			args = append(args[:i], args[i+1:]...)
		case strings.HasPrefix(t, "--split-string="):
			split, hasSplit = strings.TrimPrefix(t, "--split-string="), true
		case strings.HasPrefix(t, "-S"):
			split, hasSplit = t[2:], true
		case t == "-u" || t == "-C" || t == "-P" || t == "--unset" || t == "--chdir":
			i += 2
			continue
		case t == "-" || len(t) > 1 && t[0] == '-', isAssignment(t):
			i++
			continue
		default:
			break scan
		}
		if !hasSplit {
			continue
		}
		words, ok := a.splitString(split)
		if !ok {
			a.unknown("the string of env -S does not split into words: %s", split)
			return
		}
		args = append(append(append([]Word(nil), args[:i]...), words...), args[i+1:]...)
	}
	if i < len(args) {
		a.command(args[i:], "env", in, depth)
	}
}

// splitString reads env -S's string as the words of one simple command.
func (a *analyzer) splitString(s string) ([]Word, bool) {
	f, err := shellparse.Parse(s, syntax.LangBash)
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(f.Stmts[0].Redirs) > 0 {
		return nil, false
	}
	return a.words(call.Args, s), true
}

// gitCommand is git's words after its global options (-C DIR, -c K=V,
// --git-dir=DIR, --no-pager, ...): the subcommand and its arguments.
func gitCommand(args []Word) []Word {
	withValue := []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--attr-source"}
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Text, "-") {
		if contains(withValue, args[i].Text) {
			i++
		}
		i++
	}
	if i > len(args) {
		return nil
	}
	return args[i:]
}

func isAssignment(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	return ok && name != "" && syntax.ValidName(name)
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
