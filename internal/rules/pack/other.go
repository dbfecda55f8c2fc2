package pack

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/shellcmd"
)

// checkHookexec: the verbs that switch the guard off.
func checkHookexec(args []shellcmd.Word, show string) []Finding {
	for _, w := range args {
		if w.Dynamic || strings.HasPrefix(w.Text, "-") {
			continue
		}
		switch w.Text {
		case "untrust", "uninstall":
			return []Finding{hit(idSelfOff, "hookexec "+w.Text+" switches the guard off: "+quote(show))}
		case "serve":
			if hasWord(args, "--stop") {
				return []Finding{hit(idSelfOff, "hookexec serve --stop stops the guard's server: "+quote(show))}
			}
		}
		return nil
	}
	return nil
}

// checkShutdown: a request to hookexec's server to shut down.
func checkShutdown(args []shellcmd.Word, show string) []Finding {
	for _, w := range args {
		if strings.Contains(w.Text, "/v1/shutdown") {
			return []Finding{hit(idSelfOff, "shutting hookexec's server down stops the guard: "+quote(show))}
		}
	}
	return nil
}

// checkKill: killing hookexec by name.
func checkKill(args []shellcmd.Word, show string) []Finding {
	for _, w := range args {
		if strings.Contains(strings.ToLower(w.Text), "hookexec") {
			return []Finding{hit(idSelfKill, "killing hookexec stops the guard: "+quote(show))}
		}
	}
	return nil
}

// checkWrites: the commands that write or move the files they name
// (tee, cp, mv, sed -i, truncate, ln, install, chmod, chown), checked
// against the secrets and the guard's own files.
func checkWrites(name string, args []shellcmd.Word, pl permrule.Places, show string) []Finding {
	switch name {
	case "tee", "cp", "mv", "truncate", "ln", "install", "rsync", "chown", "touch":
	case "sed", "perl":
		if !strings.Contains(show, " -i") {
			return nil
		}
	default:
		return nil
	}
	_, _, operands := flags(args)
	if name == "sed" && len(operands) > 0 {
		operands = operands[1:]
	}
	for i, w := range operands {
		if w.Dynamic {
			continue
		}
		if (name == "cp" || name == "ln" || name == "install" || name == "rsync") && i < len(operands)-1 {
			continue // a source is only read
		}
		if f, ok := protectedWrite(w.Text, pl, "written by "+name); ok {
			return []Finding{f}
		}
	}
	return nil
}

// checkParallel: GNU parallel runs its command once per argument after
// ":::" (in place of {} or appended), or each argument as a command line
// when it has no command; without ":::" it reads the arguments.
func checkParallel(args []shellcmd.Word, pl permrule.Places, depth int) []Finding {
	i := 0
	for i < len(args) && !args[i].Dynamic && strings.HasPrefix(args[i].Text, "-") && args[i].Text != ":::" {
		if parallelValueOption(args[i].Text) {
			i++
		}
		i++
	}
	var cmd, inputs []shellcmd.Word
	sawSep := false
	for _, w := range args[i:] {
		switch {
		case w.Text == ":::" || w.Text == "::::":
			sawSep = true
		case sawSep:
			inputs = append(inputs, w)
		default:
			cmd = append(cmd, w)
		}
	}
	if !sawSep {
		if len(cmd) == 0 {
			return nil
		}
		inputs = []shellcmd.Word{{Text: "$PARALLEL_INPUT", Dynamic: true}}
	}
	var out []Finding
	for _, in := range inputs {
		var line string
		if len(cmd) == 0 {
			if in.Dynamic {
				out = append(out, hit(idUnknown, "parallel runs a command known only when it runs"))
				continue
			}
			line = in.Text
		} else {
			line = parallelLine(cmd, in)
		}
		out = append(out, checkScript(line, pl, depth+1)...)
	}
	return out
}

// parallelValueOption: parallel's options that take the next word as
// their value.
func parallelValueOption(t string) bool {
	switch t {
	case "-j", "--jobs", "-P", "--max-procs", "--results", "--res", "--joblog", "--tmpdir", "-S", "--sshlogin",
		"-d", "--delimiter", "-C", "--colsep", "-I", "-a", "--arg-file", "--retries", "--timeout", "--workdir",
		"--wd", "-E", "--eof", "--tag-string", "--tagstring", "-n", "--max-args", "-N", "-L", "--max-lines",
		"--delay", "--memfree", "--load", "--nice", "--basefile", "--bf", "--return", "--transferfile", "--tf":
		return true
	}
	return false
}

// parallelLine is parallel's command for one argument, as shell text.
func parallelLine(cmd []shellcmd.Word, in shellcmd.Word) string {
	arg := shellWord(in)
	var parts []string
	replaced := false
	for _, w := range cmd {
		if !w.Dynamic && strings.Contains(w.Text, "{}") {
			replaced = true
			if in.Dynamic {
				parts = append(parts, arg)
				continue
			}
			w.Text = strings.ReplaceAll(w.Text, "{}", in.Text)
		}
		parts = append(parts, shellWord(w))
	}
	if !replaced {
		parts = append(parts, arg)
	}
	return strings.Join(parts, " ")
}

// shellWord is a word as shell text: quoted when literal, a variable
// when dynamic.
func shellWord(w shellcmd.Word) string {
	if w.Dynamic {
		return `"$DYNAMIC"`
	}
	q, err := syntax.Quote(w.Text, syntax.LangBash)
	if err != nil {
		return `"$DYNAMIC"`
	}
	return q
}
