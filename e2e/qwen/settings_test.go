//go:build e2e && unix

package qwen

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// hookexecTimeout is the timeout, in seconds, of hookexec's entries: what
// hookexec install qwen writes when no policy needs longer.
const hookexecTimeout = 120

// hookexecHook is the Qwen Code hook entry that runs hookexec for event:
// what hookexec install qwen writes, plus --config naming the policies
// moved to .qwen/hooks.json (read in the qwen dialect because of where it
// is), as docs/agents.md tells users to keep an existing config. The one place
// the recipe lives.
func hookexecHook(bin, eventKey string) map[string]any {
	return map[string]any{
		"type":    "command",
		"command": shellQuote(bin) + " fire " + eventKey + ` --format qwen --config "$QWEN_PROJECT_DIR/.qwen/hooks.json"`,
		"timeout": hookexecTimeout,
	}
}

// policy is one hook of a scenario: a small shell script in
// .qwen/policies/, run as Qwen's own hook or through hookexec.
type policy struct {
	event   string
	matcher string // "" for none
	name    string // file name without .sh
	script  string // the body after "#!/bin/sh"
	timeout int    // as written in the settings (seconds, or ms from 1000); 0 for none
}

// ranDir is where each policy saves the event it got, in NAME.json, before
// its script reads it from there: which policies ran, and on what.
const ranDir = "ran"

func policyScript(p policy) string {
	saved := `"$QWEN_PROJECT_DIR/` + ranDir + "/" + p.name + `.json"`
	return "#!/bin/sh\nmkdir -p \"$QWEN_PROJECT_DIR/" + ranDir + "\"\ncat >" + saved + "\n" + envRecord(p.name) + "exec <" + saved + "\n" + p.script + "\n"
}

// envVars are the variables a policy records (NAME.env): whether each is
// set, and for the directories whether it is the policy's working
// directory.
var envVars = []string{"QWEN_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "QWEN_CODE_SESSION_ID", "QWEN_CODE_CLI"}

func envRecord(name string) string {
	var b strings.Builder
	b.WriteString("{\n")
	for _, v := range envVars {
		fmt.Fprintf(&b, "if [ -z \"${%[1]s-}\" ]; then echo '%[1]s unset'; elif [ \"$%[1]s\" = \"$PWD\" ]; then echo '%[1]s=cwd'; else echo '%[1]s set'; fi\n", v)
	}
	fmt.Fprintf(&b, "} >\"$QWEN_PROJECT_DIR/%s/%s.env\"\n", ranDir, name)
	return b.String()
}

// hooksObject is the policies as a Qwen Code "hooks" object.
func hooksObject(policies []policy) map[string]any {
	hooks := map[string]any{}
	for _, p := range policies {
		h := map[string]any{"type": "command", "command": `"$QWEN_PROJECT_DIR"/.qwen/policies/` + p.name + ".sh"}
		if p.timeout > 0 {
			h["timeout"] = p.timeout
		}
		group := map[string]any{"hooks": []any{h}}
		if p.matcher != "" {
			group["matcher"] = p.matcher
		}
		list, _ := hooks[p.event].([]any)
		hooks[p.event] = append(list, group)
	}
	return hooks
}

// throughSettings is settings.json holding only hookexec entries, one per
// event the policies use.
func throughSettings(bin string, policies []policy) map[string]any {
	hooks := map[string]any{}
	for _, p := range policies {
		if _, ok := hooks[p.event]; !ok {
			hooks[p.event] = []any{map[string]any{"hooks": []any{hookexecHook(bin, p.event)}}}
		}
	}
	return map[string]any{"hooks": hooks}
}

// setUp runs what the README tells a new user to run in a project:
// hookexec init --yes, hookexec install qwen --project, and hookexec
// doctor, which must pass.
func setUp(t *testing.T, env e2eEnv, project, home string) {
	t.Helper()
	for _, args := range [][]string{{"init", "--yes"}, {"install", "qwen", "--project"}, {"doctor"}} {
		cmd := exec.Command(env.bin, args...)
		cmd.Dir = project
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8"}
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "hookexec %s:\n%s", strings.Join(args, " "), out)
	}
}

// policiesRan lists the policies that ran, and the fields of the events
// they got.
func policiesRan(project string) (names, input string) {
	entries, err := os.ReadDir(filepath.Join(project, ranDir))
	if err != nil || len(entries) == 0 {
		return "none", "none"
	}
	var ran, inputs []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		name := strings.TrimSuffix(e.Name(), ".json")
		ran = append(ran, name)
		b, _ := os.ReadFile(filepath.Join(project, ranDir, e.Name()))
		var ev map[string]any
		if json.Unmarshal(b, &ev) != nil {
			inputs = append(inputs, fmt.Sprintf("%s: not JSON: %q", name, b))
			continue
		}
		delete(ev, "timestamp")
		inputs = append(inputs, fmt.Sprintf("%s: %v keys=%s", name, ev["hook_event_name"], strings.Join(slices.Sorted(maps.Keys(ev)), ",")))
	}
	return strings.Join(ran, ", "), strings.Join(inputs, " // ")
}

// policyEnv is what the policies recorded of their variables (the first
// policy's: they run alike).
func policyEnv(project string) string {
	files, _ := filepath.Glob(filepath.Join(project, ranDir, "*.env"))
	if len(files) == 0 {
		return "none"
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		return err.Error()
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(string(b), " ", "_")), ", ")
}
