package setup

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withPATH is env with PATH set to a directory holding an executable
// named hookexec (not testProgram), which the test returns.
func withPATH(t *testing.T, env shapeEnv) (shapeEnv, string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("a shell script named hookexec is no program on Windows")
	}
	bin := t.TempDir()
	prog := filepath.Join(bin, "hookexec")
	writeTestFile(t, prog, "#!/bin/sh\necho hookexec 1 go linux/amd64\n", 0o755)
	inner := env.getenv
	env.getenv = func(k string) string {
		if k == "PATH" {
			return bin
		}
		return inner(k)
	}
	return env, prog
}

func claudeFiles(env shapeEnv) (committed, local string) {
	return filepath.Join(env.project, ".claude", "settings.json"), filepath.Join(env.project, ".claude", "settings.local.json")
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// install claude --project writes this machine's absolute path into the
// uncommitted settings.local.json, never into the committed file; in a
// git repository that does not ignore it, install adds it to .gitignore
// (as init adds its own local file), and warns only when it cannot.
func TestInstallProjectDefaultIsLocal(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	committed, local := claudeFiles(env)
	require.NoError(t, os.Mkdir(filepath.Join(env.project, ".git"), 0o755))
	opts := InstallOptions{Agent: claudeAgent(), Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram}
	res, err := Install(opts)
	require.NoError(t, err)
	assert.Equal(t, local, res.Path)
	assert.NoFileExists(t, committed)
	assert.Contains(t, readString(t, local), `"'/opt/hook exec/hookexec' fire PreToolUse --format claude"`)
	assert.Empty(t, res.Warnings)
	require.Len(t, res.Notes, 2)
	assert.Contains(t, res.Notes[0], "not committed")
	assert.Equal(t, "added .claude/settings.local.json to .gitignore (it is this machine's own: never commit it)", res.Notes[1])
	assert.Equal(t, ".claude/settings.local.json\n", readString(t, filepath.Join(env.project, ".gitignore")))

	again, err := Install(opts)
	require.NoError(t, err)
	assert.False(t, again.Changed)
	assert.Empty(t, again.Warnings)
	assert.Len(t, again.Notes, 1, "already ignored: nothing added")
	assert.Equal(t, ".claude/settings.local.json\n", readString(t, filepath.Join(env.project, ".gitignore")))

	// A .gitignore install cannot write (a link the repository planted):
	// left alone, and the warning says what to add.
	other := newShapeEnv(t)
	require.NoError(t, os.Mkdir(filepath.Join(other.project, ".git"), 0o755))
	target := filepath.Join(t.TempDir(), "elsewhere")
	writeTestFile(t, target, "x\n", 0o644)
	require.NoError(t, os.Symlink(target, filepath.Join(other.project, ".gitignore")))
	opts.ProjectDir, opts.Getenv = other.project, other.getenv
	res, err = Install(opts)
	require.NoError(t, err)
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, res.Warnings[0], "no .gitignore of the project ignores .claude/settings.local.json and install could not add it")
	assert.Equal(t, "x\n", readString(t, target))
}

