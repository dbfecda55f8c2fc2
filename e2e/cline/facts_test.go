//go:build e2e && unix

package cline

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/e2e/compare"
)

// observe names what a run did: whether the tool ran (ran.txt) and what it
// wrote, how the run ended (run_result's finishReason: completed,
// aborted, ...), and whether the marker a policy put in a reason or a
// context reached the model.
func observe(_ scenario, res runResult) compare.Facts {
	f := compare.Facts{"tool ran": "no", "run": "no result"}
	if b, err := os.ReadFile(filepath.Join(res.project, "ran.txt")); err == nil {
		f["tool ran"] = "yes"
		f["ran.txt"] = strings.TrimSpace(string(b))
	}
	for _, ev := range res.events {
		if ev["type"] == "run_result" {
			if r, ok := ev["finishReason"].(string); ok {
				f["run"] = r
			}
		}
	}
	f["model saw the marker"] = "no"
	if res.model.Saw(marker) {
		f["model saw the marker"] = "yes"
	}
	return f
}
