package shellcmd

import "strings"

// follow records what a command runs in its turn: the command a wrapper
// runs, the script a shell, eval, trap or watch runs, find's -exec
// commands, git's command without its global options.
func (a *analyzer) follow(c Command, in input, depth int) {
	name, args := c.Name(), c.Words[1:]
	if spec, ok := wrapperSpec(name); ok {
		if rest, ok := spec.skip(args); ok && len(rest) > 0 {
			if opts := args[:len(args)-len(rest)]; name == "xargs" && !xargsReplaces(opts) {
				// xargs appends the words it reads.
				rest = append(rest[:len(rest):len(rest)], xargsInput(opts, in)...)
			}
			a.command(rest, name, in, depth)
		}
		return
	}
	switch {
	case IsShell(name):
		a.shell(name, args, in, depth)
	case name == "su" || name == "runuser":
		a.su(name, args, depth)
	case name == "eval":
		a.joined(args, "eval", depth)
	case name == "trap":
		a.trap(args, depth)
	case name == "watch":
		a.watch(args, in, depth)
	case name == "env":
		a.env(args, in, depth)
	case name == "find":
		a.find(args, in, depth)
	case name == "git":
		if rest := gitCommand(args); len(rest) < len(args) && len(rest) > 0 {
			words := append([]Word{c.Words[0]}, rest...)
			a.out.Commands = append(a.out.Commands, Command{Words: words, From: "git"})
		}
	}
}

// IsShell: the POSIX shells, the programs that run a script given with -c
// or on their standard input.
func IsShell(name string) bool {
	switch name {
	case "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh":
		return true
	}
	return false
}

// shell follows `sh [options] -c SCRIPT`, and `sh [-s]` reading a script
// from a here-string, a here-document or a pipe. `sh FILE` runs a file,
// which is not read.
func (a *analyzer) shell(name string, args []Word, in input, depth int) {
	byC, fromStdin := false, false
	i := 0
scan:
	for i < len(args) {
		w := args[i]
		switch t := w.Text; {
		case w.Dynamic && byC:
			break scan
		case w.Dynamic:
			a.unknown("the options of %s are known only at run time", name)
			return
		case t == "--" || t == "-":
			i++
			break scan
		case strings.HasPrefix(t, "--"):
			i++
			if t == "--rcfile" || t == "--init-file" {
				i++
			}
		case len(t) > 1 && (t[0] == '-' || t[0] == '+'):
			i++
			for _, r := range t[1:] {
				switch r {
				case 'c':
					byC = true
				case 's':
					fromStdin = true
				case 'o', 'O':
					i++
				}
			}
		default:
			break scan
		}
	}
	from := name + " -c"
	switch {
	case byC && i < len(args):
		if args[i].Dynamic {
			a.unknown("the script of %s is known only at run time: %s", from, args[i].Text)
			return
		}
		a.script(args[i].Text, from, depth+1)
	case byC:
	case fromStdin || i >= len(args):
		text, what, ok := in.script()
		if !ok {
			a.unknown("%s reads a script from %s known only at run time", name, what)
			return
		}
		if text != "" {
			a.script(text, name+" reading "+what, depth+1)
		}
	}
}

// xargsReplaces: with -I, -i or --replace xargs puts what it reads in
// place of a string instead of appending it.
func xargsReplaces(opts []Word) bool {
	for _, w := range opts {
		if strings.HasPrefix(w.Text, "-I") || strings.HasPrefix(w.Text, "-i") || strings.HasPrefix(w.Text, "--replace") {
			return true
		}
	}
	return false
}

// su [options] [-] [USER] -c COMMAND: the command is a script.
func (a *analyzer) su(name string, args []Word, depth int) {
	for i, w := range args {
		switch {
		case w.Dynamic:
		case (w.Text == "-c" || w.Text == "--command") && i+1 < len(args):
			a.joined(args[i+1:i+2], name+" -c", depth)
			return
		case strings.HasPrefix(w.Text, "--command="):
			a.joined([]Word{{Text: strings.TrimPrefix(w.Text, "--command=")}}, name+" -c", depth)
			return
		}
	}
}

// joined runs words joined by spaces as a script (eval, watch).
func (a *analyzer) joined(args []Word, from string, depth int) {
	parts := make([]string, 0, len(args))
	for _, w := range args {
		if w.Dynamic {
			a.unknown("the script of %s is known only at run time: %s", from, w.Text)
			return
		}
		parts = append(parts, w.Text)
	}
	if len(parts) > 0 {
		a.script(strings.Join(parts, " "), from, depth+1)
	}
}

// trap ACTION SIGNAL...: the action is a script. One argument, "-", ""
// and the -p and -l listings run nothing.
func (a *analyzer) trap(args []Word, depth int) {
	if len(args) > 0 && !args[0].Dynamic && args[0].Text == "--" {
		args = args[1:]
	}
	if len(args) < 2 {
		return
	}
	if !args[0].Dynamic && (args[0].Text == "-p" || args[0].Text == "-l" || args[0].Text == "-") {
		return
	}
	a.joined(args[:1], "trap", depth)
}

// watch [options] COMMAND...: the words joined run as a script (with -x,
// as a command).
func (a *analyzer) watch(args []Word, in input, depth int) {
	spec := options{short: "nq", long: []string{"interval", "equexit"}}
	exec := false
	for _, w := range args {
		if w.Text == "--" || !strings.HasPrefix(w.Text, "-") {
			break
		}
		if w.Text == "-x" || w.Text == "--exec" {
			exec = true
		}
	}
	rest, ok := spec.skip(args)
	if !ok || len(rest) == 0 {
		return
	}
	if exec {
		a.command(rest, "watch", in, depth)
		return
	}
	a.joined(rest, "watch", depth)
}

// find's -exec, -execdir, -ok and -okdir run the words up to ";" or "+".
func (a *analyzer) find(args []Word, in input, depth int) {
	for i := 0; i < len(args); i++ {
		switch args[i].Text {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		from := "find " + args[i].Text
		j := i + 1
		for j < len(args) && (args[j].Dynamic || args[j].Text != ";" && args[j].Text != "+") {
			j++
		}
		a.command(args[i+1:j], from, in, depth)
		i = j
	}
}
