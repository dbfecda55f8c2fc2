package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"
)

var (
	errCancelled = errors.New("cancelled by " + TypeCancel)
	errShutdown  = errors.New("cancelled: the server is shutting down")
)

// stream is one message stream: stdin and stdout, or one connection.
type stream struct {
	srv *Server
	out *lineWriter
	wg  sync.WaitGroup

	mu      sync.Mutex
	running map[string]context.CancelCauseFunc // by correlationId
}

// handle acts on one line: starts a request, cancels one, or answers a
// bad message.
func (st *stream) handle(ctx context.Context, l lineRead) {
	if len(bytes.TrimSpace(l.line)) == 0 && !l.tooLong {
		return
	}
	if l.tooLong {
		st.problem(correlationIDIn(l.line), &Error{CodeTooLarge, "message longer than the server reads; it is ignored"})
		return
	}
	p := Parse(l.line)
	switch {
	case p.Problem != nil:
		st.problem(p.CorrelationID, p.Problem)
	case p.Cancel != nil:
		st.mu.Lock()
		cancel := st.running[p.Cancel.CorrelationID]
		st.mu.Unlock()
		if cancel != nil { // else done already, or never seen: nothing to do
			cancel(errCancelled)
		}
	case p.Request != nil:
		st.start(ctx, p.Request)
	}
}

// start runs req in its own goroutine.
func (st *stream) start(ctx context.Context, req *Request) {
	id := req.CorrelationID
	ctx, cancel := context.WithCancelCause(ctx)
	st.mu.Lock()
	_, dup := st.running[id]
	if !dup {
		st.running[id] = cancel
	}
	st.mu.Unlock()
	if dup {
		cancel(nil)
		st.problem(id, &Error{CodeBadRequest, "correlationId " + id + " is already in flight"})
		return
	}
	st.wg.Add(1)
	go func() {
		defer st.wg.Done()
		resp, o := st.srv.fire(ctx, req)
		st.mu.Lock()
		delete(st.running, id)
		st.mu.Unlock()
		cancel(nil)
		st.out.write(TypeResponse, resp)
		st.srv.record(o)
	}()
}

// problem answers a bad message: a failed response when its correlationId
// is known, else a protocol error.
func (st *stream) problem(id string, e *Error) {
	if id != "" {
		st.out.write(TypeResponse, Response{CorrelationID: id, Error: e})
		return
	}
	st.out.write(TypeProtocolError, struct {
		Error *Error `json:"error"`
	}{e})
}

// lineWriter writes whole message lines, one at a time. After a failed
// write it writes nothing more and calls failed once.
type lineWriter struct {
	w      io.Writer
	failed func()

	mu   sync.Mutex
	werr error
}

func (lw *lineWriter) write(typ string, payload any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(envelopeOut{typ, payload}); err != nil {
		// Only an output that cannot be encoded gets here.
		buf.Reset()
		_ = enc.Encode(envelopeOut{TypeProtocolError, map[string]any{"error": Error{CodeInternal, err.Error()}}})
	}
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.werr != nil {
		return
	}
	if _, err := lw.w.Write(buf.Bytes()); err != nil {
		lw.werr = err
		if lw.failed != nil {
			lw.failed()
		}
	}
}

func (lw *lineWriter) err() error {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.werr != nil {
		return errors.New("server: writing a response: " + lw.werr.Error())
	}
	return nil
}

type envelopeOut struct {
	Type    string `json:"type"`
	Payload any    `json:"payload"`
}
