package dirs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// writeFile writes content at path, making its directories.
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
