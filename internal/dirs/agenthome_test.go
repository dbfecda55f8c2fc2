package dirs

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAgentHome(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	home := filepath.FromSlash("/h")
	if u, name := UserHome(env(map[string]string{"HOME": home, "USERPROFILE": home})); u == "" {
		t.Skipf("no %s on this OS", name)
	}
	both := env(map[string]string{"HOME": home, "USERPROFILE": home, "CODEX_HOME": "/c"})
	assert.Equal(t, "/c", AgentHome(both, "CODEX_HOME", ".codex"))
	assert.Equal(t, filepath.Join(home, ".codex"), AgentHome(env(map[string]string{"HOME": home, "USERPROFILE": home}), "CODEX_HOME", ".codex"))
	assert.Equal(t, filepath.Join(home, ".codex"), AgentHome(both, "", ".codex"))
	assert.Empty(t, AgentHome(env(nil), "CODEX_HOME", ".codex"))
}
