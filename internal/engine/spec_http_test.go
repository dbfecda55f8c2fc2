package engine

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// An http hook gets the bytes a command hook would read on stdin, with its
// headers expanded for the variables allowedEnvVars lists (the parent's
// and hookexec's own); two copies of it run once.
func TestHTTPHookRequest(t *testing.T) {
	t.Parallel()
	type request struct {
		body          []byte
		auth, project string
	}
	got := make(chan request, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- request{b, r.Header.Get("Authorization"), r.Header.Get("X-Project")}
	}))
	t.Cleanup(srv.Close)
	h := hook{"type": "http", "url": srv.URL + "/hook",
		"headers":        map[string]string{"Authorization": "Bearer $TOKEN", "X-Project": "${HOOKEXEC_PROJECT_DIR}"},
		"allowedEnvVars": []string{"TOKEN", "HOOKEXEC_PROJECT_DIR"}}
	f := load(t, "BeforeTool", map[string][]def{"PreToolUse": {group(h, h)}}, `{"tool_name":"Bash"}`, planner.Options{})
	require.Len(t, f.plan.Steps, 1, "the copy with the same URL and headers is a duplicate")
	e := f.engine(runner.Options{})
	e.Environ = append(os.Environ(), "TOKEN=t0k")

	v := e.Run(t.Context(), f.plan, f.input)

	require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v), v.Hooks[0].Error)
	r := <-got
	assert.Equal(t, f.input.EncodeWith("PreToolUse", agent.ViewKey, f.plan.Call.View().AppendJSON(nil)), r.body, "a native hook gets the normalized view")
	assert.Contains(t, string(r.body), `"hookexec":{"event":"BeforeTool","tool":"Bash","family":"shell"}`)
	assert.Equal(t, "Bearer t0k", r.auth)
	assert.Equal(t, f.dir, r.project)
	assert.Equal(t, srv.URL+"/hook", v.Hooks[0].Command)
}
