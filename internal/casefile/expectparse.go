package casefile

import "fmt"

var decisions = []string{"", "allow", "ask", "deny"}

// expect reads the "expect" object.
func (r *reader) expect(n node) (Expect, error) {
	members, err := r.members(n, "expect")
	if err != nil {
		return Expect{}, err
	}
	var e Expect
	for _, m := range members {
		v := m.val
		switch m.key {
		case "blocked":
			e.Blocked, err = boolPtr(r.boolean(v, "expect.blocked"))
		case "continue":
			e.Continue, err = boolPtr(r.boolean(v, "expect.continue"))
		case "decision":
			e.Decision, err = r.decision(v, "expect.decision")
		case "exitCode":
			var code int
			if code, err = r.integer(v, "expect.exitCode"); err == nil && (code < 0 || code > 2) {
				err = r.errorf(v.off, "expect.exitCode must be 0 (proceed), 1 (config or input error) or 2 (blocked), got %d", code)
			}
			e.ExitCode = &code
		case "reasonContains":
			e.ReasonContains, err = r.substrings(v, "expect.reasonContains")
		case "stopReasonContains":
			e.StopReasonContains, err = r.substrings(v, "expect.stopReasonContains")
		case "systemMessageContains":
			e.SystemMessageContains, err = r.substrings(v, "expect.systemMessageContains")
		case "additionalContextContains":
			e.AdditionalContextContains, err = r.substrings(v, "expect.additionalContextContains")
		case "errorContains":
			e.ErrorContains, err = r.substrings(v, "expect.errorContains")
		case "hookCount":
			var count int
			if count, err = r.integer(v, "expect.hookCount"); err == nil && count < 0 {
				err = r.errorf(v.off, "expect.hookCount must not be negative")
			}
			e.HookCount = &count
		case "hooks":
			e.Hooks, err = r.hookExpects(v)
		default:
			err = r.unknown(m, "expect", expectFields)
		}
		if err != nil {
			return Expect{}, err
		}
	}
	return e, nil
}

func (r *reader) hookExpects(n node) ([]HookExpect, error) {
	els, err := r.elements(n, "expect.hooks")
	if err != nil {
		return nil, err
	}
	out := make([]HookExpect, 0, len(els))
	for i, el := range els {
		what := fmt.Sprintf("expect.hooks[%d]", i)
		members, err := r.members(el, what)
		if err != nil {
			return nil, err
		}
		h := HookExpect{Index: i, Pos: r.pos(el.off)}
		for _, m := range members {
			v := m.val
			switch m.key {
			case "name":
				h.Name, err = r.str(v, what+".name")
			case "outcome":
				var s string
				if s, err = r.str(v, what+".outcome"); err == nil {
					err = r.oneOf(v, what+".outcome", s, outcomeNames())
				}
				h.Outcome = &s
			case "exitCode":
				var code int
				code, err = r.integer(v, what+".exitCode")
				h.ExitCode = &code
			case "decision":
				h.Decision, err = r.decision(v, what+".decision")
			case "stdoutContains":
				h.StdoutContains, err = r.substrings(v, what+".stdoutContains")
			case "stderrContains":
				h.StderrContains, err = r.substrings(v, what+".stderrContains")
			default:
				err = r.unknown(m, what, hookFields)
			}
			if err != nil {
				return nil, err
			}
		}
		out = append(out, h)
	}
	return out, nil
}

func (r *reader) decision(n node, what string) (*string, error) {
	s, err := r.str(n, what)
	if err == nil {
		err = r.oneOf(n, what, s, decisions)
	}
	return &s, err
}

func boolPtr(b bool, err error) (*bool, error) { return &b, err }

func outcomeNames() []string {
	out := make([]string, len(outcomes))
	for i, o := range outcomes {
		out[i] = string(o)
	}
	return out
}
