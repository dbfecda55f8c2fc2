package pack

import (
	"path"
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/shellcmd"
)

// maxNesting bounds how deep interpreter one-liners and parallel's
// commands are read.
const maxNesting = 4

// checkCommand is the pack over a shell command line.
func checkCommand(command string, pl permrule.Places) []Finding {
	return checkScript(command, pl, 0)
}

func checkScript(command string, pl permrule.Places, depth int) []Finding {
	a := shellcmd.Analyze(command, shellcmd.Options{Home: pl.Home})
	if a.Unknown && depth == 0 {
		if closed, ok := closeQuote(command); ok {
			if b := shellcmd.Analyze(closed, shellcmd.Options{Home: pl.Home}); !b.Unknown || !strings.Contains(b.Reason, "does not parse") {
				a = b
			}
		}
	}
	var out []Finding
	for _, w := range a.Writes {
		if !w.Dynamic && !strings.Contains(w.Text, hole) {
			if f, ok := protectedWrite(w.Text, pl, "written by a redirection"); ok {
				out = append(out, f)
			}
		}
	}
	// A cd in the line moves where relative paths are: each command is
	// checked from every directory the line may be in.
	markPlaceholders(a.Commands)
	for _, cwd := range workDirs(a.Commands, pl) {
		at := pl
		at.Cwd = cwd
		for _, c := range a.Commands {
			out = append(out, checkSimple(c, at, command, depth)...)
		}
	}
	download := downloads(a.Commands)
	if a.Unknown {
		id := idUnknown
		if download {
			id = idDownloadShell
		}
		out = append(out, hit(id, "what runs is known only when it runs ("+a.Reason+")"))
	}
	for _, c := range a.Commands {
		if download && readsProgram(c) {
			out = append(out, hit(idDownloadShell, c.Name()+" runs a program it reads from "+c.Stdin.Text+", in a line that downloads: "+quote(c.String())))
		}
	}
	return out
}

// closeQuote is the command with an unclosed quote closed: bash runs
// nothing of a line whose quote never closes, so the text is read as if
// it did, to find what the rest of it would run.
func closeQuote(command string) (string, bool) {
	for _, q := range []string{"'", `"`, "`", `"'`, `'"`} {
		s := command + q
		if a := shellcmd.Analyze(s, shellcmd.Options{}); !a.Unknown || !strings.Contains(a.Reason, "does not parse") {
			return s, true
		}
	}
	return "", false
}

// downloads: a command line that fetches something (and, being unknown,
// runs what it fetched).
func downloads(cmds []shellcmd.Command) bool {
	for _, c := range cmds {
		if isDownloader(strings.ToLower(c.Name())) {
			return true
		}
	}
	return false
}

// checkSimple is the pack over one simple command.
func checkSimple(c shellcmd.Command, pl permrule.Places, command string, depth int) []Finding {
	name := strings.ToLower(c.Name())
	args := c.Words[1:]
	if rest, ok := lookThrough(name, args); ok {
		c.Words = rest
		return checkSimple(c, pl, command, depth)
	}
	return append(checkKnown(name, c, pl, command, depth), checkCareful(name, c, pl, c.String())...)
}

// checkKnown is hookexec:default's checks of one simple command.
func checkKnown(name string, c shellcmd.Command, pl permrule.Places, command string, depth int) []Finding {
	args := c.Words[1:]
	show := c.String()
	if shellcmd.IsShell(name) && (c.From == "xargs" && hasDynamic(args) || fromInput(args)) {
		return []Finding{hit(idUnknown, "xargs runs a script it reads: "+quote(show))}
	}
	switch {
	case name == "rm" || name == "unlink" || name == "rmdir":
		return checkRm(name, args, c.From, pl, command, show)
	case name == "find":
		return checkFind(args, pl, show)
	case name == "git":
		return checkGit(args, show)
	case name == "dd":
		return checkDd(args, show)
	case strings.HasPrefix(name, "mkfs") || name == "mke2fs" || name == "mkswap" || name == "wipefs":
		return []Finding{hit(idMkfsDevice, name+" formats a device: "+quote(show))}
	case name == "shred":
		return checkShred(args, pl, show)
	case name == "chmod":
		return checkChmod(args, show)
	case name == "sudo" || name == "doas" || name == "su" || name == "runuser" || name == "pkexec":
		return []Finding{hit(idSudo, name+" runs a command as another user: "+quote(show))}
	case name == "hookexec":
		return checkHookexec(args, show)
	case name == "kill" || name == "pkill" || name == "killall":
		return checkKill(args, show)
	case name == "curl" || name == "wget" || name == "http" || name == "xh":
		return checkShutdown(args, show)
	case name == "parallel":
		if depth < maxNesting {
			return checkParallel(args, pl, depth)
		}
	}
	if ip, ok := interpreterOf(name); ok && depth < maxNesting {
		return append(checkInterpreter(ip, c, pl, depth), checkWrites(name, args, pl, show)...)
	}
	return checkWrites(name, args, pl, show)
}

