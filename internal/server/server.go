package server

import (
	"context"
	"errors"
	"io"
	"sync"

	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
)

// DefaultMaxEvents is the default bound on events running at once.
const DefaultMaxEvents = 16

// DefaultMaxLine is the longest line read: the largest event input fire
// accepts and room for the envelope.
const DefaultMaxLine = event.MaxInputSize + 1<<20

// Options are what every event of the server shares: fire's settings.
type Options struct {
	// Request is what each event's engine.Request starts from: fire's
	// config flags (--config, --dialect, --project-dir, with a Cache so
	// that configs are loaded again only when their files change), the
	// environment, --format and the run flags, the flags' warnings. Each
	// request sets Event and Input, and Format when it names one.
	Request engine.Request
	// Engine is the engine each event runs in.
	Engine engine.Engine
	// MaxMessage is --max-message.
	MaxMessage int
	// MaxEvents bounds the events running at once across all streams
	// (default DefaultMaxEvents); MaxLine the length of a line (default
	// DefaultMaxLine).
	MaxEvents int
	MaxLine   int
	Log       zerolog.Logger
}

// Server answers hook execution requests on one or more message streams.
type Server struct {
	opts  Options
	slots chan struct{} // one per event running
	// sessionFree is the server's environment without any agent
	// session's variables, for the HTTP requests (httpenv.go).
	sessionFree func() sessionFree
}

// New returns a server with opts.
func New(opts Options) *Server {
	if opts.MaxEvents <= 0 {
		opts.MaxEvents = DefaultMaxEvents
	}
	if opts.MaxLine <= 0 {
		opts.MaxLine = DefaultMaxLine
	}
	environ := opts.Request.Environ
	if environ == nil {
		environ = opts.Engine.Environ
	}
	return &Server{opts: opts, slots: make(chan struct{}, opts.MaxEvents), sessionFree: sync.OnceValue(func() sessionFree {
		return newSessionFree(opts.Request.Getenv, environ)
	})}
}

// Serve reads messages from r and writes the responses to w until r ends
// or ctx is cancelled. At the end of r it waits for the events running and
// writes their responses; when ctx is cancelled it cancels them (their
// hooks get SIGTERM, then SIGKILL after the kill grace), writes their
// cancelled responses and returns. It returns nil then, or the error of
// reading r or writing w (a writer that failed cancels every event).
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	st := &stream{srv: s, out: &lineWriter{w: w}, running: make(map[string]context.CancelCauseFunc)}
	st.out.failed = func() { cancel(errShutdown) }
	lines := make(chan lineRead)
	go st.read(ctx, newLineReader(r, s.opts.MaxLine), lines)
	var rerr error
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case l, ok := <-lines:
			if !ok {
				break loop
			}
			if l.err != nil {
				if !errors.Is(l.err, io.EOF) {
					rerr = l.err
				}
				break loop
			}
			st.handle(ctx, l)
		}
	}
	st.wg.Wait()
	return errors.Join(rerr, st.out.err())
}

// lineRead is one line read, or the error that ended the input.
type lineRead struct {
	line    []byte
	tooLong bool
	err     error
}

// read sends the lines of lr on out until an error, which it sends last.
func (st *stream) read(ctx context.Context, lr *lineReader, out chan<- lineRead) {
	for {
		line, tooLong, err := lr.next()
		select {
		case out <- lineRead{line, tooLong, err}:
		case <-ctx.Done():
			return
		}
		if err != nil {
			return
		}
	}
}
