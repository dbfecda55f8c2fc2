package audit

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// envOf is a getenv of vars.
func envOf(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// readLines reads every line of path, each decoded as a Record.
func readLines(t *testing.T, path string) []Record {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer func() { _ = f.Close() }()
	var out []Record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var r Record
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r), "line %d: %q", len(out)+1, sc.Text())
		out = append(out, r)
	}
	require.NoError(t, sc.Err())
	return out
}

func TestAppendInTheStateDirectory(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	l, warnings := Open(envOf(map[string]string{"HOME": home}))
	require.NotNil(t, l)
	assert.Empty(t, warnings)
	want := filepath.Join(home, ".local", "state", "hookexec", "audit", "decisions.jsonl")
	assert.Equal(t, want, l.Path)
	require.NoError(t, l.Append(testRecord("a"), filepath.Join(home, "project")))
	require.NoError(t, l.Append(testRecord("b"), home), "the default file is the user's, also for a project at home")
	recs := readLines(t, want)
	require.Len(t, recs, 2)
	assert.Equal(t, "a", recs[0].ID)
	assert.Equal(t, "guard", recs[1].Policy.Name)
	if runtime.GOOS != "windows" {
		fi, err := os.Stat(filepath.Dir(want))
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
		fi, err = os.Stat(want)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	}
}

func TestAppendNeedsAHome(t *testing.T) {
	t.Parallel()
	gone := filepath.Join(t.TempDir(), "gone")
	l, _ := Open(envOf(map[string]string{"HOME": gone}))
	require.NotNil(t, l)
	require.Error(t, l.Append(testRecord("a"), ""))
	assert.NoDirExists(t, gone, "a home directory that is not there is never made")
	l, warnings := Open(envOf(nil))
	assert.Nil(t, l)
	require.Len(t, warnings, 1)
	assert.Contains(t, warnings[0], "no user state directory")
}

func TestAuditOffWritesNothing(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"off", "OFF", "0", "false", "no"} {
		path := filepath.Join(t.TempDir(), "log.jsonl")
		l, warnings := Open(envOf(map[string]string{EnvAudit: v, EnvFile: path}))
		assert.Nil(t, l, v)
		assert.Empty(t, warnings)
		require.NoError(t, l.Append(testRecord("a"), ""))
		assert.NoFileExists(t, path)
		_, _, enabled, err := Paths(envOf(map[string]string{EnvAudit: v, EnvFile: path}))
		require.NoError(t, err)
		assert.False(t, enabled)
	}
}

func TestUnknownAuditValueWarnsAndStaysOn(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "log.jsonl")
	l, warnings := Open(envOf(map[string]string{EnvAudit: "maybe", EnvFile: path}))
	require.NotNil(t, l)
	require.Len(t, warnings, 1)
	assert.Contains(t, warnings[0], `HOOKEXEC_AUDIT="maybe"`)
	require.NoError(t, l.Append(testRecord("a"), ""))
	assert.Len(t, readLines(t, path), 1)
}

func TestPaths(t *testing.T) {
	t.Parallel()
	cur, rot, enabled, err := Paths(envOf(map[string]string{"XDG_STATE_HOME": filepath.FromSlash("/s")}))
	require.NoError(t, err)
	assert.True(t, enabled)
	assert.Equal(t, filepath.FromSlash("/s/hookexec/audit/decisions.jsonl"), cur)
	assert.Equal(t, filepath.FromSlash("/s/hookexec/audit/decisions.1.jsonl"), rot)
	abs := filepath.Join(t.TempDir(), "my.jsonl")
	cur, rot, _, err = Paths(envOf(map[string]string{EnvFile: abs}))
	require.NoError(t, err)
	assert.Equal(t, abs, cur)
	assert.Equal(t, strings.TrimSuffix(abs, ".jsonl")+".1.jsonl", rot)
	// Never a file that is not a log: a repository could set the
	// variable through the agent.
	bashrc := filepath.Join(t.TempDir(), ".bashrc")
	_, _, _, err = Paths(envOf(map[string]string{EnvFile: bashrc}))
	require.ErrorContains(t, err, "not a .jsonl file")
	l, warnings := Open(envOf(map[string]string{EnvFile: bashrc}))
	assert.Nil(t, l)
	require.Len(t, warnings, 1)
	assert.Contains(t, warnings[0], "not a .jsonl file")
	assert.Equal(t, "noext.1", RotatedPath("noext"))
	_, _, _, err = Paths(envOf(map[string]string{EnvFile: "relative.jsonl"}))
	require.ErrorContains(t, err, "not an absolute path")
}

