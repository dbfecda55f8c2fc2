//go:build e2e && unix

package gemini

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hookexec/hookexec/e2e/compare"
)

// driverOutput is the part of driver.mjs's answer the facts are made of.
type driverOutput struct {
	DriverError string         `json:"driverError"`
	ElapsedMS   int64          `json:"elapsedMs"`
	CLI         map[string]any `json:"cli"`
	Final       *struct {
		SystemMessage     any  `json:"systemMessage"`
		SuppressOutput    any  `json:"suppressOutput"`
		AdditionalContext any  `json:"additionalContext"`
		StopExecution     bool `json:"shouldStopExecution"`
	} `json:"finalOutput"`
	Feedback []struct {
		Severity string `json:"severity"`
		Message  string `json:"message"`
	} `json:"feedback"`
	SystemMessages []struct {
		Message string `json:"message"`
	} `json:"systemMessages"`
}

var failedHooks = regexp.MustCompile(`^Hook\(s\) \[.*\] failed for event (\w+)\.`)

// facts is what Gemini did, in words both runs share.
func facts(s scenario, out driverOutput, project string, paths *strings.Replacer) compare.Facts {
	norm := func(v any) string { return normalize(v, paths) }
	f := compare.Facts{
		"outcome": norm(out.CLI["outcome"]),
	}
	switch s.event {
	case "BeforeTool":
		f["reason"] = norm(out.CLI["error"])
		f["tool_input"] = norm(out.CLI["toolInput"])
		f["asks with"] = norm(out.CLI["hookSystemMessage"])
	case "AfterTool":
		f["model sees"] = norm(out.CLI["llmContent"])
	case "BeforeAgent":
		f["reason"] = norm(out.CLI["reason"])
		f["model sees"] = norm(out.CLI["modelSees"])
	case "AfterAgent":
		f["reason"] = norm(out.CLI["reason"])
		f["next prompt"] = norm(out.CLI["nextPrompt"])
	case "SessionStart":
		f["reason"] = norm(out.CLI["reason"])
	case "BeforeModel":
		f["reason"] = norm(out.CLI["reason"])
		f["llm request"] = norm(map[string]any{"model": out.CLI["model"], "config": out.CLI["config"], "contents": out.CLI["contents"]})
	case "BeforeToolSelection":
		f["tool config"] = norm(out.CLI["toolConfig"])
	}
	if out.Final != nil {
		f["systemMessage"] = norm(out.Final.SystemMessage)
		f["context"] = norm(out.Final.AdditionalContext)
		f["suppressOutput"] = fmt.Sprint(truthy(out.Final.SuppressOutput))
		f["stop execution"] = fmt.Sprint(out.Final.StopExecution)
	} else {
		f["systemMessage"], f["context"], f["suppressOutput"], f["stop execution"] = "-", "-", "false", "false"
	}
	var shown []string
	for _, m := range out.SystemMessages {
		shown = append(shown, norm(m.Message))
	}
	f["messages shown"] = list(shown)
	var warnings []string
	for _, fb := range out.Feedback {
		if m := failedHooks.FindStringSubmatch(fb.Message); m != nil {
			warnings = append(warnings, "hook failed on "+m[1])
		} else {
			warnings = append(warnings, fb.Severity+": "+norm(fb.Message))
		}
	}
	f["warnings"] = list(warnings)
	ran, _ := os.ReadFile(filepath.Join(project, "ran.log"))
	names := strings.Fields(string(ran))
	sort.Strings(names)
	f["policies ran"] = list(names)
	outs, _ := filepath.Glob(filepath.Join(project, "*.out"))
	for _, o := range outs {
		data, _ := os.ReadFile(o)
		f[filepath.Base(o)] = paths.Replace(strings.Join(strings.Fields(strings.ReplaceAll(string(data), "\n", " ; ")), " "))
	}
	if s.timing {
		f["gave up"] = waited(out.ElapsedMS)
	}
	return f
}

// waited names how long Gemini waited for the event's hooks. The timing
// scenarios use a 2 s hook timeout, hookexec's kill grace is 1 s under
// --format gemini, and their policies (or what they leave behind) run for
// 12 s or more: the cases are seconds apart.
func waited(ms int64) string {
	switch {
	case ms < 5000:
		return "at the hook timeout (< 5 s)"
	case ms < 10000:
		return "after the timeout and a kill grace (5-10 s)"
	default:
		return "when the policy ended by itself (>= 10 s)"
	}
}

func list(xs []string) string {
	if len(xs) == 0 {
		return "-"
	}
	return strings.Join(xs, " | ")
}

func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case float64:
		return v != 0
	default:
		return true
	}
}

// normalize turns a value into a short, machine-independent string: JSON
// for structures, the project directory, HOME and the scratch root as
// <project>, <home> and <tmp>, durations as <duration>, long texts as their
// size and markers.
func normalize(v any, paths *strings.Replacer) string {
	var s string
	switch v := v.(type) {
	case nil:
		return "-"
	case string:
		s = strings.TrimSpace(v)
	default:
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Sprintf("%v", v)
		}
		s = string(data)
	}
	if s == "" {
		return "-"
	}
	s = paths.Replace(s)
	s = durations.ReplaceAllString(s, "<duration>")
	if len(s) > 300 {
		marks := markers.FindAllString(s, -1)
		return fmt.Sprintf("%d bytes: %s… markers %v", len(s), s[:60], compare.Unique(marks))
	}
	return s
}

// durations are the times hookexec reports ("killed after 2.056s").
var durations = regexp.MustCompile(`\b\d+(\.\d+)?(ms|s)\b`)

// markers are the policies' words (R-DENY, C-START, ...).
var markers = regexp.MustCompile(`\b[RSCWM]-[A-Z0-9]+\b`)
