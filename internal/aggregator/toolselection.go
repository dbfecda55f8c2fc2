package aggregator

import (
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/verdict"
)

// mergeToolSelection is the tool-selection strategy (BeforeToolSelection):
// only hookSpecificOutput.toolConfig is read. The mode is NONE if any output
// says NONE, else ANY if any says ANY, else AUTO; allowedFunctionNames is the
// sorted, de-duplicated union of all lists, and empty for NONE. Nothing is
// reported unless at least one output has a toolConfig object.
func mergeToolSelection(v *verdict.Verdict, outs []*verdict.Output) {
	seen := false
	none, anyMode := false, false
	var names []string
	for _, o := range outs {
		cfg, ok := o.HookSpecificOutput["toolConfig"].(map[string]any)
		if !ok {
			continue
		}
		seen = true
		if mode, ok := cfg["mode"].(string); ok {
			switch strings.ToUpper(strings.TrimSpace(mode)) {
			case "NONE":
				none = true
			case "ANY":
				anyMode = true
			}
		}
		list, _ := cfg["allowedFunctionNames"].([]any)
		for _, n := range list {
			if s, ok := n.(string); ok {
				names = append(names, s)
			}
		}
	}
	if !seen {
		return
	}
	mode := "AUTO"
	switch {
	case none:
		mode = "NONE"
	case anyMode:
		mode = "ANY"
	}
	allowed := []string{}
	if !none {
		slices.Sort(names)
		allowed = append(allowed, slices.Compact(names)...)
	}
	v.HookSpecificOutput = map[string]any{
		"toolConfig": map[string]any{
			"mode":                 mode,
			"allowedFunctionNames": allowed,
		},
	}
}
