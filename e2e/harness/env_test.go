package harness

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func getenv(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLookup(t *testing.T) {
	t.Parallel()
	full := map[string]string{
		"HOOKEXEC_E2E_BIN":          "/b/hookexec",
		"HOOKEXEC_E2E_NODE_MODULES": "/n/node_modules",
		"HOOKEXEC_E2E_OUT":          "/o",
	}
	env, ok := Lookup(getenv(full), "qwen")
	assert.True(t, ok)
	assert.Equal(t, Env{Bin: "/b/hookexec", Agent: "/n/node_modules/.bin/qwen", Out: "/o"}, env)
	for k := range full {
		part := map[string]string{}
		for k2, v := range full {
			if k2 != k {
				part[k2] = v
			}
		}
		_, ok := Lookup(getenv(part), "qwen")
		assert.False(t, ok, "without %s", k)
	}
}

func TestModes(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []string{"direct", "through"}, Modes(getenv(nil)))
	assert.Equal(t, []string{"direct"}, Modes(getenv(map[string]string{"HOOKEXEC_E2E_MODES": "direct"})))
	assert.Equal(t, []string{"through", "installed"}, Modes(getenv(map[string]string{"HOOKEXEC_E2E_MODES": "through,installed"})))
}

func TestOnly(t *testing.T) {
	names := []string{"rm -rf blocked", "git push allowed", "write denied"}
	id := func(s string) string { return s }
	t.Setenv("HOOKEXEC_E2E_ONLY", "")
	assert.Equal(t, names, Only(t, names, id))
	t.Setenv("HOOKEXEC_E2E_ONLY", "^(rm|write) ")
	assert.Equal(t, []string{"rm -rf blocked", "write denied"}, Only(t, names, id))
	t.Setenv("HOOKEXEC_E2E_ONLY", "nothing")
	assert.Empty(t, Only(t, names, id))
}

func TestSlug(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "rm-rf-is-blocked", Slug("rm -rf / is blocked"))
	assert.Equal(t, "write-a-file-v2", Slug("  Write a FILE (v2)!"))
	assert.Equal(t, "", Slug("---"))
}
