package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/gemini"
)

// Gemini CLI replaces $GEMINI_PROJECT_DIR and its kin in the command text by
// a quoted value; hookexec makes the shell read the same words from
// variables instead.
func TestGeminiQuoteVars(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"$GEMINI_PROJECT_DIR/guard.sh":                `"${GEMINI_PROJECT_DIR}"/guard.sh`,
		"cd $GEMINI_CWD && ./x $GEMINI_SESSION_ID":    `cd "${GEMINI_CWD}" && ./x "${GEMINI_SESSION_ID}"`,
		"ls $GEMINI_PLANS_DIR; $CLAUDE_PROJECT_DIR/a": `ls "${GEMINI_PLANS_DIR}"; "${CLAUDE_PROJECT_DIR}"/a`,
		"x=$(cat $GEMINI_PROJECT_DIR/f)":              `x=$(cat "${GEMINI_PROJECT_DIR}"/f)`,
		// Inside "...", Gemini's quotes are part of the word.
		`"$GEMINI_PROJECT_DIR/guard.sh"`:          `"${HOOKEXEC_PASTED_GEMINI_PROJECT_DIR}/guard.sh"`,
		`"$GEMINI_PROJECT_DIR"/.gemini/policy.sh`: `"${HOOKEXEC_PASTED_GEMINI_PROJECT_DIR}"/.gemini/policy.sh`,
		`x "$GEMINI_CWD" $GEMINI_CWD`:             `x "${HOOKEXEC_PASTED_GEMINI_CWD}" "${GEMINI_CWD}"`,
		`sh -c 'echo $GEMINI_CWD'`:                `sh -c 'echo $GEMINI_CWD'`,
		"${GEMINI_PROJECT_DIR}/guard.sh":          "${GEMINI_PROJECT_DIR}/guard.sh",
		"$GEMINI_PROJECT_DIRX/a $HOME/b":          "$GEMINI_PROJECT_DIRX/a $HOME/b",
		"echo (":                                  "echo (",
	} {
		assert.Equal(t, want, pasteQuoteVars(in, gemini.Agent().PastedVars), in)
	}
}

// Each row was checked against gemini-cli-core 0.61 (escapeShellArg, which
// is shell-quote 1.8.3's quote for bash: gemini.ShellQuote, tested there)
// and against bash reading the quoted text inside "...": printf %s
// "<quoted>".
func TestGeminiPastedText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ value, quoted, inDoubleQuotes string }{
		{"/home/dev/app", "/home/dev/app", "/home/dev/app"},
		{"/tmp/project dirs/x", "'/tmp/project dirs/x'", "'/tmp/project dirs/x'"},
		{`/a\b c`, `'/a\b c'`, `'/a\b c'`},
		{`/a\b`, `'/a\b'`, `'/a\b'`},
		{`C:\w`, `'C:\w'`, `'C:\w'`},
		{"/p@2/x", `/p\@2/x`, `/p\@2/x`},
		{"/x/a:b", `/x/a\:b`, `/x/a\:b`},
		{"/x/a:@", `/x/a:\@`, `/x/a:\@`},
		{"/a,b", `/a\,b`, `/a\,b`},
		{"/a!b", `/a\!b`, `/a\!b`},
		{"/a$b", `/a\$b`, "/a$b"},
		{"/a`b", "/a\\`b", "/a`b"},
		{"/a&b(c)", `/a\&b\(c\)`, `/a\&b\(c\)`},
		{"/a#b", `/a\#b`, `/a\#b`},
		{"/tab\there", "'/tab\there'", "'/tab\there'"},
		{"/a~b+c%d=e", `/a~b+c%d\=e`, `/a~b+c%d\=e`},
		{"/é è", "'/é è'", "'/é è'"},
		{"/nb\u00a0sp", "'/nb\u00a0sp'", "'/nb\u00a0sp'"},
		{"", "", ""},
		// Gemini's command breaks (bash: unexpected EOF); hookexec keeps
		// the text, a path that does not exist either.
		{"/a'b", `"/a'b"`, `"/a'b"`},
	} {
		assert.Equal(t, tt.quoted, gemini.ShellQuote(tt.value), tt.value)
		assert.Equal(t, tt.inDoubleQuotes, doubleQuoted(tt.quoted), tt.value)
		assert.Equal(t, tt.inDoubleQuotes, pastedText(gemini.Agent(), tt.value), tt.value)
	}
}

func TestGeminiPastedEnv(t *testing.T) {
	t.Parallel()
	lookup := func(name string) string {
		return map[string]string{"GEMINI_PROJECT_DIR": "/tmp/my project", "GEMINI_CWD": "/tmp/app"}[name]
	}
	assert.Nil(t, PastedEnv(Gemini, `"${GEMINI_PROJECT_DIR}"/x`, lookup))
	assert.Equal(t, map[string]string{
		"HOOKEXEC_PASTED_GEMINI_PROJECT_DIR": "'/tmp/my project'",
		"HOOKEXEC_PASTED_GEMINI_CWD":         "/tmp/app",
	}, PastedEnv(Gemini, pasteQuoteVars(`"$GEMINI_PROJECT_DIR"/x "$GEMINI_CWD" $GEMINI_SESSION_ID`, gemini.Agent().PastedVars), lookup))
}

// validate warns about a Gemini variable inside "..." in the gemini dialect,
// where Gemini's own quoting breaks the path.
func TestValidateGeminiQuotedVar(t *testing.T) {
	t.Parallel()
	content := `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "\"$GEMINI_PROJECT_DIR\"/policy.sh; $GEMINI_CWD/x"}]}]}}`
	got := validateString(t, t.TempDir(), ".gemini/settings.json", content, nil)
	var quoted []string
	for _, f := range got {
		if strings.Contains(f, `inside "..."`) {
			quoted = append(quoted, f)
		}
	}
	require.Len(t, quoted, 1, "%q", got)
	assert.Contains(t, quoted[0], `warning: BeforeTool[0].hooks[0]: $GEMINI_PROJECT_DIR inside "...": Gemini CLI pastes its value already quoted`)
	assert.Contains(t, quoted[0], "write $GEMINI_PROJECT_DIR unquoted")
	for _, f := range validateString(t, t.TempDir(), ".claude/settings.json",
		`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "\"$GEMINI_PROJECT_DIR\"/x"}]}]}}`, nil) {
		assert.NotContains(t, f, `inside "..."`, "only the gemini dialect pastes")
	}
}

// validate's script check reads "$GEMINI_PROJECT_DIR"/x as Gemini makes bash
// read it: in a project whose path holds a space, a script that does not
// exist.
func TestValidateGeminiQuotedVarScript(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "my project")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "policy.sh"), []byte("#!/bin/sh\n"), 0o755))
	content := `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "\"$GEMINI_PROJECT_DIR\"/policy.sh"}]}]}}`
	got := strings.Join(validateString(t, dir, ".gemini/settings.json", content, nil), "\n")
	assert.Contains(t, got, `script "${HOOKEXEC_PASTED_GEMINI_PROJECT_DIR}"/policy.sh does not exist (looked for `+dir+`/'`+dir+`'/policy.sh`)
	assert.Contains(t, got, "the shell exits 127")

	plain := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(plain, "policy.sh"), []byte("#!/bin/sh\n"), 0o755))
	assert.NotContains(t, strings.Join(validateString(t, plain, ".gemini/settings.json", content, nil), "\n"), "policy.sh does not exist",
		"a path that needs no quoting is the path itself")
}
