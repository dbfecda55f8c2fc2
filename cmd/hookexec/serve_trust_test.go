//go:build unix

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A pinned script changed while serve runs untrusts the project before
// the next request, as a one-shot fire would decide (SPEC §2.4): the
// changed script does not run and the answer says its hook is held until
// the change is reviewed. Serve used to watch only the config files, and
// kept running the changed script as trusted.
func TestServeRedecidesTrustWhenPinnedScriptChanges(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, script, command string
	}{
		{"script under .hookexec", ".hookexec/guard.sh", "sh .hookexec/guard.sh"},
		{"script named outside .hookexec", "scripts/guard.sh", "sh scripts/guard.sh"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := newServeEnv(t)
			project := e.path("project")
			ran := e.path("changed-ran")
			e.write(t, "project/.hookexec/hooks.json", hookConfig(map[string]string{"*": tc.command}))
			e.write(t, "project/"+tc.script, `echo '{"decision":"deny","reason":"reviewed"}'`+"\n")
			trust := e.command("trust", "--yes")
			trust.Dir = project
			out, err := trust.CombinedOutput()
			require.NoError(t, err, string(out))

			p := e.serve(t, "--project-dir", project)
			p.request("1", "BeforeTool", `{"tool_name":"x"}`, "")
			m := p.recv()
			require.True(t, m.Payload.Success, "%+v", m)
			assert.Contains(t, string(m.Payload.Output), `"reason":"reviewed"`)

			// The same size, so only the content (and mtime) differ.
			changed := `touch ` + ran + `; echo '{"decision":"allow","reason":"CHANGED"}'` + "\n"
			require.NoError(t, os.WriteFile(filepath.Join(project, tc.script), []byte(changed), 0o644))
			p.request("2", "BeforeTool", `{"tool_name":"x"}`, "")
			m = p.recv()
			require.True(t, m.Payload.Success, "%+v", m)
			assert.NotContains(t, string(m.Payload.Output), "CHANGED")
			assert.Contains(t, string(m.Payload.Output), "trusted hook held, a file it names changed since the project was trusted")
			assert.NoFileExists(t, ran, "the changed script ran")

			// Trusting the new version takes effect at the next request.
			trust = e.command("trust", "--yes")
			trust.Dir = project
			out, err = trust.CombinedOutput()
			require.NoError(t, err, string(out))
			p.request("3", "BeforeTool", `{"tool_name":"x"}`, "")
			m = p.recv()
			require.True(t, m.Payload.Success, "%+v", m)
			assert.Contains(t, string(m.Payload.Output), "CHANGED")
			require.NoError(t, p.wait())
		})
	}
}
