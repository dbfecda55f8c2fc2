package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Gemini CLI replaces $GEMINI_PROJECT_DIR and its kin in the command text by
// a quoted value; hookexec makes the shell read them as one word instead.
func TestGeminiQuoteVars(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"$GEMINI_PROJECT_DIR/guard.sh":                `"${GEMINI_PROJECT_DIR}"/guard.sh`,
		"cd $GEMINI_CWD && ./x $GEMINI_SESSION_ID":    `cd "${GEMINI_CWD}" && ./x "${GEMINI_SESSION_ID}"`,
		"ls $GEMINI_PLANS_DIR; $CLAUDE_PROJECT_DIR/a": `ls "${GEMINI_PLANS_DIR}"; "${CLAUDE_PROJECT_DIR}"/a`,
		"x=$(cat $GEMINI_PROJECT_DIR/f)":              `x=$(cat "${GEMINI_PROJECT_DIR}"/f)`,
		`"$GEMINI_PROJECT_DIR/guard.sh"`:              `"$GEMINI_PROJECT_DIR/guard.sh"`,
		`sh -c 'echo $GEMINI_CWD'`:                    `sh -c 'echo $GEMINI_CWD'`,
		"${GEMINI_PROJECT_DIR}/guard.sh":              "${GEMINI_PROJECT_DIR}/guard.sh",
		"$GEMINI_PROJECT_DIRX/a $HOME/b":              "$GEMINI_PROJECT_DIRX/a $HOME/b",
		"echo (":                                      "echo (",
	} {
		assert.Equal(t, want, geminiQuoteVars(in), in)
	}
}
