//go:build e2e && unix

package codex

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/fakeopenai"
	"github.com/hookexec/hookexec/e2e/harness"
	"github.com/hookexec/hookexec/internal/agents/codex"
)

// TestCodexSkipsUntrustedHook: in a trusted project, a hook that is not
// trusted by hash does not run, and Codex says nothing of it: the tool
// runs (why install codex trusts its entries).
func TestCodexSkipsUntrustedHook(t *testing.T) {
	e := setup(t)
	s := scenario{name: "untrusted hook", policies: []policy{pre("deny", jsonDeny)}, script: []fakeopenai.ToolCall{shell}}
	f := e.run(t, s, "untrusted")
	assert.Equal(t, "yes", f["tool ran"])
	assert.Equal(t, "none", f["policies ran"])
	assert.Equal(t, "none", f["user saw"])
	stderr, err := os.ReadFile(filepath.Join(e.out, harness.Slug(s.name)+".untrusted.stderr"))
	require.NoError(t, err)
	assert.NotContains(t, string(stderr), "hook:", "Codex says nothing of the skipped hook")
}

// TestCodexHookHash: codex.Handlers computes the hash codex app-server
// reports as currentHash in hooks/list, for entries as install writes them
// and for the shapes a user writes (matcher, timeout, statusMessage, a
// command with quotes and non-ASCII text).
func TestCodexHookHash(t *testing.T) {
	e := setup(t)
	dir := filepath.Join(e.base, "hash")
	project, codexHome := filepath.Join(dir, "project"), filepath.Join(dir, "codex-home")
	file := filepath.Join(project, ".codex", "hooks.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.MkdirAll(codexHome, 0o755))
	data := []byte(`{"hooks":{
  "PreToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"'/opt/hook exec/hookexec' fire PreToolUse --format codex","timeout":120}]},
                {"hooks":[{"type":"prompt"},{"type":"command","command":"echo \"é <&> \\t\"","statusMessage":"checking"}]}],
  "SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"true","timeout":0,"async":true}]}],
  "UserPromptSubmit":[{"matcher":"ignored","hooks":[{"type":"command","command":"true","timeoutSec":7}]}],
  "SubagentStart":[{"hooks":[{"type":"command","command":"true"}]}], "PermissionRequest":[{"hooks":[{"type":"command","command":"true"}]}],
  "PostToolUse":[{"hooks":[{"type":"command","command":"true"}]}], "PreCompact":[{"matcher":"auto","hooks":[{"type":"command","command":"true"}]}],
  "PostCompact":[{"hooks":[{"type":"command","command":"true"}]}], "SessionEnd":[{"hooks":[{"type":"command","command":"true"},{"type":"command","command":"true","timeout":5}]}],
  "SubagentStop":[{"hooks":[{"type":"command","command":"true"}]}], "Stop":[{"matcher":"x","hooks":[{"type":"command","command":"true"}]}],
  "Interrupt":[{"hooks":[{"type":"command","command":"true"}]}], "StopFailure":[{"hooks":[{"type":"command","command":"true"}]}]}}`)
	require.NoError(t, os.WriteFile(file, data, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(codexHome, "config.toml"),
		[]byte(baseConfig("http://127.0.0.1:9/v1")+fmt.Sprintf("\n[projects.%q]\ntrust_level = \"trusted\"\n", project)), 0o600))
	want, err := codex.Handlers(file, data)
	require.NoError(t, err)

	cmd := exec.Command(e.codex, "app-server")
	cmd.Dir = project
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "CODEX_HOME=" + codexHome, "TERM=dumb", "HOOKEXEC_E2E_FAKE_KEY=dummy", "HOOKEXEC_E2E_RUN=" + dir}
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	for _, msg := range []string{
		`{"id":1,"method":"initialize","params":{"clientInfo":{"name":"hookexec-e2e","version":"1"}}}`,
		`{"method":"initialized"}`,
		`{"id":2,"method":"hooks/list","params":{"cwds":[` + quote(project) + `]}}`,
	} {
		_, err := fmt.Fprintln(stdin, msg)
		require.NoError(t, err)
	}
	got := map[string]string{}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	deadline := time.After(30 * time.Second)
	for len(got) == 0 {
		select {
		case line, ok := <-lines:
			require.True(t, ok, "codex app-server ended before answering hooks/list")
			var resp struct {
				ID     int `json:"id"`
				Result struct {
					Data []struct {
						Hooks []struct {
							Key         string `json:"key"`
							CurrentHash string `json:"currentHash"`
						} `json:"hooks"`
					} `json:"data"`
				} `json:"result"`
			}
			if json.Unmarshal([]byte(line), &resp) != nil || resp.ID != 2 {
				continue
			}
			for _, d := range resp.Result.Data {
				for _, h := range d.Hooks {
					got[h.Key] = h.CurrentHash
				}
			}
			require.NotEmpty(t, got, "hooks/list listed no hooks: %s", line)
		case <-deadline:
			t.Fatal("codex app-server did not answer hooks/list in 30s")
		}
	}
	require.Len(t, got, len(want))
	for _, h := range want {
		assert.Equal(t, got[h.Key], h.Hash, h.Key)
	}
	// The events Codex 0.169.0 has: every one of the file's but
	// StopFailure.
	var labels []string
	for key := range got {
		parts := strings.Split(strings.TrimPrefix(key, file+":"), ":")
		if !slices.Contains(labels, parts[0]) {
			labels = append(labels, parts[0])
		}
	}
	slices.Sort(labels)
	assert.Equal(t, []string{"interrupt", "permission_request", "post_compact", "post_tool_use", "pre_compact", "pre_tool_use",
		"session_end", "session_start", "stop", "subagent_start", "subagent_stop", "user_prompt_submit"}, labels)
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
