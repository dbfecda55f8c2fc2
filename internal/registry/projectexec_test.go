package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Which hooks of the user's execute a project file.
func TestProjectExec(t *testing.T) {
	tests := []struct {
		command string
		args    []string
		want    string
		viaVar  bool
	}{
		{command: `sh "$HOOKEXEC_PROJECT_DIR/.hookexec/x.sh"`, want: "/p/.hookexec/x.sh", viaVar: true},
		{command: `$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh`, want: "/p/.claude/hooks/guard.sh", viaVar: true},
		{command: `bash -e "${GEMINI_PROJECT_DIR}/g.sh" arg`, want: "/p/g.sh", viaVar: true},
		{command: `cat > /dev/null; python3 $LLXPRT_PROJECT_DIR/tools/check.py`, want: "/p/tools/check.py", viaVar: true},
		{command: `./scripts/guard.sh`, want: "./scripts/guard.sh"},
		{command: `sh tools/x.sh`, want: "tools/x.sh"},
		{command: `ash "$HOOKEXEC_PROJECT_DIR/x.sh"`, want: "/p/x.sh", viaVar: true},
		{command: `mksh tools/x.sh`, want: "tools/x.sh"},
		{command: `yash -c "$CLAUDE_PROJECT_DIR/x.sh"`},
		{command: "run", args: []string{"$HOOKEXEC_PROJECT_DIR/x"}},
		{command: "$HOOKEXEC_PROJECT_DIR/bin/x", args: []string{"-v"}, want: "/p/bin/x", viaVar: true},
		{command: `python3 /home/me/guards/check.py --root "$CLAUDE_PROJECT_DIR"`},
		{command: `grep -q x "$CLAUDE_PROJECT_DIR/src/main.go"`},
		{command: `sh -c "$CLAUDE_PROJECT_DIR/x.sh"`},
		{command: `echo $CLAUDE_PROJECT_DIR`},
		{command: `sh "$HOOKEXEC_PROJECT_DIR"`},
		{command: `~/bin/guard.sh`},
		{command: `/usr/local/bin/guard`},
	}
	for _, tt := range tests {
		h := &Hook{Command: tt.command, Args: tt.args, ExecForm: tt.args != nil}
		pe, ok := projectExec(h, "/p")
		assert.Equal(t, tt.want != "", ok, tt.command)
		assert.Equal(t, tt.want, pe.Word, tt.command)
		assert.Equal(t, tt.viaVar, pe.ViaVar, tt.command)
	}

	// What runs before the command is executed too (SPEC §2.4): a shell
	// or a startup file of the project.
	for _, tt := range []struct {
		hook   Hook
		want   string
		viaVar bool
	}{
		{hook: Hook{Command: "true", Shell: "$CLAUDE_PROJECT_DIR/bin/sh"}, want: "/p/bin/sh", viaVar: true},
		{hook: Hook{Command: "true", Shell: "./myshell"}, want: "./myshell"},
		{hook: Hook{Command: "true", Env: map[string]string{"BASH_ENV": "${HOOKEXEC_PROJECT_DIR}/env.sh"}}, want: "/p/env.sh", viaVar: true},
		{hook: Hook{Command: "true", Shell: "/bin/bash", Env: map[string]string{"BASH_ENV": "/home/me/env.sh", "ROOT": "$CLAUDE_PROJECT_DIR/x"}}},
	} {
		pe, ok := projectExec(&tt.hook, "/p")
		assert.Equal(t, tt.want != "", ok, tt.hook.Shell)
		assert.Equal(t, tt.want, pe.Word, tt.hook.Shell)
		assert.Equal(t, tt.viaVar, pe.ViaVar, tt.hook.Shell)
	}
}
