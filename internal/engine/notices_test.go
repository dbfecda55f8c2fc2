package engine

import (
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestNoticeLogOnlyForAgents: the result format and an input never read
// have no session to remember notices in.
func TestNoticeLogOnlyForAgents(t *testing.T) {
	t.Parallel()
	getenv := func(string) string { return "" }
	assert.Nil(t, NoticeLog(getenv, verdict.FormatResult, nil))
	assert.Nil(t, NoticeLog(getenv, verdict.Format(claude.Name), nil))
}

// TestNoticeLogInUsesTheProjectGiven: serve hands NoticeLogIn the project
// the event was fired in, and the state variables inside that project are
// ignored (SafeEnv), as when NoticeLog finds the project itself.
func TestNoticeLogInUsesTheProjectGiven(t *testing.T) {
	t.Parallel()
	project, elsewhere, home := t.TempDir(), t.TempDir(), t.TempDir()
	state := filepath.Join(project, "state")
	env := map[string]string{"HOME": home, "XDG_STATE_HOME": state, "CLAUDECODE": "1"} // under an agent
	getenv := func(k string) string { return env[k] }
	in, err := event.ParseInput([]byte(`{"session_id":"s1","cwd":`+strconv.Quote(elsewhere)+`}`), time.Now(), elsewhere)
	require.NoError(t, err)
	f := verdict.Format(claude.Name)

	assert.False(t, NoticeLogIn(getenv, f, in, project).Given("notice"))
	assert.NoDirExists(t, state, "the project's XDG_STATE_HOME is not used")

	// Found from the input's cwd (elsewhere), the project is another one
	// and its XDG_STATE_HOME is used: the project given is what counts.
	assert.False(t, NoticeLog(getenv, f, in).Given("notice"))
	assert.DirExists(t, state)
}
