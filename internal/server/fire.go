package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/notices"
)

// fire runs one request as `hookexec fire` runs one event, and answers
// with what fire would print.
func (s *Server) fire(ctx context.Context, req *Request) Response {
	id := req.CorrelationID
	fail := func(code, msg string) Response {
		return Response{CorrelationID: id, Error: &Error{code, msg}}
	}
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	case <-ctx.Done():
		return fail(CodeCancelled, context.Cause(ctx).Error()+" (before it started)")
	}
	start := time.Now()
	format := s.opts.Format
	if req.Format != "" {
		var err error
		if format, err = aggregator.ParseFormat(req.Format); err != nil {
			return fail(CodeBadRequest, fmt.Sprintf("invalid format %q (supported: result, claude, gemini)", req.Format))
		}
	}
	ev, unknown, err := aggregator.ResolveEvent(req.EventName, format)
	if err != nil {
		return fail(CodeUnknownEvent, err.Error())
	}
	if len(req.Input) > event.MaxInputSize {
		return s.failClosed(fail(CodeInputError, fmt.Sprintf("input larger than %d MiB", event.MaxInputSize>>20)), ev, format, start)
	}
	wd, _ := os.Getwd()
	in, err := event.ParseInput(req.Input, time.Now(), wd)
	if err != nil {
		return s.failClosed(fail(CodeInputError, err.Error()), ev, format, start)
	}
	cwd, _ := in.String("cwd")
	projectDir, err := dirs.ProjectRoot(s.opts.ProjectDir, s.opts.Getenv, cwd)
	if err != nil {
		return s.failClosed(fail(CodeConfigError, err.Error()), ev, format, start)
	}
	reg, err := s.opts.Loader.Registry(projectDir)
	if err != nil {
		return s.failClosed(fail(CodeConfigError, err.Error()), ev, format, start)
	}
	eng := s.opts.Engine
	eng.ProjectDir = projectDir
	v := eng.Fire(ctx, reg, ev, in, s.opts.Plan)
	v.Warnings = append(slices.Clip(s.opts.Warnings), v.Warnings...)
	if unknown != "" {
		v.Warnings = append([]string{unknown}, v.Warnings...)
	}
	v.DurationMs = millisSince(start)
	resp := Response{CorrelationID: id, Success: true}
	if resp.Output, err = s.render(format, ev, v, in); err != nil {
		return fail(CodeInternal, err.Error())
	}
	if ctx.Err() != nil {
		resp.Success, resp.Error = false, &Error{CodeCancelled, context.Cause(ctx).Error()}
	}
	return resp
}

// failClosed adds to a config or input error's response what fire prints
// for it: in an agent format the agent's JSON with the error in
// systemMessage (a deny under --fail-closed on an event that can block,
// aggregator.ErrorVerdict, issue 17 §2); in the result format the deny
// under --fail-closed, else nothing.
func (s *Server) failClosed(resp Response, ev event.Event, format aggregator.Format, start time.Time) Response {
	v, ok := aggregator.ErrorAnswer(format, ev, errors.New(resp.Error.Message), s.opts.Plan.FailClosed)
	if !ok {
		return resp
	}
	v.DurationMs = millisSince(start)
	resp.Output, _ = s.render(format, ev, v, nil)
	return resp
}

// render is the JSON fire prints for v in format f, compact; nil when fire
// prints nothing (Gemini's BeforeToolSelection with nothing to say, an
// empty WorktreeCreate path). Claude's WorktreeCreate path, which fire
// prints as text, is a JSON string here.
func (s *Server) render(f aggregator.Format, ev event.Event, v aggregator.Verdict, in *event.Input) (json.RawMessage, error) {
	ai := aggregator.AgentInput{ToolInput: aggregator.ToolInputOf(in), MaxMessage: s.opts.MaxMessage}
	if f != aggregator.FormatResult && in != nil && s.opts.Getenv != nil {
		ai.Notices = notices.ForInput(s.opts.Getenv, in) // as fire's
	}
	out := aggregator.Render(f, ev, v, ai)
	if out == nil || out == aggregator.ClaudeText("") {
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

func millisSince(t time.Time) float64 {
	return float64(time.Since(t).Microseconds()) / 1000
}
