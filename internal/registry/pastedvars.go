package registry

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/shellparse"
)

// PastedPrefix starts the names of the variables that hold, for a hook of
// an agent that pastes variables into its command text
// (agent.Agent.PastedVars: Gemini CLI), the text the agent leaves inside
// "..." where the command says "$NAME": HOOKEXEC_PASTED_GEMINI_PROJECT_DIR
// and its kin (PastedEnv).
const PastedPrefix = "HOOKEXEC_PASTED_"

// pasteQuoteVars makes a shell command read the variables vars as an
// agent that pastes them makes it read them (Gemini CLI). The agent pastes
// each value, quoted for the shell, into the text; hookexec never pastes a
// value into code (a directory named `$(touch x)` would run it) and uses
// variables that give the same words instead:
//
//   - where the shell would split $NAME (unquoted), the agent's quoting
//     makes the value one word, so `$GEMINI_PROJECT_DIR/guard.sh` in a
//     project whose path holds a space still runs the guard: "${NAME}";
//   - inside "..." (or a here-document), the agent's quotes become part of
//     the word: "$GEMINI_PROJECT_DIR"/guard.sh, in a project at /a b,
//     names '/a b'/guard.sh, which does not exist, and bash exits 127,
//     which Gemini takes as a deny: ${HOOKEXEC_PASTED_NAME}, whose value
//     is that text (PastedEnv). A value that needs no quoting gives the
//     value itself;
//   - inside '...' the text is left as it is (the agent would paste a
//     quoted value into the quotes, which no command means).
//
// A command that does not parse is left as it is: the shell will report
// it.
func pasteQuoteVars(command string, vars []string) string {
	if !mentionsVar(command, vars) {
		return command // the common case: no parse
	}
	file, err := shellparse.Parse(command, syntax.LangBash)
	if err != nil {
		return command
	}
	at := splitPlaceholders(command, file, func(text string) bool {
		return strings.HasPrefix(text, "$") && varAt(text, vars) == text[1:]
	})
	if len(at) == 0 {
		return command
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(command); i++ {
		split, ok := at[i]
		if !ok {
			continue
		}
		name := varAt(command[i:], vars)
		b.WriteString(command[last:i])
		if split {
			b.WriteString(`"${` + name + `}"`)
		} else {
			b.WriteString(`${` + PastedPrefix + name + `}`)
		}
		last = i + 1 + len(name)
	}
	b.WriteString(command[last:])
	return b.String()
}

// PastedEnv returns the HOOKEXEC_PASTED_* variables a shell command of
// dialect d refers to (pasteQuoteVars), each the text the dialect's agent
// pastes for the variable, as the shell reads it inside "...": the value
// quoted as the agent quotes it (agent.Agent.PasteQuote), with the
// backslashes that "..." removes removed (doubleQuoted). lookup gives the
// hook's value of a variable. nil when the command refers to none, or the
// agent pastes nothing.
func PastedEnv(d Dialect, command string, lookup func(string) string) map[string]string {
	if !strings.Contains(command, "${"+PastedPrefix) {
		return nil
	}
	a, _ := d.Agent()
	var env map[string]string
	for _, name := range a.PastedVars {
		if !strings.Contains(command, "${"+PastedPrefix+name+"}") {
			continue
		}
		if env == nil {
			env = map[string]string{}
		}
		env[PastedPrefix+name] = pastedText(a, lookup(name))
	}
	return env
}

// pastedText is what bash reads inside "..." where agent a pasted value.
func pastedText(a agent.Agent, value string) string { return doubleQuoted(a.PasteQuote(value)) }

// pasterOf finds the agent that pastes the variable name into its hooks'
// commands.
func pasterOf(name string) (agent.Agent, bool) {
	for a := range agents.Each() {
		if slices.Contains(a.PastedVars, name) {
			return a, true
		}
	}
	return agent.Agent{}, false
}

// varAt returns the variable of vars named by the $NAME that s starts
// with, or "".
func varAt(s string, vars []string) string {
	for _, name := range vars {
		if strings.HasPrefix(s, "$"+name) {
			return name
		}
	}
	return ""
}

// mentionsVar reports whether $NAME of one of vars appears anywhere in s.
func mentionsVar(s string, vars []string) bool {
	for _, name := range vars {
		if strings.Contains(s, "$"+name) {
			return true
		}
	}
	return false
}

// doubleQuoted is text as bash reads it inside "...": a backslash before
// $ ` " \ or a newline is removed (with the newline). The rest is kept as
// it is, where bash would expand $ and ` or end the quotes at ": for a
// value that holds those, the agent's command changes shape or runs what
// the value says, and hookexec keeps the text instead (the path it names
// does not exist either way).
func doubleQuoted(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// quotedVars names the variables of vars a rewritten command uses inside
// "..." (pasteQuoteVars), for validate's warning: there the agent's own
// quoting becomes part of the word.
func quotedVars(command string, vars []string) []string {
	var names []string
	for _, name := range vars {
		if strings.Contains(command, "${"+PastedPrefix+name+"}") {
			names = append(names, "$"+name)
		}
	}
	return names
}
