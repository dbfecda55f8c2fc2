//go:build linux

package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The ownership rules of SPEC §2.4 as an unprivileged user sees them
// (trust issue row 11): a root-owned config and the user's own are used;
// one owned by another user is skipped with a warning naming the owner;
// a project planted by another user does not run.
func TestOwnershipAsUnprivilegedUser(t *testing.T) {
	setpriv, dir, bin := unprivilegedSetup(t)
	const nobody, other = 65534, 4711
	marks := filepath.Join(dir, "marks")
	require.NoError(t, os.Mkdir(marks, 0o755))
	require.NoError(t, os.Chown(marks, nobody, nobody))

	config := func(name string, owner int) string {
		path := filepath.Join(dir, name)
		body := `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"touch ` + filepath.Join(marks, filepath.Base(filepath.Dir(path))+"-"+filepath.Base(path)) + `"}]}]}}`
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
		require.NoError(t, os.Chown(path, owner, owner))
		return path
	}
	rootCfg := config("root.json", 0)
	mine := config("mine.json", nobody)
	others := config("others.json", other)
	planted := config("shared/.hookexec/hooks.json", other)
	require.NoError(t, os.Chown(filepath.Dir(planted), other, other))

	// asNobody runs hookexec as nobody in the shared directory; it must
	// exit with status want.
	asNobody := func(want int, env []string, args ...string) []byte {
		cmd := exec.Command(setpriv, append([]string{"--reuid=65534", "--regid=65534", "--clear-groups", "--", bin}, args...)...)
		cmd.Dir = filepath.Join(dir, "shared")
		cmd.Env = append([]string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + filepath.Join(dir, "home"), "GORACE=atexit_sleep_ms=0"}, env...)
		out, err := cmd.Output()
		if want == 0 {
			require.NoError(t, err, "stderr: %s", stderrOf(err))
		} else {
			var exit *exec.ExitError
			require.ErrorAs(t, err, &exit)
			require.Equal(t, want, exit.ExitCode(), "stderr: %s", stderrOf(err))
		}
		return out
	}
	// The file of another user is skipped, and since it could hold a guard
	// the event is denied (SPEC §2.5): exit 2.
	out := asNobody(2, nil, "fire", "BeforeTool", "--config", rootCfg, "--config", mine, "--config", others)
	var v struct {
		Warnings []string `json:"warnings"`
	}
	require.NoError(t, json.Unmarshal(out, &v), string(out))
	base := filepath.Base(dir)
	assert.FileExists(t, filepath.Join(marks, base+"-root.json"))
	assert.FileExists(t, filepath.Join(marks, base+"-mine.json"))
	assert.NoFileExists(t, filepath.Join(marks, base+"-others.json"))
	require.Len(t, v.Warnings, 1)
	assert.Regexp(t, `others\.json: not trusted: owned by uid 4711, not by you \(nobody \(uid 65534\)\) or root; this file is skipped$`, v.Warnings[0])

	// Discovery in a directory another user planted a .hookexec/ in: the
	// unprivileged user never trusted it, so nothing runs, and the event is
	// denied until it is trusted (SPEC §2.5).
	out = asNobody(2, nil, "fire", "BeforeTool")
	assert.NoFileExists(t, filepath.Join(marks, ".hookexec-hooks.json"))
	assert.Contains(t, string(out), `"untrusted": [`+"\n    "+`"`+planted+`"`)

	// The same project trusted for the run: the planted hook runs (which
	// shows the check above could fail).
	asNobody(0, []string{"HOOKEXEC_TRUST_PROJECT=1"}, "fire", "BeforeTool")
	assert.FileExists(t, filepath.Join(marks, ".hookexec-hooks.json"))
}

// unprivilegedSetup is what a test that runs hookexec as nobody needs:
// setpriv, a directory nobody can read, and hookexec (this test binary)
// in it. Without root or setpriv the test is skipped.
func unprivilegedSetup(t *testing.T) (setpriv, dir, bin string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to switch to an unprivileged user")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv is not installed")
	}
	dir = t.TempDir()
	require.NoError(t, os.Chmod(filepath.Dir(dir), 0o755))
	require.NoError(t, os.Chmod(dir, 0o755))
	bin = filepath.Join(dir, "bin", "hookexec")
	copyExecutable(t, bin)
	return setpriv, dir, bin
}

// copyExecutable copies the test binary to path, where testscript's
// dispatch runs it as the command named by its base name.
func copyExecutable(t *testing.T, path string) {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	src, err := os.Open(exe)
	require.NoError(t, err)
	defer func() { _ = src.Close() }()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	dst, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(dst, src)
	require.NoError(t, err)
	require.NoError(t, dst.Close())
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
