package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/trust"
)

// SPEC §2.4: trust pins every project file a hook names by a relative or
// project-absolute path, and a path-like word that names nothing as
// absent; files a hook writes, flags, URLs and paths outside the project
// are not pinned.
func TestPinsOfNamed(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, f := range []string{"hooks/guard.sh", "check.py", "policy.txt", "bin/tool", "hook.log"} {
		writeFile(t, filepath.Join(root, f), "content of "+f)
	}
	hooks := []*Hook{
		{Command: "./hooks/guard.sh --strict"},
		{Command: `python3 check.py "$CLAUDE_PROJECT_DIR/policy.txt" https://example.com/x -v`},
		{Command: "grep -q rm < policy.txt && echo blocked >> hook.log; echo done > hook.log"},
		{Command: "${HOOKEXEC_PROJECT_DIR}/bin/tool ../outside.sh /etc/passwd hooks/missing.sh"},
		{Command: "bin/tool", Args: []string{"$(touch x)", root + "/check.py"}, ExecForm: true},
		{Command: "echo $(cat secret.txt) 'unterminated"},
	}
	pins := pinsOfNamed(hooks, &trust.Snapshot{Root: root})
	hash := func(f string) string { return trust.Hash([]byte("content of " + f)) }
	assert.Equal(t, map[string]string{
		"hooks/guard.sh":   hash("hooks/guard.sh"),
		"check.py":         hash("check.py"),
		"policy.txt":       hash("policy.txt"),
		"bin/tool":         hash("bin/tool"),
		"hooks/missing.sh": trust.Absent,
	}, pins)
}
