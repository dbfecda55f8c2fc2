package registry

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// geminiCommandVars are the variables Gemini CLI replaces in a hook's
// command text before the shell sees it (hookRunner.expandCommand in
// 0.61), each by its value quoted as one shell word. It matches only the
// unbraced form, $NAME.
var geminiCommandVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PLANS_DIR", "GEMINI_SESSION_ID", "CLAUDE_PROJECT_DIR"}

// geminiQuoteVars makes a gemini-dialect shell command read its Gemini
// variables as Gemini CLI makes it read them: as one word each, so that
// `$GEMINI_PROJECT_DIR/guard.sh` in a project whose path holds a space
// still runs the guard. Gemini pastes the quoted value into the text;
// hookexec never pastes a value into code (a directory named `$(touch x)`
// would run it), so each $NAME the shell would split becomes "${NAME}",
// which the shell expands from the hook's environment as one word. Inside
// "..." (no splitting there) and inside '...' (Gemini would paste a quoted
// value into the quotes, which no command means) the text is left as it
// is. A command that does not parse is left as it is too: the shell will
// report it.
func geminiQuoteVars(command string) string {
	if !mentionsGeminiVar(command) {
		return command // the common case: no parse
	}
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return command
	}
	split := splitPlaceholders(command, file, isGeminiVar)
	if len(split) == 0 {
		return command
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(command); i++ {
		if !split[i] {
			continue
		}
		name := geminiVarAt(command[i:])
		b.WriteString(command[last:i])
		b.WriteString(`"${` + name + `}"`)
		last = i + 1 + len(name)
	}
	b.WriteString(command[last:])
	return b.String()
}

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
