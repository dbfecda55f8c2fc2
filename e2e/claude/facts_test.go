//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookexec/hookexec/e2e/compare"
)

// The markers the policies print: a fact about what the model saw names
// them, and nothing Claude adds around them.
var markerRe = regexp.MustCompile(`E2E-[A-Z]+-[a-z0-9]+`)

// policyCmdRe is a policy's command as Claude's own hook (hooksObject).
var policyCmdRe = regexp.MustCompile(`"\$CLAUDE_PROJECT_DIR"/\.claude/policies/[a-z0-9]+\.sh`)

// policyServerRe is the policy server's address, which varies from run to
// run.
var policyServerRe = regexp.MustCompile(`http://127\.0\.0\.1:\d+`)

// durationRe is a duration in a message ("killed after 2.065s"), which
// varies from run to run.
var durationRe = regexp.MustCompile(`\b\d+(\.\d+)?(ms|s)\b`)

// waitLimit splits the timed scenarios, from the start of the policy to
// Claude's next request: Claude went on about when the policy's timeout
// (2 s) ran out, or waited well past it (as it did for hookexec's former
// 5 s kill grace; under --format claude the grace is 1 s).
// Loaded machines add up to 3 s either way.
const waitLimit = 5 * time.Second

// observe is what Claude did in one run, as facts both runs of a scenario
// share: what ran, what the model saw, how the session ended.
func observe(sc scenario, res runResult, env e2eEnv) compare.Facts {
	f := compare.Facts{}
	hookexecCmdRe := regexp.MustCompile(regexp.QuoteMeta(shellQuote(env.bin)) + ` fire [A-Za-z]+ --format claude --config "\$CLAUDE_PROJECT_DIR/\.claude/hooks\.json"`)
	normalize := func(s string) string {
		s = strings.ReplaceAll(s, res.project, "<project>")
		s = strings.ReplaceAll(s, res.home, "<home>")
		s = hookexecCmdRe.ReplaceAllString(s, "<hookexec>")
		s = policyCmdRe.ReplaceAllString(s, "<policy>")
		s = durationRe.ReplaceAllString(s, "<duration>")
		s = policyServerRe.ReplaceAllString(s, "<policy-server>")
		return strings.TrimSpace(s)
	}

	// What ran.
	_, victimErr := os.Stat(filepath.Join(res.project, "victim"))
	_, rewrittenErr := os.Stat(filepath.Join(res.project, "rewritten.txt"))
	switch {
	case victimErr != nil && rewrittenErr == nil:
		f["tool ran"] = "both rm and the rewritten command"
	case victimErr != nil:
		f["tool ran"] = "yes: rm -rf victim/"
	case rewrittenErr == nil:
		f["tool ran"] = "the rewritten command"
	default:
		f["tool ran"] = "no"
	}
	if b, err := os.ReadFile(filepath.Join(res.project, madeFile)); err == nil {
		f["tool ran"] += ", and it made " + madeFile + ": " + strings.TrimSpace(string(b))
	}
	f["policies ran"], f["policy input"] = policiesRan(res.project)
	if len(res.policyHTTP) > 0 || hasHTTP(sc) {
		var reqs []string
		for _, r := range res.policyHTTP {
			reqs = append(reqs, normalize(r.describe()))
		}
		f["http requests"] = orNone(strings.Join(compare.Unique(reqs), " // "))
	}

	var main []apiRequest
	for _, r := range res.requests {
		if r.Main {
			main = append(main, r)
		}
	}
	f["model requests"] = fmt.Sprint(len(main))
	var side []string
	for _, r := range res.requests {
		if !r.Main {
			side = append(side, r.Method+" "+r.Path)
		}
	}
	if len(side) > 0 {
		f["other requests"] = strings.Join(side, ", ")
	}

	// The tool_result of the scripted call, as the next request carried it.
	f["tool_result"] = "none"
	for _, r := range main {
		for _, m := range r.parsed.Messages {
			for _, b := range m.blocks() {
				if b.Type == "tool_result" && strings.HasPrefix(b.ToolUseID, "toolu_e2e_") {
					f["tool_result"] = fmt.Sprintf("is_error=%v", b.IsError)
				}
			}
		}
	}

	// What the model saw of the hooks: every text with a marker or about a
	// hook, where it was, without the command Claude names (framing).
	var saw, framing []string
	seen := map[string]bool{}
	markers := map[string]bool{}
	for _, r := range main {
		for _, m := range r.parsed.Messages {
			for _, b := range m.blocks() {
				text, where := b.Text, m.Role
				switch b.Type {
				case "tool_result":
					text, where = b.text(), "tool_result"
				case "text":
				default:
					continue
				}
				for _, mk := range markerRe.FindAllString(text, -1) {
					markers[mk] = true
				}
				if !markerRe.MatchString(text) && !(len(text) < 500 && strings.Contains(strings.ToLower(text), "hook")) {
					continue
				}
				text = normalize(markerLines(text))
				key := where + ": " + text
				if seen[key] {
					continue
				}
				seen[key] = true
				framing = append(framing, framingOf(text)...)
				saw = append(saw, where+": "+stripCommands(text))
			}
		}
	}
	f["model saw"] = orNone(strings.Join(saw, " // "))

	// The user-side messages of the session's transcript (stream-json) about
	// the hooks: what Claude recorded, whether or not a later request
	// showed it to the model.
	var transcript []string
	for _, ev := range res.stream {
		if ev["type"] != "user" {
			continue
		}
		raw, _ := json.Marshal(ev["message"])
		var m message
		_ = json.Unmarshal(raw, &m)
		for _, b := range m.blocks() {
			text, where := b.Text, "user"
			if b.Type == "tool_result" {
				text, where = b.text(), "tool_result"
			}
			if !markerRe.MatchString(text) && !(len(text) < 500 && strings.Contains(strings.ToLower(text), "hook")) {
				continue
			}
			text = normalize(markerLines(text))
			framing = append(framing, framingOf(text)...)
			transcript = append(transcript, where+": "+stripCommands(text))
		}
	}
	f["transcript"] = orNone(strings.Join(compare.Unique(transcript), " // "))
	f["markers seen by model"] = orNone(strings.Join(slices.Sorted(maps.Keys(markers)), ", "))

	f["framing"] = orNone(strings.Join(compare.Unique(framing), "; "))

	// What Claude reported about the hooks, and how the session ended.
	var hooks, notes []string
	f["session"] = "no result event"
	for _, ev := range res.stream {
		switch ev["type"] {
		case "system":
			switch ev["subtype"] {
			case "hook_response":
				hooks = append(hooks, fmt.Sprintf("%v %v (exit %v)", ev["hook_event"], ev["outcome"], ev["exit_code"]))
			case "init", "hook_started", "hook_progress":
				// hook_progress tells that a hook is still running: when
				// it comes depends on the machine's load, not on what the
				// hooks decided.
			default:
				note := fmt.Sprint(ev["subtype"])
				for _, k := range []string{"key", "level", "tag"} {
					if v, ok := ev[k]; ok {
						note += fmt.Sprintf(" %s=%v", k, v)
					}
				}
				for _, k := range []string{"text", "content", "message"} {
					if v, ok := ev[k]; ok {
						note += ": " + normalize(fmt.Sprint(v))
					}
				}
				notes = append(notes, note)
			}
		case "result":
			f["session"] = fmt.Sprintf("%v, is_error=%v, terminal_reason=%v, stop_reason=%v, result=%q",
				ev["subtype"], ev["is_error"], ev["terminal_reason"], ev["stop_reason"], normalize(fmt.Sprint(ev["result"])))
			if d, ok := ev["permission_denials"].([]any); ok && len(d) > 0 {
				f["permission denials"] = fmt.Sprint(len(d))
			}
		}
	}
	// One hookexec entry stands for several policies, and parallel hooks
	// answer in any order: the set of outcomes is the fact.
	f["hook outcomes"] = orNone(strings.Join(slices.Sorted(slices.Values(compare.Unique(hooks))), ", "))
	f["notifications"] = orNone(strings.Join(notes, " // "))
	if s := normalize(string(res.stderr)); s != "" {
		f["claude stderr"] = s
	}
	f["claude exit"] = "0"
	if res.err != nil {
		f["claude exit"] = normalize(res.err.Error())
	}
	if len(res.leftover) > 0 {
		f["processes left behind"] = "yes"
	}

	if sc.timed {
		f["waited"] = "no tool call answered"
		if start, ok := hookStart(res.project); ok && len(main) > 1 {
			wait := main[1].At.Sub(start)
			if wait < waitLimit {
				f["waited"] = fmt.Sprintf("< %s", waitLimit)
			} else {
				f["waited"] = fmt.Sprintf(">= %s", waitLimit)
			}
		}
	}
	return f
}