func TestAppendRefusesALogInsideTheProject(t *testing.T) {
	t.Parallel()
	project := t.TempDir()
	path := filepath.Join(project, "sub", "audit.jsonl")
	l, _ := Open(envOf(map[string]string{EnvFile: path}))
	err := l.Append(testRecord("a"), project)
	require.ErrorContains(t, err, "inside the project")
	assert.NoFileExists(t, path)
	// Through a link to the project, too.
	link := filepath.Join(t.TempDir(), "link")
	if os.Symlink(project, link) == nil {
		require.NoError(t, os.MkdirAll(filepath.Join(project, "sub"), 0o700))
		l, _ = Open(envOf(map[string]string{EnvFile: filepath.Join(link, "sub", "audit.jsonl")}))
		require.ErrorContains(t, l.Append(testRecord("a"), project), "inside the project")
	}
}

func TestAppendNeverFollowsALink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "bashrc")
	require.NoError(t, os.WriteFile(target, []byte("keep\n"), 0o600))
	path := filepath.Join(dir, "decisions.jsonl")
	if err := os.Symlink(target, path); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	l, _ := Open(envOf(map[string]string{EnvFile: path}))
	require.ErrorContains(t, l.Append(testRecord("a"), ""), "symbolic link")
	b, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "keep\n", string(b))
}

func TestAppendRefusesAHardLink(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	other := filepath.Join(dir, "other")
	require.NoError(t, os.WriteFile(other, []byte("keep\n"), 0o600))
	path := filepath.Join(dir, "decisions.jsonl")
	if err := os.Link(other, path); err != nil {
		t.Skip("no hard links here:", err)
	}
	l, _ := Open(envOf(map[string]string{EnvFile: path}))
	require.ErrorContains(t, l.Append(testRecord("a"), ""), "hard links")
}

// failingFile fails every write, as a full disk does.
type failingFile struct{ closed bool }

func (f *failingFile) Write([]byte) (int, error)  { return 0, errors.New("no space left on device") }
func (f *failingFile) Close() error               { f.closed = true; return nil }
func (f *failingFile) Stat() (os.FileInfo, error) { return nil, errors.New("no stat") }

func TestAppendReportsAFailedWrite(t *testing.T) {
	t.Parallel()
	ff := &failingFile{}
	l := &Log{Path: filepath.Join(t.TempDir(), "x.jsonl"), Max: MaxBytes, OpenFile: func(string) (File, error) { return ff, nil }}
	require.ErrorContains(t, l.Append(testRecord("a"), ""), "no space left on device")
	assert.True(t, ff.closed)
}

func TestAppendKeepsTheLogBounded(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	l := &Log{Path: path, Rotated: RotatedPath(path), Max: 8 << 10}
	for i := range 100 {
		require.NoError(t, l.Append(testRecord(string(rune('a'+i%26))), ""))
	}
	cur, err := os.Stat(path)
	require.NoError(t, err)
	rot, err := os.Stat(l.Rotated)
	require.NoError(t, err)
	line := int64(2 << 10)
	assert.Less(t, cur.Size(), l.Max+line)
	assert.Less(t, rot.Size(), l.Max+line)
	assert.GreaterOrEqual(t, rot.Size(), l.Max)
	readLines(t, path)
	readLines(t, l.Rotated)
}
