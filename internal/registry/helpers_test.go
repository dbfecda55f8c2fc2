package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testfs"
)

// writeFile writes content to path, creating parent directories.
func writeFile(t testing.TB, path, content string) string {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

// env returns a Getenv reading only vars, so tests never see the real
// environment.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// isolatedEnv points every discovered location into dir. Project files
// are trusted (HOOKEXEC_TRUST_PROJECT=1) unless extra says otherwise; the
// trust tests use their own environment.
func isolatedEnv(dir string, extra map[string]string) func(string) string {
	vars := map[string]string{
		"HOME":                   filepath.Join(dir, "home"),
		"HOOKEXEC_SYSTEM_DIR":    filepath.Join(dir, "etc"),
		"HOOKEXEC_TRUST_PROJECT": "1",
	}
	for k, v := range extra {
		vars[k] = v
	}
	return env(vars)
}

// loadString loads content as the single explicit config file name (inside
// a fresh temp dir) in dialect d ("" = detect).
func loadString(t *testing.T, name, content string, d Dialect) (*Registry, string) {
	t.Helper()
	path := writeFile(t, filepath.Join(t.TempDir(), name), content)
	reg, err := Load(Options{Configs: []string{path}, Dialect: d, Getenv: env(nil)})
	require.NoError(t, err)
	return reg, path
}

// warningTexts renders the warnings as "line:col: message" (file omitted).
func warningTexts(reg *Registry) []string {
	var out []string
	for _, w := range reg.Warnings {
		out = append(out, strings.TrimPrefix(w.Pos.String(), w.Pos.File+":")+": "+w.Message)
	}
	return out
}

// commands lists the hooks' commands in registry order.
func commands(reg *Registry) []string {
	return commandsOf(reg.Hooks)
}

// commandsOf lists the commands of hooks.
func commandsOf(hooks []*Hook) []string {
	var out []string
	for _, h := range hooks {
		out = append(out, h.Command)
	}
	return out
}

// disabledNames lists the names of the registry's disabled lists.
func disabledNames(reg *Registry) []string {
	var out []string
	for _, d := range reg.Disabled {
		out = append(out, d.Name)
	}
	return out
}

// tempDir is t.TempDir, also removable under Wine (see testfs).
func tempDir(t *testing.T) string { return testfs.TempDir(t) }
