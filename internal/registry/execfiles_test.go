package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Which words of a project hook run from a trusted copy (SPEC §2.4), and
// which do not.
func TestExecFiles(t *testing.T) {
	t.Parallel()
	const root = "/p"
	tests := []struct {
		name    string
		hook    Hook
		want    string // Rel; "" for none
		replace string // the word replaced, shell form
	}{
		{"program path", Hook{Command: "./x.sh --a"}, "x.sh", "./x.sh"},
		{"interpreter script", Hook{Command: "sh .hookexec/x.sh"}, ".hookexec/x.sh", ".hookexec/x.sh"},
		{"interpreter by path", Hook{Command: "/usr/bin/python3 x.py"}, "x.py", "x.py"},
		{"project variable, quoted", Hook{Command: `bash "$CLAUDE_PROJECT_DIR/bin/g.sh"`}, "bin/g.sh", `"$CLAUDE_PROJECT_DIR/bin/g.sh"`},
		{"with a redirection", Hook{Command: "./x.sh 2>/dev/null"}, "x.sh", "./x.sh"},
		{"a list: the directory may change", Hook{Command: "cd sub && sh x.sh"}, "", ""},
		{"a pipeline", Hook{Command: "./x.sh | tee log"}, "", ""},
		{"interpreter option first", Hook{Command: "bash -e x.sh"}, "", ""},
		{"inline code", Hook{Command: "sh -c './x.sh'"}, "", ""},
		{"a command on PATH", Hook{Command: "jq . x.json"}, "", ""},
		{"outside the project", Hook{Command: "/usr/local/bin/guard"}, "", ""},
		{"leaving the project", Hook{Command: "sh ../x.sh"}, "", ""},
		{"another variable", Hook{Command: `sh "$HOME/x.sh"`}, "", ""},
		{"exec form program", Hook{ExecForm: true, Command: "./x.sh"}, "x.sh", ""},
		{"exec form interpreter", Hook{ExecForm: true, Command: "node", Args: []string{"${HOOKEXEC_PROJECT_DIR}/h.js"}}, "h.js", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := tt.hook
			h.FromProject = true
			got := ExecFiles(&h, root)
			if tt.want == "" {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1) {
				assert.Equal(t, tt.want, got[0].Rel)
				if !h.ExecForm {
					assert.Equal(t, tt.replace, h.Command[got[0].Start:got[0].End])
				}
			}
		})
	}
	user := Hook{Command: "./x.sh"}
	assert.Empty(t, ExecFiles(&user, root), "a user hook is not a project hook")
}
