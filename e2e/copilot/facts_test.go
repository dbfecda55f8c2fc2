//go:build e2e && unix

package copilot

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hookexec/hookexec/e2e/compare"
)

// shellID is the shell session's number in a tool result, and elapsed a
// time in a message: both differ from run to run.
var (
	shellID = regexp.MustCompile(`<shellId: \d+`)
	elapsed = regexp.MustCompile(`after [0-9.]+m?s\b`)
)

// observe is what Copilot did in one run, in words both runs share.
func observe(sc scenario, res runResult) compare.Facts {
	paths := strings.NewReplacer(res.project, "$PROJECT", res.home, "$HOME", res.base, "$RUN")
	norm := func(s string) string {
		s = shellID.ReplaceAllString(paths.Replace(strings.TrimSpace(s)), "<shellId: N")
		return elapsed.ReplaceAllString(s, "after Ns")
	}
	f := compare.Facts{
		"tool ran":       yesNo(exists(res.project, "marker")),
		"rewritten ran":  yesNo(exists(res.project, "rewritten")),
		"exit":           fmt.Sprint(res.exit),
		"model requests": fmt.Sprint(len(res.main)),
		"policies ran":   policiesRan(res.project),
	}
	if res.err != nil {
		f["run error"] = res.err.Error()
	}
	// What the model got back for the tool call: the tool result of the
	// request after it.
	seen := "-"
	if len(res.main) > 1 {
		if results := res.main[1].ToolResults(); len(results) > 0 {
			seen = norm(results[0])
		}
	}
	f["model saw"] = seen
	if sc.token != "" {
		reached := false
		for _, r := range res.main {
			for _, m := range r.Messages {
				if m.Role != "tool" && strings.Contains(m.Text, sc.token) {
					reached = true
				}
			}
		}
		f["token in a prompt"] = yesNo(reached)
	}
	var warnings []string
	for _, ev := range res.events {
		if ev["type"] != "session.warning" && ev["type"] != "session.error" {
			continue
		}
		data, _ := ev["data"].(map[string]any)
		warnings = append(warnings, fmt.Sprintf("%v: %s", data["warningType"], norm(fmt.Sprint(data["message"]))))
	}
	f["warnings"] = list(warnings)
	if len(res.leftover) > 0 {
		f["left behind"] = fmt.Sprint(len(res.leftover), " processes")
	}
	return f
}

// policiesRan lists the policies that ran (each saved the event it got).
func policiesRan(project string) string {
	entries, err := os.ReadDir(filepath.Join(project, ranDir))
	if err != nil {
		return "none"
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".json"); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return list(names)
}

func exists(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name))
	return err == nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func list(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(compare.Unique(items), ", ")
}
