//go:build e2e && unix

package qwen

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/e2e/compare"
)

// markerRe finds the markers the policies write (R-... reasons, C-...
// contexts, S-... system messages).
var markerRe = regexp.MustCompile(`\b[RCS]-[A-Z][A-Z0-9]*\b`)

func markers(texts ...string) string {
	var found []string
	for _, t := range texts {
		found = append(found, markerRe.FindAllString(t, -1)...)
	}
	slices.Sort(found)
	found = slices.Compact(found)
	if len(found) == 0 {
		return "none"
	}
	return strings.Join(found, ",")
}

// observe is what a run did, as facts both runs of a scenario share.
func observe(res runResult) compare.Facts {
	f := compare.Facts{}
	_, err := os.Stat(filepath.Join(res.project, "ran.txt"))
	f["tool ran"] = yesNo(err == nil)
	f["exit"] = fmt.Sprint(res.exit)
	if res.err != nil {
		f["exit"] = res.err.Error()
	}
	f["result"] = result(res.stream)
	main := res.model.Main()
	f["model calls"] = fmt.Sprint(len(main))
	var seen []string
	toolResult := "none"
	for _, r := range main {
		for _, m := range r.Messages {
			// The system prompt too: Qwen Code puts SessionStart's
			// context there.
			seen = append(seen, m.Text)
		}
	}
	if len(main) > 0 {
		if results := main[len(main)-1].ToolResults(); len(results) > 0 {
			toolResult = normalize(res, firstLine(results[0]))
		}
	}
	f["model saw"] = markers(seen...)
	f["tool result"] = toolResult
	f["markers shown"] = markers(string(res.rawOut), string(res.stderr))
	f["policies ran"], f["policy input"] = policiesRan(res.project)
	f["policy env"] = policyEnv(res.project)
	return f
}

// result is the stream's result event: its subtype, whether it is an
// error, and its text.
func result(stream []map[string]any) string {
	for i := len(stream) - 1; i >= 0; i-- {
		ev := stream[i]
		if ev["type"] != "result" {
			continue
		}
		text, _ := ev["result"].(string)
		if len(text) > 120 {
			text = text[:120] + "…"
		}
		return fmt.Sprintf("%v, is_error=%v, %q", ev["subtype"], ev["is_error"], text)
	}
	return "no result event"
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// normalize takes the run's own directories out of a text.
func normalize(res runResult, s string) string {
	return strings.NewReplacer(res.project, "$PROJECT", res.home, "$HOME").Replace(s)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
