package pack

import (
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/shellcmd"
)

// interpreter says how an interpreter's words name the code it runs:
// code are the short options whose value is code (python's -c, perl's
// -e), long the long ones (node's --eval); stop the short options whose
// value is the rest of the word or the next word (python's -m, perl's
// -M), digits those followed by digits only (perl's -l, -0); sub a
// subcommand whose operand is code (deno eval).
type interpreter struct {
	name               string
	code, stop, digits string
	long               []string
	sub                string
}

// interpreterOf is the interpreter a program name runs (python3.12 is
// python).
func interpreterOf(name string) (interpreter, bool) {
	switch base := strings.TrimRight(name, "0123456789.-"); base {
	case "python", "py", "pypy":
		return interpreter{name: name, code: "c", stop: "WXmQ"}, true
	case "node", "nodejs", "bun":
		return interpreter{name: name, code: "ep", stop: "rC", long: []string{"--eval", "--print"}}, true
	case "deno":
		return interpreter{name: name, sub: "eval", code: "e", long: []string{"--eval"}}, true
	case "perl":
		return interpreter{name: name, code: "eE", stop: "IMmxiFCdD", digits: "l0"}, true
	case "ruby":
		return interpreter{name: name, code: "e", stop: "IrCEFTWxK", digits: "0l"}, true
	case "php":
		return interpreter{name: name, code: "rBRE", stop: "cdztFf"}, true
	case "lua", "luajit":
		return interpreter{name: name, code: "e", stop: "l"}, true
	}
	return interpreter{}, false
}

// program reads an interpreter's words: the code of its one-liners (every
// -c/-e value up to "--", also after a script's name, which would only be
// the script's arguments: reading more is the safe side), and whether it
// reads its program from its standard input (no script named, or "-").
func (ip interpreter) program(args []shellcmd.Word) (code []shellcmd.Word, fromInput bool) {
	script, noRun := false, false
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		next := func() {
			if i+1 < len(args) {
				code = append(code, args[i+1])
				i++
			}
		}
		switch {
		case w.Dynamic:
			script = true
		case i == 0 && ip.sub != "" && t == ip.sub:
			next()
		case t == "--":
			if i+1 < len(args) && args[i+1].Text != "-" {
				script = true
			}
			i = len(args)
		case t == "-":
		case t == "--version" || t == "--help" || t == "-V" || t == "-h":
			noRun = true
		case strings.HasPrefix(t, "--"):
			name, value, hasValue := strings.Cut(t, "=")
			if contains(ip.long, name) {
				if hasValue {
					code = append(code, shellcmd.Word{Text: value})
				} else {
					next()
				}
			}
		case strings.HasPrefix(t, "-"):
			if ip.cluster(t, &code) {
				next()
			}
		default:
			script = true
		}
	}
	return code, !script && !noRun && len(code) == 0
}

// cluster reads one word of short options: a code option's attached value
// is added to code; more says its value is the next word.
func (ip interpreter) cluster(t string, code *[]shellcmd.Word) (more bool) {
	for k := 1; k < len(t); k++ {
		switch c := t[k]; {
		case strings.IndexByte(ip.code, c) >= 0:
			// Its value is the rest of the word, unless that is only more
			// code options (node -pe CODE).
			if k+1 < len(t) && strings.Trim(t[k+1:], ip.code) != "" {
				*code = append(*code, shellcmd.Word{Text: t[k+1:]})
				return false
			}
			return true
		case strings.IndexByte(ip.stop, c) >= 0:
			return false
		case strings.IndexByte(ip.digits, c) >= 0:
			for k+1 < len(t) && t[k+1] >= '0' && t[k+1] <= '7' {
				k++
			}
		}
	}
	return false
}

// checkInterpreter: the code an interpreter runs, from its one-liners or
// from its standard input when that is known, is checked as code
// (checkCode); a one-liner whose code is known only at run time is an
// unknown command. hookexec:strict asks for any of them.
func checkInterpreter(ip interpreter, c shellcmd.Command, pl permrule.Places, depth int) []Finding {
	code, fromInput := ip.program(c.Words[1:])
	var out []Finding
	for _, w := range code {
		if w.Dynamic {
			out = append(out, hit(idUnknown, "the code of the one-liner is known only when it runs: "+quote(c.String())))
			continue
		}
		out = append(out, checkCode(w.Text, pl, depth)...)
		out = append(out, hit(idOneLiner, ip.name+" runs code given on its command line: "+quote(c.String())))
	}
	if fromInput && c.Stdin != nil {
		if !c.Stdin.Dynamic {
			out = append(out, checkCode(c.Stdin.Text, pl, depth)...)
		}
		out = append(out, hit(idOneLiner, ip.name+" runs a program it reads from its input: "+quote(c.String())))
	}
	return out
}

// readsProgram: an interpreter that runs a program it reads from its
// standard input, known only at run time (curl URL | python3).
func readsProgram(c shellcmd.Command) bool {
	ip, ok := interpreterOf(strings.ToLower(c.Name()))
	if !ok || c.Stdin == nil || !c.Stdin.Dynamic {
		return false
	}
	_, fromInput := ip.program(c.Words[1:])
	return fromInput
}
