package verdict

import (
	"errors"
	"testing"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/stretchr/testify/assert"
)

func TestSkipNoticeText(t *testing.T) {
	t.Parallel()
	assert.Empty(t, skipNoticeText(Verdict{}))
	v := Verdict{
		Untrusted: []string{"/p/.hookexec/hooks.json"},
		Skipped:   []string{"w1", "w2", "w3", "w4", "w5"},
	}
	assert.Equal(t, "hookexec: this project's hook files are not trusted, so their hooks did not run: /p/.hookexec/hooks.json. Review them and run 'hookexec trust' in the project to enable them.\n"+
		"hookexec: these hooks do not run: w1; w2; w3 (and 2 more). Run 'hookexec validate' for details.", skipNoticeText(v))
	// The notice comes before the hooks' own messages.
	told := SkipNotice(testevent.Get(t, "SessionStart"), Verdict{Skipped: []string{"w"}, SystemMessage: "hello"}, nil)
	assert.Equal(t, "hookexec: these hooks do not run: w. Run 'hookexec validate' for details.\nhello", told.SystemMessage)
}

func TestErrorVerdict(t *testing.T) {
	t.Parallel()
	err := errors.New("bad.json:2:13: invalid JSON")
	msg := "hookexec: no hook ran for this event: bad.json:2:13: invalid JSON (run 'hookexec validate' to check the configs)"

	v := ErrorVerdict(testevent.Get(t, "PreToolUse"), err, false)
	assert.False(t, v.Blocked)
	assert.Empty(t, v.Decision)
	assert.Equal(t, msg, v.SystemMessage)

	v = ErrorVerdict(testevent.Get(t, "PreToolUse"), err, true)
	assert.True(t, v.Blocked)
	assert.Equal(t, "deny", v.Decision)
	assert.Equal(t, err.Error(), v.Reason)
	assert.Equal(t, msg, v.SystemMessage)

	v = ErrorVerdict(testevent.Get(t, "SessionStart"), err, true)
	assert.False(t, v.Blocked, "an event that cannot block never denies")
	assert.Equal(t, msg, v.SystemMessage)

}
