package registry

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookexec/hookexec/internal/shellparse"
)

// geminiCommandVars are the variables Gemini CLI replaces in a hook's
// command text before the shell sees it (hookRunner.expandCommand in
// 0.61), each by its value quoted as one shell word. It matches only the
// unbraced form, $NAME.
var geminiCommandVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PLANS_DIR", "GEMINI_SESSION_ID", "CLAUDE_PROJECT_DIR"}

// GeminiPastedPrefix starts the names of the variables that hold, for a
// gemini-dialect hook, the text Gemini CLI leaves inside "..." where the
// command says "$NAME": HOOKEXEC_PASTED_GEMINI_PROJECT_DIR and its kin
// (GeminiPastedEnv).
const GeminiPastedPrefix = "HOOKEXEC_PASTED_"

// geminiQuoteVars makes a gemini-dialect shell command read its Gemini
// variables as Gemini CLI makes it read them. Gemini pastes each value,
// quoted for the shell, into the text; hookexec never pastes a value into
// code (a directory named `$(touch x)` would run it) and uses variables
// that give the same words instead:
//
//   - where the shell would split $NAME (unquoted), Gemini's quoting makes
//     the value one word, so `$GEMINI_PROJECT_DIR/guard.sh` in a project
//     whose path holds a space still runs the guard: "${NAME}";
//   - inside "..." (or a here-document), Gemini's quotes become part of
//     the word: "$GEMINI_PROJECT_DIR"/guard.sh, in a project at /a b,
//     names '/a b'/guard.sh, which does not exist, and bash exits 127,
//     which Gemini takes as a deny: ${HOOKEXEC_PASTED_NAME}, whose value
//     is that text (GeminiPastedEnv). A value that needs no quoting gives
//     the value itself;
//   - inside '...' the text is left as it is (Gemini would paste a quoted
//     value into the quotes, which no command means).
//
// A command that does not parse is left as it is: the shell will report
// it.
func geminiQuoteVars(command string) string {
	if !mentionsGeminiVar(command) {
		return command // the common case: no parse
	}
	file, err := shellparse.Parse(command, syntax.LangBash)
	if err != nil {
		return command
	}
	vars := splitPlaceholders(command, file, isGeminiVar)
	if len(vars) == 0 {
		return command
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(command); i++ {
		split, ok := vars[i]
		if !ok {
			continue
		}
		name := geminiVarAt(command[i:])
		b.WriteString(command[last:i])
		if split {
			b.WriteString(`"${` + name + `}"`)
		} else {
			b.WriteString(`${` + GeminiPastedPrefix + name + `}`)
		}
		last = i + 1 + len(name)
	}
	b.WriteString(command[last:])
	return b.String()
}

// GeminiPastedEnv returns the HOOKEXEC_PASTED_* variables a gemini-dialect
// shell command refers to (geminiQuoteVars), each the text Gemini CLI
// pastes for the variable, as the shell reads it inside "...": the value
// quoted as Gemini quotes it (geminiShellQuote), with the backslashes that
// "..." removes removed (geminiDoubleQuoted). lookup gives the hook's
// value of a variable. nil when the command refers to none.
func GeminiPastedEnv(command string, lookup func(string) string) map[string]string {
	if !strings.Contains(command, "${"+GeminiPastedPrefix) {
		return nil
	}
	var env map[string]string
	for _, name := range geminiCommandVars {
		if !strings.Contains(command, "${"+GeminiPastedPrefix+name+"}") {
			continue
		}
		if env == nil {
			env = map[string]string{}
		}
		env[GeminiPastedPrefix+name] = geminiPastedText(lookup(name))
	}
	return env
}

// geminiPastedText is what bash reads inside "..." where Gemini CLI pasted
// value.
func geminiPastedText(value string) string { return geminiDoubleQuoted(geminiShellQuote(value)) }

// isGeminiVar reports whether text is exactly $NAME for one of
// geminiCommandVars.
func isGeminiVar(text string) bool {
	return strings.HasPrefix(text, "$") && geminiVarAt(text) == text[1:]
}

// geminiVarAt returns the Gemini variable named by the $NAME that s starts
// with, or "".
func geminiVarAt(s string) string {
	for _, name := range geminiCommandVars {
		if strings.HasPrefix(s, "$"+name) {
			return name
		}
	}
	return ""
}

// mentionsGeminiVar reports whether $NAME of one of geminiCommandVars
// appears anywhere in s.
func mentionsGeminiVar(s string) bool {
	for _, name := range geminiCommandVars {
		if strings.Contains(s, "$"+name) {
			return true
		}
	}
	return false
}

// geminiShellQuote quotes s as Gemini CLI 0.61 does for bash
// (escapeShellArg: "" for an empty value, else shell-quote 1.8.3's quote):
// '...' around a value with a double quote, a backslash or JavaScript
// white space and no single quote; "..." with " \ $ ` ! escaped around a
// value with a single quote; else a backslash before each of
// #!"$&'()*,:;<=>?@[\]^`{|}, except a ":" after a letter and before one
// of them.
func geminiShellQuote(s string) string {
	switch {
	case s == "":
		return ""
	case !strings.Contains(s, "'") && (strings.ContainsAny(s, `"\`) || strings.IndexFunc(s, isJSSpace) >= 0):
		return "'" + s + "'"
	case strings.Contains(s, "'"):
		var b strings.Builder
		b.WriteByte('"')
		for i := 0; i < len(s); i++ {
			if strings.IndexByte("\"\\$`!", s[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(s[i])
		}
		b.WriteByte('"')
		return b.String()
	}
	const special = "#!\"$&'()*,:;<=>?@[\\]^`{|}"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if isASCIILetter(s[i]) && i+2 < len(s) && s[i+1] == ':' && strings.IndexByte(special, s[i+2]) >= 0 {
			b.WriteString(s[i:i+2] + "\\" + s[i+2:i+3])
			i += 2
			continue
		}
		if strings.IndexByte(special, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// geminiDoubleQuoted is text as bash reads it inside "...": a backslash
// before $ ` " \ or a newline is removed (with the newline). The rest is
// kept as it is, where bash would expand $ and ` or end the quotes at ":
// for a value that holds those, Gemini's command changes shape or runs
// what the value says, and hookexec keeps the text instead (the path it
// names does not exist either way).
func geminiDoubleQuoted(s string) string {
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

// isJSSpace reports whether r is white space to JavaScript's \s.
func isJSSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// geminiQuotedVars names the Gemini variables a rewritten gemini-dialect
// command uses inside "..." (geminiQuoteVars), for validate's warning:
// there Gemini CLI's own quoting becomes part of the word.
func geminiQuotedVars(command string) []string {
	var names []string
	for _, name := range geminiCommandVars {
		if strings.Contains(command, "${"+GeminiPastedPrefix+name+"}") {
			names = append(names, "$"+name)
		}
	}
	return names
}
