package verdict

import "strings"

// ParseDecision maps a decision value to its canonical form if it is one of
// allowed. "block" means deny and "approve" means allow, where allowed.
func ParseDecision(v any, allowed ...string) (string, bool) {
	s, ok := v.(string)
	if !ok {
		return "", false
	}
	d := strings.ToLower(strings.TrimSpace(s))
	switch d {
	case "block":
		d = "deny"
	case "approve":
		d = "allow"
	}
	for _, a := range allowed {
		if d == a {
			return d, true
		}
	}
	return "", false
}

// ActionRank orders Claude Code's elicitation actions: decline > cancel >
// accept > anything else (a refusal wins, as deny does).
func ActionRank(a any) int {
	switch a {
	case "decline":
		return 3
	case "cancel":
		return 2
	case "accept":
		return 1
	default:
		return 0
	}
}
