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
	"github.com/hookexec/hookexec/internal/audit"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// outcome is one request run as `hookexec fire` runs one event: what fire
// would print and the status it would exit with come from it.
type outcome struct {
	// problem is a request refused before the engine ran (a bad format or
	// event, no free slot before ctx ended); nil when the engine ran.
	problem *Error
	req     engine.Request
	res     engine.Result
	// cancelled is the cause when ctx ended before the event was done.
	cancelled error
}

// requestEnv is the environment of one request when it is not the
// server's own (HTTP: the project directory of the agent's session,
// envFor); the zero value keeps the server's.
type requestEnv struct {
	getenv  func(string) string
	environ []string
	// format is the format the HTTP route named, parsed already; ""
	// takes the request's Format.
	format verdict.Format
}

// fire runs one request as `hookexec fire` runs one event, through the
// same engine.Request, and answers with what fire would print.
func (s *Server) fire(ctx context.Context, r *Request) (Response, outcome) {
	o := s.run(ctx, r, requestEnv{})
	return s.respond(r.CorrelationID, o), o
}

// record appends o to the user's decision log (internal/audit), after its
// answer was sent; a request refused before the engine ran (an unknown
// event, a bad format) has no event to record.
func (s *Server) record(o outcome) {
	if o.problem != nil {
		return
	}
	getenv := s.opts.Request.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	audit.Append(getenv, s.opts.Log, o.req, o.res, audit.ViaServe)
}

// run fires r through the engine, in one of the server's slots.
func (s *Server) run(ctx context.Context, r *Request, env requestEnv) outcome {
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	case <-ctx.Done():
		return outcome{problem: &Error{CodeCancelled, context.Cause(ctx).Error() + " (before it started)"}}
	}
	req := s.opts.Request
	if env.getenv != nil {
		// An HTTP request: one server answers every session, and its
		// working directory is none of theirs.
		req.Getenv, req.Environ, req.CwdOnly = env.getenv, env.environ, true
	}
	switch {
	case env.format != "":
		req.Format = env.format
	case r.Format != "":
		var err error
		if req.Format, err = agents.ParseFormat(r.Format); err != nil {
			return outcome{problem: &Error{CodeBadRequest, fmt.Sprintf("invalid format %q (supported: %s)", r.Format, strings.Join(agents.FormatNames(), ", "))}}
		}
	}
	fired, unknown, err := agents.ResolveEvent(r.EventName, req.Format)
	if err != nil {
		return outcome{problem: &Error{CodeUnknownEvent, err.Error()}}
	}
	req.Event, req.Name = fired.Event, fired
	if unknown != "" {
		req.Warnings = append([]string{unknown}, req.Warnings...)
	}
	req.Input = func() (*event.Input, error) {
		if len(r.Input) > event.MaxInputSize {
			return nil, fmt.Errorf("input larger than %d MiB", event.MaxInputSize>>20)
		}
		return event.ParseInputIn(r.Input, time.Now(), workDir)
	}
	o := outcome{req: req, res: s.opts.Engine.Do(ctx, req)}
	if ctx.Err() != nil {
		o.cancelled = context.Cause(ctx)
	}
	return o
}

// workDir is the server's working directory, the cwd of an event that has
// none.
func workDir() string {
	wd, _ := os.Getwd()
	return wd
}

// respond is the NDJSON response to o.
func (s *Server) respond(id string, o outcome) Response {
	fail := func(code, msg string) Response {
		return Response{CorrelationID: id, Error: &Error{code, msg}}
	}
	res, ev := o.res, o.res.AnswerFor(o.req.Event)
	switch {
	case o.problem != nil:
		return fail(o.problem.Code, o.problem.Message)
	case res.Refused != nil: // serve refuses to start nested too deep
		return fail(CodeConfigError, res.Refused.Error())
	case res.Err != nil:
		code := CodeConfigError
		if res.InputErr {
			code = CodeInputError
		}
		resp := fail(code, res.Err.Error())
		if res.Answered {
			// What fire prints for it: in an agent format the agent's
			// JSON with the error in systemMessage (a deny under
			// --fail-closed on an event that can block); in
			// the result format the deny under --fail-closed.
			resp.Output, _ = s.render(o.req.Format, ev, res.Verdict, o.agentInput(s, nil))
		}
		return resp
	}
	resp := Response{CorrelationID: id, Success: true}
	var err error
	if resp.Output, err = s.render(o.req.Format, ev, res.Verdict, o.agentInput(s, res.Input)); err != nil {
		return fail(CodeInternal, err.Error())
	}
	if o.cancelled != nil {
		resp.Success, resp.Error = false, &Error{CodeCancelled, o.cancelled.Error()}
	}
	return resp
}

// agentInput is what the agent formats read besides the verdict, as fire
// gives it (cmd/hookexec writeVerdict): the tool input, --max-message and
// the notices of the input's session (engine.NoticeLog); in is nil for an
// error's answer, which fire prints without them.
func (o outcome) agentInput(s *Server, in *event.Input) verdict.AgentInput {
	ai := verdict.AgentInput{ToolInput: verdict.ToolInputOf(in), MaxMessage: s.opts.MaxMessage}
	if getenv := o.req.Getenv; getenv != nil {
		project := "" // found again under --project-dir, as fire does
		if o.req.ProjectDir == "" {
			project = o.res.ProjectDir // found with the same getenv and cwd
		}
		ai.Notices = engine.NoticeLogIn(getenv, o.req.Format, in, project)
	}
	return ai
}

// render is the JSON fire prints for v in format f, compact; nil when fire
// prints nothing (Gemini's BeforeToolSelection with nothing to say, an
// empty WorktreeCreate path). Claude's WorktreeCreate path, which fire
// prints as text, is a JSON string here.
func (s *Server) render(f verdict.Format, ev event.Event, v verdict.Verdict, ai verdict.AgentInput) (json.RawMessage, error) {
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
