package server

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SPEC §2.5: every event serve --http answers is an agent's, also when
// the request names no project (Claude Code sends Hookexec-Project-Dir
// empty when it has none): a HOOKEXEC_SHELL in the server's environment
// (a session's, kept for hours) is ignored, and the guard that exits 2
// still denies.
func TestHTTPRequestsAreUnderAgent(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	guard := filepath.Join(dir, "guard.sh")
	require.NoError(t, os.WriteFile(guard, []byte("#!/bin/sh\necho no >&2\nexit 2\n"), 0o755))
	cfg := writeConfig(t, dir, guard)
	getenv := func(k string) string {
		switch k {
		case "PATH":
			return os.Getenv("PATH")
		case "HOOKEXEC_SHELL":
			return "/bin/true"
		}
		return ""
	}
	h := startHTTP(t, New(testOptions(cfg, getenv, zerolog.Nop())), HTTPOptions{})
	for _, project := range []string{"", dir} {
		status, body := h.post("PreToolUse", bashEvent(dir), map[string]string{ProjectDirHeader: project})
		require.Equal(t, http.StatusOK, status, body)
		assert.Contains(t, body, `"deny"`, "project header %q: %s", project, body)
	}
}