// markerLines is the lines of a long text that hold a marker (Claude puts
// context at the start of its long system text), or the text itself.
func markerLines(text string) string {
	if len(text) < 500 {
		return text
	}
	var keep []string
	for _, line := range strings.Split(text, "\n") {
		if markerRe.MatchString(line) {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// hookStart is when the timed scenario's policy started (it writes the
// time first thing).
func hookStart(project string) (time.Time, bool) {
	b, err := os.ReadFile(filepath.Join(project, hookStartFile))
	if err != nil {
		return time.Time{}, false
	}
	ns, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(0, ns), true
}

// framingOf says how a text names the hook's command, if it does.
func framingOf(text string) []string {
	var out []string
	for _, p := range []string{"<policy>", "<hookexec>"} {
		switch {
		case strings.Contains(text, "["+p+"]: "):
			out = append(out, "["+p+"]: reason")
		case strings.Contains(text, p):
			out = append(out, "names "+p)
		}
	}
	return out
}

// stripCommands takes the hook's command out of a text the model saw:
// "[command]: " goes, any other mention becomes <command>.
func stripCommands(text string) string {
	for _, p := range []string{"<policy>", "<hookexec>"} {
		text = strings.ReplaceAll(text, "["+p+"]: ", "")
		text = strings.ReplaceAll(text, p, "<command>")
	}
	return text
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