// An install that an older hookexec put into the committed file moves:
// the committed file gets its own bytes back, the local file the entries,
// and install says so; uninstall then removes the local file.
func TestInstallMovesCommittedInstall(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	committed, local := claudeFiles(env)
	mine := "{\n  \"model\": \"opus\"\n}\n"
	old, err := merge([]byte(mine), claudeAgent(), "/usr/local/bin/hookexec", []wantEntry{{Key: "PreToolUse", Timeout: 120, OnFailure: onFailureBlock}})
	require.NoError(t, err)
	writeTestFile(t, committed, string(old.Data), 0o644)
	writeTestFile(t, backupPath(committed), mine, 0o644)

	res, err := Install(InstallOptions{Agent: claudeAgent(), Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.Equal(t, local, res.Path)
	require.Len(t, res.Moved, 1)
	assert.Contains(t, res.Moved[0], "took hookexec's entries for PreToolUse out of "+committed+", the committed file")
	assert.Equal(t, mine, readString(t, committed), "the user's bytes, exactly")
	assert.NoFileExists(t, backupPath(committed))
	assert.Contains(t, readString(t, local), "fire PreToolUse --format claude")

	un, err := Uninstall(UninstallOptions{Agent: claudeAgent(), Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	require.NotNil(t, un.Local)
	assert.NotEmpty(t, un.Local.Removed)
	assert.NoFileExists(t, local)
	assert.Equal(t, mine, readString(t, committed))
}

// --portable: hookexec by name, with "onFailure": "block", in the
// committed file; the local file's entries go; twice changes nothing;
// the default moves them back.
func TestInstallPortable(t *testing.T) {
	t.Parallel()
	env, onPath := withPATH(t, newShapeEnv(t))
	committed, local := claudeFiles(env)
	opts := InstallOptions{Agent: claudeAgent(), Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram}
	_, err := Install(opts)
	require.NoError(t, err)
	require.FileExists(t, local)

	opts.Portable = true
	res, err := Install(opts)
	require.NoError(t, err)
	assert.Equal(t, committed, res.Path)
	data := readString(t, committed)
	assert.Contains(t, data, `"command": "hookexec fire PreToolUse --format claude"`)
	assert.Contains(t, data, `"onFailure": "block"`)
	assert.NotContains(t, data, testProgram)
	assert.NoFileExists(t, local, "install had created it")
	require.NotEmpty(t, res.Warnings)
	assert.Contains(t, res.Warnings[0], "hookexec on PATH is "+onPath+", not this binary")
	require.Len(t, res.Notes, 1)
	assert.Contains(t, res.Notes[0], "commit it")

	again, err := Install(opts)
	require.NoError(t, err)
	assert.False(t, again.Changed)

	r := Doctor(context.Background(), DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{claudeAgent()}, Program: testProgram, Version: "1"})
	for _, c := range r.Checks {
		if c.Name == "claude binary" || c.Name == "claude duplicates" {
			assert.True(t, c.OK, "%+v", c)
		}
	}

	opts.Portable = false
	back, err := Install(opts)
	require.NoError(t, err)
	assert.Equal(t, local, back.Path)
	assert.NoFileExists(t, committed)
}

// --portable is refused, saying why and what to do instead, and nothing
// is written: for an agent without a fail-closed option, with --user,
// --http or --fail-open, and when hookexec is not on PATH.
func TestInstallPortableRefused(t *testing.T) {
	t.Parallel()
	base, _ := withPATH(t, newShapeEnv(t))
	gemini, err := ParseAgent("gemini")
	require.NoError(t, err)
	bare := newShapeEnv(t)
	inProject := newShapeEnv(t)
	writeTestFile(t, filepath.Join(inProject.project, "bin", "hookexec"), "#!/bin/sh\n", 0o755)
	projectGetenv := inProject.getenv
	inProject.getenv = func(k string) string {
		if k == "PATH" {
			return filepath.Join(inProject.project, "bin")
		}
		return projectGetenv(k)
	}
	for _, tt := range []struct {
		name string
		env  shapeEnv
		edit func(*InstallOptions)
		want string
	}{
		{"gemini", base, func(o *InstallOptions) { o.Agent = gemini }, "Gemini CLI has no fail-closed option"},
		{"user", base, func(o *InstallOptions) { o.Scope = UserScope }, "--portable is for --project"},
		{"http", base, func(o *InstallOptions) { o.HTTP = &HTTPOptions{Addr: "127.0.0.1:41234", Token: testToken} }, "--portable with --http"},
		{"fail-open", base, func(o *InstallOptions) { o.FailOpen = true }, "--portable with --fail-open"},
		{"not on PATH", bare, func(*InstallOptions) {}, "hookexec is not found on PATH"},
		{"in the project", inProject, func(*InstallOptions) {}, "is inside the project, so the repository decides what runs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := InstallOptions{Agent: claudeAgent(), Scope: ProjectScope, ProjectDir: tt.env.project, Getenv: tt.env.getenv, Program: testProgram, Portable: true}
			tt.edit(&opts)
			_, err := Install(opts)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			for _, dir := range []string{".claude", ".gemini"} { // nothing written
				assert.NoDirExists(t, filepath.Join(tt.env.project, dir))
				assert.NoDirExists(t, filepath.Join(tt.env.home, dir))
			}
		})
	}
}

// An agent without an uncommitted project file keeps the absolute path
// in the project file, and install says not to commit it.
func TestInstallProjectWithoutLocalFileWarns(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	gemini, err := ParseAgent("gemini")
	require.NoError(t, err)
	res, err := Install(InstallOptions{Agent: gemini, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(env.project, ".gemini", "settings.json"), res.Path)
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, res.Warnings[0], ".gemini/settings.json now holds this machine's path to hookexec")
	assert.Contains(t, res.Warnings[0], "do not commit it, or install gemini --user instead")
}

// Switching between the default, --portable and --user leaves one file
// with hookexec's entries; a project install warns about a user one.
func TestInstallSwitchKeepsOneSet(t *testing.T) {
	t.Parallel()
	env, _ := withPATH(t, newShapeEnv(t))
	committed, local := claudeFiles(env)
	user := filepath.Join(env.home, ".claude", "settings.json")
	with := func(scope Scope, portable bool) *InstallResult {
		res, err := Install(InstallOptions{Agent: claudeAgent(), Scope: scope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram, Portable: portable})
		require.NoError(t, err)
		return res
	}
	holding := func() []string {
		var out []string
		for _, p := range []string{committed, local, user} {
			if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), " fire PreToolUse") {
				out = append(out, p)
			}
		}
		return out
	}
	with(ProjectScope, false)
	assert.Equal(t, []string{local}, holding())
	with(ProjectScope, true)
	assert.Equal(t, []string{committed}, holding())
	with(UserScope, false)
	assert.Equal(t, []string{user}, holding())
	res := with(ProjectScope, false)
	assert.Equal(t, []string{local, user}, holding())
	assert.Contains(t, strings.Join(res.Warnings, "\n"), "hookexec is also installed in "+user)
	r := Doctor(context.Background(), DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{claudeAgent()}, Program: testProgram, Version: "1"})
	for _, c := range r.Checks {
		if c.Name == "claude duplicates" {
			assert.False(t, c.OK)
			assert.Contains(t, c.Detail, "installed both in")
		}
	}
}
