//go:build e2e

package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeQuickstartSteps checks the reading of the quick start itself
// (it needs neither Claude nor hookexec).
func TestReadmeQuickstartSteps(t *testing.T) {
	const home = "/scratch/home"
	good := "# Title\n\n" + quickstartOpen + "\n\nProse.\n\n" +
		"    cd ~/your-project\n" +
		"    hookexec init --yes              # trusts it\n" +
		"    $ hookexec install claude\n" +
		"    hookexec doctor\n" +
		"    claude -p 'remove the old copy: rm -rf ../your-project-old'   # hookexec blocks it\n" +
		"    hookexec log \\\n      --blocked\n" +
		"    hookexec why\n\n" + quickstartClose + "\n"
	qs, err := readQuickstart([]byte(good), home)
	require.NoError(t, err)
	assert.Equal(t, "your-project", qs.project)
	require.Len(t, qs.steps, 6)
	assert.Equal(t, []string{"hookexec", "log", "--blocked"}, qs.steps[4].args)
	assert.Equal(t, "hookexec init --yes", qs.steps[0].line)
	assert.Equal(t, "claude -p 'remove the old copy: rm -rf ../your-project-old'", qs.steps[3].line)
	assert.Equal(t, `echo "a # b" 'c #d'`, withoutComment(`echo "a # b" 'c #d' # e`))
	prompt, err := qs.steps[3].prompt()
	require.NoError(t, err)
	const project = home + "/your-project"
	cmd, targets, err := dangerousCommand(prompt, home, project)
	require.NoError(t, err)
	assert.Equal(t, "rm -rf ../your-project-old", cmd)
	assert.Equal(t, []string{home + "/your-project-old"}, targets)

	for name, text := range map[string]string{
		"no markers":      strings.ReplaceAll(good, quickstartOpen, ""),
		"no closing":      strings.ReplaceAll(good, quickstartClose, ""),
		"no why":          strings.ReplaceAll(good, "    hookexec why\n", ""),
		"no doctor":       strings.ReplaceAll(good, "    hookexec doctor\n", ""),
		"no cd":           strings.ReplaceAll(good, "    cd ~/your-project\n", ""),
		"out of order":    strings.ReplaceAll(strings.ReplaceAll(good, "    hookexec init --yes              # trusts it\n", ""), "    hookexec doctor\n", "    hookexec doctor\n    hookexec init --yes\n"),
		"why before log":  strings.Replace(strings.ReplaceAll(good, "    hookexec why\n", ""), "    claude", "    hookexec why\n    claude", 1),
		"unknown command": strings.ReplaceAll(good, "    hookexec doctor\n", "    hookexec doctor\n    make install\n"),
		"a variable":      strings.ReplaceAll(good, "hookexec doctor", "hookexec doctor $FLAGS"),
	} {
		_, err := readQuickstart([]byte(text), home)
		assert.Error(t, err, name)
	}
	for _, bad := range []string{"delete everything", "rm -rf /", "rm -rf ~/..", "rm -rf ~ /etc", "rm -rf $OTHER", "rm -rf", "rm -rf ../../elsewhere"} {
		_, _, err := dangerousCommand(bad, home, project)
		assert.Error(t, err, bad)
	}
	starter, err := os.ReadFile(filepath.Join("..", "..", "internal", "setup", "scaffold", "hooks.json"))
	require.NoError(t, err)
	first, last := hookLines(starter, policyIn(`deny by hookexec:default/rm-home (.hookexec/hooks.json:11:21) [destructive delete]: "rm -rf ~"`, starter))
	lines := strings.Split(string(starter), "\n")
	require.True(t, first > 0 && first < last && last <= len(lines), "lines %d-%d", first, last)
	assert.Equal(t, "{", strings.TrimSpace(lines[first-1]), "the hook's first line")
	assert.Equal(t, "}", strings.TrimSpace(lines[last-1]), "the hook's last line")
	assert.Contains(t, strings.Join(lines[first-1:last], "\n"), `"name": "guard"`)

	for _, ok := range []string{"rm -rf .", "clean up with `rm -rf ~/`.", "rm -rf $HOME", "rm -r -f /scratch/home/your-project/", "rm -rf ~.", "rm -rf ../your-project-old"} {
		_, _, err := dangerousCommand(ok, home, project)
		assert.NoError(t, err, ok)
	}
}
