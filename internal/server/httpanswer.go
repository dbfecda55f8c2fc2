package server

import (
	"bytes"
	"net/http"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// httpAnswer is the HTTP answer to one event: fire's stdout as the body,
// and a status from fire's exit status: 200 for 0 and 2 (a block is in
// the body, where the agents read it), 500 for 1 (a policy failed, a
// config error: the agent's onFailure applies) and for an event cancelled
// by the shutdown.
type httpAnswer struct {
	status      int
	body        []byte
	contentType string
	// problem, when set, is answered as {"error": ...} instead.
	problem *Error
}

// httpAnswer is the answer to o.
func (s *Server) httpAnswer(o outcome) httpAnswer {
	res, f, ev := o.res, o.req.Format, o.res.AnswerFor(o.req.Event)
	switch {
	case o.problem != nil:
		status := http.StatusBadRequest
		if o.problem.Code == CodeCancelled {
			status = http.StatusServiceUnavailable
		}
		return httpAnswer{status: status, problem: o.problem}
	case res.Refused != nil:
		return httpAnswer{status: http.StatusInternalServerError, problem: &Error{CodeConfigError, res.Refused.Error()}}
	case res.Err != nil:
		code := CodeConfigError
		if res.InputErr {
			code = CodeInputError
		}
		if !res.Answered { // fire prints nothing and exits 1
			return httpAnswer{status: http.StatusInternalServerError, problem: &Error{code, res.Err.Error()}}
		}
		a := s.fireOutput(f, ev, res.Verdict, o.agentInput(s, nil))
		if a.problem == nil {
			a.status = statusOf(agents.ErrorStatus(f, res.Verdict.Blocked))
		}
		return a
	}
	v := res.Verdict
	a := s.fireOutput(f, ev, v, o.agentInput(s, res.Input))
	switch {
	case a.problem != nil:
	case o.cancelled != nil:
		a.status = http.StatusInternalServerError
	case agents.BlocksByStatus(f, ev, v, true), agents.Warning(f, ev, v) != "":
		a.status = statusOf(verdict.StatusBlocked)
	case agents.FailedError(f, v) != nil:
		a.status = statusOf(verdict.StatusError)
	default:
		a.status = statusOf(verdict.StatusProceed)
	}
	return a
}

// statusOf is the HTTP status of fire's exit status.
func statusOf(exit int) int {
	if exit == verdict.StatusProceed || exit == verdict.StatusBlocked {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}

// fireOutput is what fire prints for v in format f (agents.Write), as a
// body. One answer differs, since an agent reads it differently over
// HTTP: Claude Code's WorktreeCreate, whose path fire prints as text, is
// read from hookSpecificOutput.worktreePath of an http hook's JSON; and
// its refusal, which fire tells by exiting 2 with nothing printed, is a
// 500 whose body carries the reason (Claude Code fails the creation of a
// worktree when no hook gives a path, and shows a failed hook's answer).
func (s *Server) fireOutput(f verdict.Format, ev event.Event, v verdict.Verdict, ai verdict.AgentInput) httpAnswer {
	out := agents.Render(f, ev, v, ai)
	if text, ok := out.(verdict.Text); ok {
		switch {
		case ev.Plain == event.PlainWorktreePath && v.Blocked:
			return httpAnswer{status: http.StatusInternalServerError, problem: &Error{"blocked", verdict.CutMessage(v.BlockMessage(), s.opts.MaxMessage)}}
		case ev.Plain == event.PlainWorktreePath && text != "":
			out = map[string]any{"hookSpecificOutput": map[string]string{"hookEventName": ev.Name, "worktreePath": string(text)}}
		case text == "":
			return httpAnswer{contentType: "application/json"}
		default:
			return httpAnswer{body: []byte(string(text) + "\n"), contentType: "text/plain; charset=utf-8"}
		}
	}
	if out == nil {
		return httpAnswer{contentType: "application/json"}
	}
	var buf bytes.Buffer
	if err := verdict.WriteJSON(&buf, out); err != nil {
		return httpAnswer{status: http.StatusInternalServerError, problem: &Error{CodeInternal, "encoding the answer: " + err.Error()}}
	}
	return httpAnswer{body: buf.Bytes(), contentType: "application/json"}
}
