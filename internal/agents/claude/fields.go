package claude

import "github.com/hookexec/hookexec/internal/verdict"

// fieldsOf lists, per Claude event, the hookSpecificOutput fields
// that pass from the merged hooks' answers to --format claude as they are
// (Claude Code 2.1.328's output schema). The decision fields
// (permissionDecision, decision, updatedInput) are rendered from the
// verdict instead, and additionalContext goes by contextEvents.
func fieldsOf(name string) []string {
	switch name {
	case "PostToolUse":
		return []string{"updatedToolOutput", "updatedMCPToolOutput", "classifierContext"}
	case "UserPromptSubmit":
		return []string{"sessionTitle", "suppressOriginalPrompt"}
	case "UserPromptExpansion":
		return []string{"suppressOriginalPrompt"}
	case "SessionStart":
		return []string{"initialUserMessage", "sessionTitle", "watchPaths", "reloadSkills"}
	case "PermissionDenied":
		return []string{"retry"}
	case "CwdChanged":
		return []string{"watchPaths"}
	case "FileChanged":
		return []string{"watchPaths"}
	case "MessageDisplay":
		return []string{"displayContent"}
	case "Elicitation":
		return []string{"action", "content"}
	case "ElicitationResult":
		return []string{"action", "content"}
	}
	return nil
}

// specific is the hookSpecificOutput of Claude event name with the
// pass-through fields of hso that have the type Claude Code requires (a
// value of another type is left out: Claude would reject the whole
// answer). Text that reaches the model is cut to in.MaxMessage.
func specific(name string, hso map[string]any, in verdict.AgentInput) *SpecificOutput {
	s := &SpecificOutput{HookEventName: name}
	if contextEvents(name) {
		s.AdditionalContext = in.Cut(verdict.ContextOf(hso))
	}
	for _, k := range fieldsOf(name) {
		val, ok := hso[k]
		if !ok || val == nil {
			continue
		}
		str, _ := val.(string)
		flag, _ := val.(bool)
		switch k {
		case "updatedToolOutput":
			s.UpdatedToolOutput = val
		case "updatedMCPToolOutput":
			s.UpdatedMCPToolOutput = val
		case "classifierContext":
			s.ClassifierContext = str
		case "sessionTitle":
			s.SessionTitle = str
		case "suppressOriginalPrompt":
			s.SuppressOriginalPrompt = flag
		case "initialUserMessage":
			s.InitialUserMessage = in.Cut(str)
		case "reloadSkills":
			s.ReloadSkills = flag
		case "watchPaths":
			s.WatchPaths = stringList(val)
		case "retry":
			s.Retry = flag
		case "displayContent":
			s.DisplayContent = str
		case "action":
			if verdict.ActionRank(str) > 0 {
				s.Action = str
			}
		case "content":
			s.Content, _ = val.(map[string]any)
		}
	}
	return s
}

// stringList is val's strings when val is an array of strings only, else
// nil.
func stringList(val any) []string {
	items, ok := val.([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		s, ok := it.(string)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}
