package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Issue 18 §1 hole 11: which hooks of the user's execute a project file.
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
}
