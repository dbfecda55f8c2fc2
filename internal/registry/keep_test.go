package registry

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/trust"
)

// TestLoadKeepsTrustedVersion: after an edit to a trusted project, Load
// runs the hooks of its last trusted version whose named files are
// unchanged, from the bytes stored with the trust, holds those whose files
// changed, runs nothing new, and lists what is pending.
func TestLoadKeepsTrustedVersion(t *testing.T) {
	t.Parallel()
	const trusted = `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"sh ./guard.sh"},{"type":"command","command":"sh .hookexec/check.sh"},{"type":"command","command":"echo plain"}]}]}}`
	tests := []struct {
		name        string
		edit        map[string]string // files written after trust
		wantHooks   []string
		wantPending []string
		wantHeld    int
	}{
		{"unchanged", nil, []string{"sh ./guard.sh", "sh .hookexec/check.sh", "echo plain"}, nil, 0},
		{"a hook added", map[string]string{".hookexec/hooks.json": `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"echo new"}]}]}}`},
			[]string{"sh ./guard.sh", "sh .hookexec/check.sh", "echo plain"}, []string{".hookexec/hooks.json"}, 0},
		{"a named script changed", map[string]string{"guard.sh": "exit 0\n"},
			[]string{"sh .hookexec/check.sh", "echo plain"}, []string{"guard.sh"}, 1},
		// Any script may read a file under .hookexec/ on its own: a change
		// there other than to a config file or a test case holds them all.
		{"a script under .hookexec changed", map[string]string{".hookexec/check.sh": "exit 0\n"},
			nil, []string{".hookexec/check.sh"}, 3},
		{"a file added under .hookexec", map[string]string{".hookexec/lib.sh": "x"},
			nil, []string{".hookexec/lib.sh"}, 3},
		{"a test case added", map[string]string{".hookexec/tests/more.json": "{}"},
			[]string{"sh ./guard.sh", "sh .hookexec/check.sh", "echo plain"}, []string{".hookexec/tests/more.json"}, 0},
		{"a new config file", map[string]string{".hookexec/hooks.local.json": `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"echo local"}]}]}}`},
			[]string{"sh ./guard.sh", "sh .hookexec/check.sh", "echo plain"}, []string{".hookexec/hooks.local.json"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := tempDir(t)
			project := filepath.Join(dir, "p")
			writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), trusted)
			writeFile(t, filepath.Join(project, ".hookexec", "check.sh"), "exit 2\n")
			writeFile(t, filepath.Join(project, "guard.sh"), "exit 2\n")
			getenv := env(map[string]string{"XDG_DATA_HOME": filepath.Join(dir, "data"), "HOME": filepath.Join(dir, "home"), "HOOKEXEC_SYSTEM_DIR": filepath.Join(dir, "etc")})
			review, err := ReviewProject(project)
			require.NoError(t, err)
			_, err = trust.OpenStore(getenv).Add(review.Root, review.Version(time.Now()))
			require.NoError(t, err)
			for rel, content := range tt.edit {
				writeFile(t, filepath.Join(project, filepath.FromSlash(rel)), content)
			}
			reg, err := Load(Options{ProjectDir: project, Getenv: getenv})
			require.NoError(t, err)
			assert.Equal(t, tt.wantHooks, commands(reg))
			assert.Equal(t, tt.wantPending, reg.Pending)
			assert.Len(t, reg.Held, tt.wantHeld)
			assert.Equal(t, tt.edit == nil, reg.Trust.Trusted)
		})
	}
}

// TestLoadHoldsSetupFilesTrustedUnpinned: a project trusted before trust
// pinned a hook's shell and startup files (its version has no pin for
// them) does not run that hook's shell or BASH_ENV file unreviewed: the
// hook is held and the file is pending until 'hookexec trust' (SPEC §2.4);
// the other hooks run.
func TestLoadHoldsSetupFilesTrustedUnpinned(t *testing.T) {
	t.Parallel()
	dir := tempDir(t)
	project := filepath.Join(dir, "p")
	writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), `{"hooks":{"BeforeTool":[{"hooks":[
		{"type":"command","command":"echo one","shell":"./myshell"},
		{"type":"command","command":"echo two","env":{"BASH_ENV":"env.sh"}},
		{"type":"command","command":"echo three","env":{"BASH_ENV":"absent.sh"}},
		{"type":"command","command":"echo plain"}]}]}}`)
	writeFile(t, filepath.Join(project, "myshell"), "#!/bin/sh\n")
	writeFile(t, filepath.Join(project, "env.sh"), "echo x\n")
	getenv := env(map[string]string{"XDG_DATA_HOME": filepath.Join(dir, "data"), "HOME": filepath.Join(dir, "home"), "HOOKEXEC_SYSTEM_DIR": filepath.Join(dir, "etc")})
	review, err := ReviewProject(project)
	require.NoError(t, err)
	v := review.Version(time.Now())
	delete(v.Pins, "myshell") // as trusted before these were pinned
	delete(v.Pins, "env.sh")
	delete(v.Pins, "absent.sh")
	_, err = trust.OpenStore(getenv).Add(review.Root, v)
	require.NoError(t, err)

	reg, err := Load(Options{ProjectDir: project, Getenv: getenv})
	require.NoError(t, err)
	require.True(t, reg.Trust.Trusted, reg.Trust.Why)
	assert.Equal(t, []string{"echo three", "echo plain"}, commands(reg))
	assert.Equal(t, []string{"env.sh", "myshell"}, reg.Pending)
	assert.Len(t, reg.HeldHooks, 2)
	assert.Contains(t, strings.Join(warningTexts(reg), "\n"), "trusted hook held, a file it runs before its command is not pinned by the version you trusted: echo one (not pinned: myshell); review it with 'hookexec trust'")
}
