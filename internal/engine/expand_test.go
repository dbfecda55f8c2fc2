package engine

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// A placeholder's value never becomes shell code (SPEC §4.2): the input's
// cwd, which the model chooses, reaches an exec-form
// `sh -c SCRIPT` only as the value of a variable, so a cwd holding $(...),
// ; or quotes runs nothing and arrives intact.
func TestExecFormShellScriptGetsValuesNotCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		command string
		args    []string
		// split: the script leaves the value unquoted, so the shell
		// splits it into words, which printf prints joined.
		split bool
	}{
		{"sh -c, unquoted", "sh", []string{"-c", `printf '%s' ${HOOKEXEC_CWD}`}, true},
		{"bash -ec, quoted", "bash", []string{"-ec", `printf '%s' "${HOOKEXEC_CWD}"`}, false},
		{"/bin/sh -o opt -c", "/bin/sh", []string{"-o", "errexit", "-c", `printf '%s' "${HOOKEXEC_CWD}"`}, false},
		{"env NAME=v sh -c", "env", []string{"X=1", "sh", "-c", `printf '%s' "${HOOKEXEC_CWD}"`}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			marker := filepath.Join(dir, "pwned")
			cwd := "/nonexistent/x$(touch " + marker + ");touch " + marker
			input, err := json.Marshal(map[string]string{"tool_name": "x", "cwd": cwd})
			require.NoError(t, err)
			h := hook{"type": "command", "command": tt.command, "args": tt.args}
			f := load(t, "AfterTool", map[string][]def{"AfterTool": {group(h)}}, string(input), planner.Options{})

			v := f.run(t)

			require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v), "error: %s %s", v.Hooks[0].Error, v.Hooks[0].Stderr)
			assert.False(t, exists(marker), "the cwd's text ran as shell code")
			want := cwd
			if tt.split {
				want = strings.ReplaceAll(cwd, " ", "")
			}
			assert.Equal(t, want, v.Hooks[0].Stdout, "the script gets the value, as a variable's")
		})
	}
}

// Arguments that are not a shell's script still get the value pasted in:
// the operands after the script ($0, $1, ...) and any other program's.
func TestExecFormPlaceholdersOutsideScripts(t *testing.T) {
	t.Parallel()
	h := hook{"type": "command", "command": "sh", "args": []string{"-c", `printf '%s|' "$0" "$1"`, "${GREETING}", "${GREETING}-x"},
		"env": map[string]string{"GREETING": "a;b"}}
	f := load(t, "AfterTool", map[string][]def{"AfterTool": {group(h)}}, "", planner.Options{})

	v := f.run(t)

	require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v))
	assert.Equal(t, "a;b|a;b-x|", v.Hooks[0].Stdout)
}

func TestShellScriptIndex(t *testing.T) {
	t.Parallel()
	tests := []struct {
		command string
		args    []string
		want    int
	}{
		{"sh", []string{"-c", "x"}, 1},
		{"/usr/bin/bash", []string{"--norc", "-lc", "x", "a"}, 2},
		{"zsh", []string{"-o", "c", "-e", "x"}, -1},
		{"dash", []string{"-c", "--", "x"}, 2},
		{"sh", []string{"script.sh", "-c"}, -1},
		{"bash.exe", []string{"-c", "x"}, 1},
		{"env", []string{"-i", "A=1", "sh", "-c", "x"}, 4},
		{"env", []string{"A=1"}, -1},
		{"python3", []string{"-c", "x"}, -1},
		{"sh", []string{"+x", "-c", "x"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.command+" "+strings.Join(tt.args, " "), func(t *testing.T) {
			assert.Equal(t, tt.want, shellScriptIndex(tt.command, tt.args))
		})
	}
}
