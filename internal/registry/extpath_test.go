package registry

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShellExtensionPath(t *testing.T) {
	t.Parallel()
	const (
		word = `"${HOOKEXEC_EXTENSION_PATH}"`
		ref  = `${HOOKEXEC_EXTENSION_PATH}`
	)
	tests := []struct{ command, want string }{
		{`${extensionPath}/hook.sh`, word + `/hook.sh`},
		{`"${extensionPath}/hook.sh"`, `"` + ref + `/hook.sh"`},
		{`sh ${extensionPath}/bin/check.sh --dir=${extensionPath}`, `sh ` + word + `/bin/check.sh --dir=` + word},
		{`X=${extensionPath} run`, `X=` + word + ` run`},
		{`echo "$(cat ${extensionPath}/v) ${extensionPath}"`, `echo "$(cat ` + word + `/v) ` + ref + `"`},
		{"echo `cat ${extensionPath}/v`", "echo `cat " + word + "/v`"},
		{"cat <<EOF\n${extensionPath}\nEOF", "cat <<EOF\n" + ref + "\nEOF"},
		{`echo ${x:-${extensionPath}} "${x:-${extensionPath}}"`, `echo ${x:-` + word + `} "${x:-` + ref + `}"`},
		// Where the shell does not expand it: the variable's name as text.
		{`sh -c 'exec "${extensionPath}/hook.sh"'`, `sh -c 'exec "` + ref + `/hook.sh"'`},
		{"cat <<'EOF'\n${extensionPath}\nEOF", "cat <<'EOF'\n" + ref + "\nEOF"},
		{`echo \${extensionPath} # ${extensionPath}`, `echo \` + ref + ` # ` + ref},
		// Other expansions of the name are not the placeholder.
		{`echo ${extensionPath:-x} $extensionPath`, `echo ${extensionPath:-x} $extensionPath`},
		// A command that does not parse: every placeholder one word.
		{`if "${extensionPath}/x`, `if "` + word + `/x`},
		{`true`, `true`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, shellExtensionPath(tt.command), "command %q", tt.command)
	}
}

// TestShellExtensionPathRuns runs the rewritten commands in real shells with
// extension directories whose names are shell code, quotes or spaces: each
// prints the directory exactly, and no name's code runs (SPEC §2.3).
func TestShellExtensionPathRuns(t *testing.T) {
	t.Parallel()
	names := []string{"e$(touch pwned)", "e`touch pwned`", "my ext", `it's "quoted"`, `back\slash`, "semi;touch pwned", "star*", "$HOME", "tab\there"}
	commands := []string{
		`${extensionPath}/hook.sh`,
		`"${extensionPath}/hook.sh"`,
		`sh ${extensionPath}/hook.sh`,
		`sh "${extensionPath}"/hook.sh`,
		`cd ${extensionPath} && ./hook.sh`,
		`printf '%s/hook.sh\n' ${extensionPath}`,
		`printf '%s\n' "$(printf '%s/hook.sh' ${extensionPath})"`,
		"cat <<EOF\n${extensionPath}/hook.sh\nEOF",
		`sh -c 'printf "%s/hook.sh\n" "${extensionPath}"'`,
	}
	for _, shell := range []string{"sh", "bash"} {
		if _, err := exec.LookPath(shell); err != nil {
			continue
		}
		for _, name := range names {
			t.Run(shell+"/"+name, func(t *testing.T) {
				t.Parallel()
				work := t.TempDir()
				dir := filepath.Join(work, name)
				require.NoError(t, os.Mkdir(dir, 0o755))
				require.NoError(t, os.WriteFile(filepath.Join(dir, "hook.sh"), []byte("#!/bin/sh\nprintf '%s\\n' \"$(cd \"$(dirname \"$0\")\" && pwd)/hook.sh\"\n"), 0o755))
				for _, command := range commands {
					cmd := exec.Command(shell, "-c", shellExtensionPath(command))
					cmd.Dir = work
					cmd.Env = append(os.Environ(), ExtensionPathVar+"="+dir)
					out, err := runBusy(cmd)
					require.NoError(t, err, "command %q: %s", command, out)
					assert.Equal(t, dir+"/hook.sh\n", string(out), "command %q", command)
				}
				assert.NoFileExists(t, filepath.Join(work, "pwned"))
			})
		}
	}
}

// TestExtensionHookEnv: an extension's hooks get its directory in
// HOOKEXEC_EXTENSION_PATH, whatever their env says, so that the shell form's
// reference always means that directory; exec-form command and args and
// env values get the directory as text (no shell reads them).
func TestExtensionHookEnv(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	config := filepath.Join(root, "config")
	extDir := filepath.Join(config, "hookexec", "extensions", "e$(touch pwned) x")
	writeFile(t, filepath.Join(extDir, "hooks.json"), `{"hooks": {"AfterTool": [{"hooks": [
  {"type": "command", "command": "${extensionPath}/run.sh", "env": {"HOOKEXEC_EXTENSION_PATH": "/elsewhere", "DATA": "${extensionPath}/data"}},
  {"type": "command", "command": "${extensionPath}/bin/lint", "args": ["${extensionPath}"]}
]}]}}`)

	reg, err := Load(Options{ProjectDir: filepath.Join(root, "project"), Getenv: isolatedEnv(root, map[string]string{"XDG_CONFIG_HOME": config})})
	require.NoError(t, err)
	require.Len(t, reg.Hooks, 2)
	shell, execForm := reg.Hooks[0], reg.Hooks[1]
	assert.Equal(t, `"${HOOKEXEC_EXTENSION_PATH}"/run.sh`, shell.Command)
	assert.Equal(t, map[string]string{"HOOKEXEC_EXTENSION_PATH": extDir, "DATA": extDir + "/data"}, shell.Env)
	assert.Equal(t, extDir+"/bin/lint", execForm.Command)
	assert.Equal(t, []string{extDir}, execForm.Args)
	assert.Equal(t, map[string]string{"HOOKEXEC_EXTENSION_PATH": extDir}, execForm.Env)
}

// runBusy runs cmd, again while the script it runs is "Text file busy": a
// fork by a parallel test, between its fork and exec, can hold the
// script's write descriptor for a moment just after it was written
// (golang/go#22315).
func runBusy(cmd *exec.Cmd) ([]byte, error) {
	for i := 0; ; i++ {
		c := exec.Command(cmd.Path, cmd.Args[1:]...)
		c.Dir, c.Env = cmd.Dir, cmd.Env
		out, err := c.CombinedOutput()
		if err == nil || i == 20 || !strings.Contains(string(out), "Text file busy") {
			return out, err
		}
		time.Sleep(10 * time.Millisecond)
	}
}
