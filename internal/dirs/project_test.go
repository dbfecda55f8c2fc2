package dirs

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestProjectRoot(t *testing.T) {
	t.Parallel()
	wd, err := os.Getwd()
	require.NoError(t, err)
	existing := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(existing, link))

	all := map[string]string{
		"HOOKEXEC_PROJECT_DIR": "/p/hookexec",
		"CLAUDE_PROJECT_DIR":   "/p/claude",
		"GEMINI_PROJECT_DIR":   "/p/gemini",
		"LLXPRT_PROJECT_DIR":   "/p/llxprt",
	}
	without := func(keys ...string) map[string]string {
		m := map[string]string{}
		for k, v := range all {
			m[k] = v
		}
		for _, k := range keys {
			delete(m, k)
		}
		return m
	}
	tests := []struct {
		name     string
		flag     string
		env      map[string]string
		inputCwd string
		want     string
	}{
		{"flag first", "/p/flag", all, existing, "/p/flag"},
		{"HOOKEXEC_PROJECT_DIR", "", all, existing, "/p/hookexec"},
		{"CLAUDE_PROJECT_DIR", "", without("HOOKEXEC_PROJECT_DIR"), existing, "/p/claude"},
		{"GEMINI_PROJECT_DIR", "", without("HOOKEXEC_PROJECT_DIR", "CLAUDE_PROJECT_DIR"), existing, "/p/gemini"},
		{"LLXPRT_PROJECT_DIR", "", map[string]string{"LLXPRT_PROJECT_DIR": "/p/llxprt"}, existing, "/p/llxprt"},
		{"input cwd", "", nil, existing, existing},
		{"input cwd symlink kept", "", nil, link, link},
		{"input cwd missing", "", nil, filepath.Join(existing, "nope"), wd},
		{"input cwd is a file", "", nil, writeFile(t, filepath.Join(existing, "f"), ""), wd},
		// SPEC §2.3: only an absolute input cwd; these exist relative to wd.
		{"relative input cwd ignored", "", nil, "..", wd},
		{"relative input cwd into another repository ignored", "", nil, "../registry", wd},
		{"dot input cwd ignored", "", nil, ".", wd},
		{"working directory", "", nil, "", wd},
		{"relative flag made absolute", "sub/../proj", nil, "", filepath.Join(wd, "proj")},
		{"unclean env cleaned", "", map[string]string{"CLAUDE_PROJECT_DIR": "/p//x/"}, "", "/p/x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ProjectRoot(tt.flag, env(tt.env), tt.inputCwd)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.True(t, filepath.IsAbs(got))
		})
	}
}

func TestFindProject(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	mk := func(rel string) string {
		p := filepath.Join(root, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(p, 0o755))
		return p
	}
	mk("above/.hookexec")
	home := mk("above/home")
	proj := mk("above/home/proj")
	mk("above/home/proj/.hookexec")
	deep := mk("above/home/proj/a/b")
	bare := mk("above/home/bare/sub")
	outside := mk("above/other/x")
	writeFile(t, filepath.Join(root, "above/home/file/.hookexec"), "")
	notDir := mk("above/home/file/sub")

	tests := []struct {
		name, start, home, want string
		ok                      bool
	}{
		{"the directory itself", proj, home, proj, true},
		{"from a subdirectory", deep, home, proj, true},
		{"stops at home: never above it", bare, home, "", false},
		{"home itself is searched", home, home, "", false},
		{"outside home: up to the root", outside, home, filepath.Join(root, "above"), true},
		{"no home: up to the root", bare, "", filepath.Join(root, "above"), true},
		{"relative home ignored", bare, "home", filepath.Join(root, "above"), true},
		{"home with a trailing separator", bare, home + string(filepath.Separator), "", false},
		{".hookexec that is a file does not count", notDir, home, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := FindProject(tt.start, tt.home)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestProjectRootSearchesUpward(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	sub := filepath.Join(proj, "src", "pkg")
	other := filepath.Join(home, "other")
	require.NoError(t, os.MkdirAll(filepath.Join(proj, ".hookexec"), 0o755))
	require.NoError(t, os.MkdirAll(sub, 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(other, ".hookexec"), 0o755))
	getenv := env(map[string]string{"HOME": home, "USERPROFILE": home})

	got, err := ProjectRoot("", getenv, sub)
	require.NoError(t, err)
	assert.Equal(t, proj, got, "the input's cwd is searched upward")

	got, err = ProjectRoot("", env(map[string]string{"HOME": home, "USERPROFILE": home, "CLAUDE_PROJECT_DIR": sub}), other)
	require.NoError(t, err)
	assert.Equal(t, sub, got, "a variable is taken as it is")

	got, err = ProjectRoot(sub, getenv, other)
	require.NoError(t, err)
	assert.Equal(t, sub, got, "--project-dir is taken as it is")

	// Nothing found from the input's cwd (inside HOME, which has no
	// .hookexec/): the working directory is searched next; the test's
	// working directory is in this repository, which has none either, so
	// the input's cwd is the answer.
	empty := filepath.Join(home, "empty")
	require.NoError(t, os.MkdirAll(empty, 0o755))
	wd, err := os.Getwd()
	require.NoError(t, err)
	if _, found := FindProject(wd, Home(getenv)); !found {
		got, err = ProjectRoot("", getenv, empty)
		require.NoError(t, err)
		assert.Equal(t, empty, got)
	}
}

// TestProjectAbove: the nearest .hookexec/ above root, never root's own,
// never above HOME from inside it, none from HOME itself.
func TestProjectAbove(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	writeFile(t, filepath.Join(top, Name, "hooks.json"), "{}")
	home := filepath.Join(top, "home")
	inner := filepath.Join(top, "a", "b")
	writeFile(t, filepath.Join(inner, Name, "hooks.json"), "{}")
	require.NoError(t, os.MkdirAll(filepath.Join(home, "p"), 0o755))

	above, ok := ProjectAbove(inner, env(nil))
	require.True(t, ok)
	assert.Equal(t, top, above)
	_, ok = ProjectAbove(filepath.Join(home, "p"), env(map[string]string{"HOME": home}))
	assert.False(t, ok, "not above HOME")
	_, ok = ProjectAbove(home, env(map[string]string{"HOME": home}))
	assert.False(t, ok, "not from HOME")
}