func quote(s string) string {
	const max = 80
	if r := []rune(s); len(r) > max {
		s = string(r[:max]) + "..."
	}
	return `"` + s + `"`
}

// flags splits a command's words into its short option letters, long
// options and operands (everything after "--" is an operand).
func flags(args []shellcmd.Word) (short string, long []string, operands []shellcmd.Word) {
	dashdash := false
	for _, w := range args {
		t := w.Text
		switch {
		case dashdash || w.Dynamic || t == "-" || !strings.HasPrefix(t, "-"):
			operands = append(operands, w)
		case t == "--":
			dashdash = true
		case strings.HasPrefix(t, "--"):
			long = append(long, t)
		default:
			short += t[1:]
		}
	}
	return short, long, operands
}

func hasLong(long []string, names ...string) bool {
	for _, l := range long {
		name, _, _ := strings.Cut(l, "=")
		for _, n := range names {
			if name == n {
				return true
			}
		}
	}
	return false
}

// lookThrough is the command a word list names past what runs nothing
// of its own: `command -v CMD` is checked as CMD, and so is a first word
// that only looks like an assignment (1A=2 CMD: bash runs it as a
// command name, a careless reader as an assignment).
func lookThrough(name string, args []shellcmd.Word) ([]shellcmd.Word, bool) {
	switch {
	case name == "command":
		i := 0
		for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Text, "-") {
			i++
			if args[i-1].Text == "--" {
				break
			}
		}
		if i < len(args) && i > 0 && strings.ContainsAny(strings.Join(wordTexts(args[:i]), ""), "vV") {
			return args[i:], true
		}
	case strings.Contains(name, "=") && len(args) > 0:
		return args, true
	}
	return nil, false
}

func wordTexts(ws []shellcmd.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

// workDirs are the directories a command line may run its commands in:
// the event's, then where each cd or pushd of the line leads, taken in
// turn. A cd to a place known only at run time (cd "$D", cd -) makes it
// "" (relative paths are then where the pack cannot tell).
func workDirs(cmds []shellcmd.Command, pl permrule.Places) []string {
	dirs := []string{pl.Cwd}
	cur := pl.Cwd
	for _, c := range cmds {
		if n := c.Name(); n != "cd" && n != "pushd" && n != "popd" {
			continue
		}
		_, _, operands := flags(c.Words[1:])
		switch {
		case c.Name() == "popd" || len(operands) > 0 && (operands[0].Dynamic || operands[0].Text == "-"):
			cur = ""
		case len(operands) == 0:
			cur = pl.Home
		case path.IsAbs(operands[0].Text):
			cur = path.Clean(operands[0].Text)
		case cur != "":
			cur = path.Join(cur, operands[0].Text)
		}
		dirs = append(dirs, cur)
	}
	return dirs
}

// markPlaceholders makes dynamic, in the commands after an `xargs -I R`
// (or -J R, --replace=R), every word holding R: xargs puts what it reads
// there; and in every command, a word holding a hole of an interpreter's
// string (see checkCode).
func markPlaceholders(cmds []shellcmd.Command) {
	holders := []string{hole}
	for i, c := range cmds {
		if len(holders) > 0 {
			words := append([]shellcmd.Word(nil), c.Words...)
			for k, w := range words {
				for _, h := range holders {
					if !w.Dynamic && strings.Contains(w.Text, h) {
						words[k].Dynamic = true
					}
				}
			}
			cmds[i].Words = words
		}
		if c.Name() != "xargs" {
			continue
		}
		for k, w := range c.Words[1:] {
			t := w.Text
			switch {
			case w.Dynamic:
			case (t == "-I" || t == "-J") && k+2 < len(c.Words):
				holders = append(holders, c.Words[k+2].Text)
			case strings.HasPrefix(t, "-I") && len(t) > 2:
				holders = append(holders, t[2:])
			case strings.HasPrefix(t, "--replace=") && len(t) > len("--replace="):
				holders = append(holders, strings.TrimPrefix(t, "--replace="))
			}
		}
	}
}

// fromInput: a word xargs read from its input (a shell given one runs
// what feeds xargs, even when the analyzer knows it).
func fromInput(args []shellcmd.Word) bool {
	for _, w := range args {
		if w.Input {
			return true
		}
	}
	return false
}

// hasDynamic: a word known only at run time (or one xargs fills in).
func hasDynamic(args []shellcmd.Word) bool {
	for _, w := range args {
		if w.Dynamic || w.Text == "{}" {
			return true
		}
	}
	return false
}
