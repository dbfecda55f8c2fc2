//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/setup"
)

// hookexecTimeout is the timeout, in seconds, of the hookexec entry in
// .claude/settings.json: docs/agents/claude.md's recipe.
const hookexecTimeout = 120

// hookexecHook is the Claude Code hook entry that runs hookexec for event,
// as docs/agents.md tells users to move an existing config behind hookexec
// ("Keeping an existing Claude Code or Gemini CLI config"): the hooks moved
// to .claude/hooks.json, settings.json holding only this entry per event.
// The entry carries "onFailure": "block" where hookexec install claude
// writes it (issue 17 §2, setup.Agent.OnFailureApplies): a hookexec that
// is missing, crashes or hangs blocks the action instead of letting it
// through. The one place the recipe lives.
func hookexecHook(bin, eventKey string) map[string]any {
	h := map[string]any{
		"type":    "command",
		"command": shellQuote(bin) + " fire " + eventKey + ` --format claude --config "$CLAUDE_PROJECT_DIR/.claude/hooks.json"`,
		"timeout": hookexecTimeout,
	}
	claude, err := setup.ParseAgent("claude")
	if ev, ok := event.ByKey(eventKey); err == nil && ok && claude.OnFailureApplies(ev) {
		h["onFailure"] = "block"
	}
	return h
}

// policy is one hook of a scenario: a small shell script in
// .claude/policies/, or an http hook the policy server answers, run as the
// agent's own hook or through hookexec.
type policy struct {
	event   string
	matcher string // "" for none
	name    string // file name without .sh; the http policy's URL path
	script  string // the body after "#!/bin/sh"
	timeout int    // seconds; 0 for the default
	ifRule  string // the hook's "if" permission rule; "" for none
	// fields are other Claude hook fields the entry carries as they are
	// ("onFailure", "async").
	fields map[string]any
	// http, when set, makes the policy a hook of type "http": the policy
	// server answers it so.
	http *httpAnswer
}

// ranDir is where each command policy saves the event it got, in
// NAME.json, before its script reads it from there: which policies ran,
// and on what.
const ranDir = "ran"

// policyScript is the file of a command policy: save the event, then run
// the script with the saved event on stdin.
func policyScript(p policy) string {
	saved := `"$CLAUDE_PROJECT_DIR/` + ranDir + "/" + p.name + `.json"`
	return "#!/bin/sh\nmkdir -p \"$CLAUDE_PROJECT_DIR/" + ranDir + "\"\ncat >" + saved + "\nexec <" + saved + "\n" + p.script + "\n"
}

// hooksObject is the policies as a Claude Code "hooks" object; srv answers
// the http policies.
func hooksObject(policies []policy, srv *policyServer) map[string]any {
	hooks := map[string]any{}
	for _, p := range policies {
		h := map[string]any{"type": "command", "command": `"$CLAUDE_PROJECT_DIR"/.claude/policies/` + p.name + ".sh"}
		if p.http != nil {
			h = map[string]any{"type": "http", "url": srv.URL + "/" + p.name,
				"headers": httpHeaders, "allowedEnvVars": httpAllowedEnvVars}
		}
		if p.timeout > 0 {
			h["timeout"] = p.timeout
		}
		if p.ifRule != "" {
			h["if"] = p.ifRule
		}
		for k, v := range p.fields {
			h[k] = v
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

// withoutOnFailure takes onFailure off every hookexec entry of settings
// (throughSettings): what install claude --fail-open writes.
func withoutOnFailure(settings map[string]any) {
	for _, groups := range settings["hooks"].(map[string]any) {
		for _, group := range groups.([]any) {
			for _, h := range group.(map[string]any)["hooks"].([]any) {
				delete(h.(map[string]any), "onFailure")
			}
		}
	}
}

// policiesRan lists the command policies that ran, and the fields of the
// events they got (the last one of each), which both runs share.
func policiesRan(project string) (names, input string) {
	entries, err := os.ReadDir(filepath.Join(project, ranDir))
	if err != nil || len(entries) == 0 {
		return "none", "none"
	}
	var ran, inputs []string
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".json")
		ran = append(ran, name)
		b, _ := os.ReadFile(filepath.Join(project, ranDir, e.Name()))
		var ev map[string]any
		if json.Unmarshal(b, &ev) != nil {
			inputs = append(inputs, fmt.Sprintf("%s: not JSON: %q", name, b))
			continue
		}
		inputs = append(inputs, fmt.Sprintf("%s: %v keys=%s", name, ev["hook_event_name"], eventKeys(ev)))
	}
	return strings.Join(ran, ", "), strings.Join(inputs, " // ")
}

// eventKeys is the fields of an event a hook got, in order, but timestamp:
// hookexec fills that in where Claude sends none (SPEC §3, docs/fire.md says
// so).
func eventKeys(ev map[string]any) string {
	delete(ev, "timestamp")
	return strings.Join(slices.Sorted(maps.Keys(ev)), ",")
}
