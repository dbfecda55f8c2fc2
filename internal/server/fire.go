package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/notices"
	"github.com/hookexec/hookexec/internal/verdict"
)

// fire runs one request as `hookexec fire` runs one event, through the
// same engine.Request, and answers with what fire would print.
func (s *Server) fire(ctx context.Context, r *Request) Response {
	id := r.CorrelationID
	fail := func(code, msg string) Response {
		return Response{CorrelationID: id, Error: &Error{code, msg}}
	}
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	case <-ctx.Done():
		return fail(CodeCancelled, context.Cause(ctx).Error()+" (before it started)")
	}
	req := s.opts.Request
	if r.Format != "" {
		var err error
		if req.Format, err = agents.ParseFormat(r.Format); err != nil {
			return fail(CodeBadRequest, fmt.Sprintf("invalid format %q (supported: %s)", r.Format, strings.Join(agents.FormatNames(), ", ")))
		}
	}
	fired, unknown, err := agents.ResolveEvent(r.EventName, req.Format)
	if err != nil {
		return fail(CodeUnknownEvent, err.Error())
	}
	ev := fired.Event
	req.Event, req.Name = ev, fired
	if unknown != "" {
		req.Warnings = append([]string{unknown}, req.Warnings...)
	}
	req.Input = func() (*event.Input, error) {
		if len(r.Input) > event.MaxInputSize {
			return nil, fmt.Errorf("input larger than %d MiB", event.MaxInputSize>>20)
		}
		wd, _ := os.Getwd()
		return event.ParseInput(r.Input, time.Now(), wd)
	}
	res := s.opts.Engine.Do(ctx, req)
	if res.Refused != nil { // serve refuses to start nested too deep
		return fail(CodeConfigError, res.Refused.Error())
	}
	if res.Err != nil {
		code := CodeConfigError
		if res.InputErr {
			code = CodeInputError
		}
		resp := fail(code, res.Err.Error())
		if res.Answered {
			// What fire prints for it: in an agent format the agent's
			// JSON with the error in systemMessage (a deny under
			// --fail-closed on an event that can block, issue 17 §2); in
			// the result format the deny under --fail-closed.
			resp.Output, _ = s.render(req.Format, ev, res.Verdict, nil)
		}
		return resp
	}
	resp := Response{CorrelationID: id, Success: true}
	if resp.Output, err = s.render(req.Format, ev, res.Verdict, res.Input); err != nil {
		return fail(CodeInternal, err.Error())
	}
	if ctx.Err() != nil {
		resp.Success, resp.Error = false, &Error{CodeCancelled, context.Cause(ctx).Error()}
	}
	return resp
}

// render is the JSON fire prints for v in format f, compact; nil when fire
// prints nothing (Gemini's BeforeToolSelection with nothing to say, an
// empty WorktreeCreate path). Claude's WorktreeCreate path, which fire
// prints as text, is a JSON string here.
func (s *Server) render(f verdict.Format, ev event.Event, v verdict.Verdict, in *event.Input) (json.RawMessage, error) {
	ai := verdict.AgentInput{ToolInput: verdict.ToolInputOf(in), MaxMessage: s.opts.MaxMessage}
	if getenv := s.opts.Request.Getenv; f != verdict.FormatResult && in != nil && getenv != nil {
		ai.Notices = notices.ForInput(getenv, in) // as fire's
	}
	out := agents.Render(f, ev, v, ai)
	if out == nil || out == verdict.Text("") {
		return nil, nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, fmt.Errorf("server: encoding the output: %w", err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
