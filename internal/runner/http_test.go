package runner

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// postSpec is an http spec of body to url.
func postSpec(url string, timeout time.Duration, headers ...HeaderField) Spec {
	return Spec{HTTP: &HTTPRequest{URL: url, Header: headers}, Stdin: []byte(`{"tool_name":"Bash"}` + "\n"), Timeout: timeout}
}

func TestPostAnswers(t *testing.T) {
	t.Parallel()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, `{"decision":"allow"}`)
	}))
	t.Cleanup(other.Close)
	tests := []struct {
		name    string
		handler http.HandlerFunc
		status  int
		body    string
	}{
		{"2xx empty", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }, 204, ""},
		{"2xx json deny", func(w http.ResponseWriter, _ *http.Request) {
			_, _ = io.WriteString(w, `{"decision":"block","reason":"no"}`)
		}, 200, `{"decision":"block","reason":"no"}`},
		{"2xx text", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") }, 200, "ok"},
		{"500", func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "boom", http.StatusInternalServerError) }, 500, "boom\n"},
		{"redirect to another host is not followed", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL, http.StatusFound)
		}, 302, ""},
		{"redirect to the same host is not followed either", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/moved" {
				_, _ = io.WriteString(w, `{"decision":"allow"}`)
				return
			}
			http.Redirect(w, r, "/moved", http.StatusTemporaryRedirect)
		}, 307, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(tt.handler)
			t.Cleanup(srv.Close)
			res := New(Options{}).Run(context.Background(), postSpec(srv.URL, 5*time.Second))
			require.Equal(t, Exited, res.Status, "err: %v", res.Err)
			assert.Equal(t, tt.status, res.HTTPStatus)
			assert.Equal(t, -1, res.ExitCode)
			if tt.status/100 == 3 {
				assert.NotContains(t, string(res.Stdout), "allow", "the redirect was followed")
			} else {
				assert.Equal(t, tt.body, string(res.Stdout))
			}
			assert.True(t, res.Started)
		})
	}
}

func TestPostSendsTheEventAndHeaders(t *testing.T) {
	t.Parallel()
	type seen struct {
		method, ctype, auth, host string
		body                      []byte
	}
	got := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- seen{r.Method, r.Header.Get("Content-Type"), r.Header.Get("Authorization"), r.Host, b}
	}))
	t.Cleanup(srv.Close)
	spec := postSpec(srv.URL+"/hook", 5*time.Second, HeaderField{"Authorization", "Bearer t0k"}, HeaderField{"Host", "policy.example"})
	res := New(Options{}).Run(context.Background(), spec)
	require.Equal(t, Exited, res.Status, "err: %v", res.Err)
	s := <-got
	assert.Equal(t, http.MethodPost, s.method)
	assert.Equal(t, "application/json", s.ctype)
	assert.Equal(t, "Bearer t0k", s.auth)
	assert.Equal(t, "policy.example", s.host)
	assert.Equal(t, spec.Stdin, s.body, "the body is exactly what a command hook reads on stdin")
}

func TestPostTimeout(t *testing.T) {
	t.Parallel()
	srv := hangingServer(t, make(chan struct{}))
	start := time.Now()
	res := New(Options{}).Run(context.Background(), postSpec(srv.URL, 200*time.Millisecond))
	assert.Equal(t, TimedOut, res.Status, "err: %v", res.Err)
	assert.Less(t, time.Since(start), 3*time.Second)
}

func TestPostCancelled(t *testing.T) {
	t.Parallel()
	arrived := make(chan struct{})
	srv := hangingServer(t, arrived)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-arrived; cancel() }()
	res := New(Options{}).Run(ctx, postSpec(srv.URL, time.Minute))
	assert.Equal(t, Cancelled, res.Status)
}

func TestPostKillAll(t *testing.T) {
	t.Parallel()
	arrived := make(chan struct{})
	srv := hangingServer(t, arrived)
	r := New(Options{})
	go func() { <-arrived; r.KillAll() }()
	res := r.Run(context.Background(), postSpec(srv.URL, time.Minute))
	assert.Equal(t, Cancelled, res.Status)
}

func TestPostBodyCap(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, strings.Repeat("x", 10000))
	}))
	t.Cleanup(srv.Close)
	res := New(Options{MaxOutput: 1000}).Run(context.Background(), postSpec(srv.URL, 5*time.Second))
	require.Equal(t, Exited, res.Status, "err: %v", res.Err)
	assert.Len(t, res.Stdout, 1000)
	assert.True(t, res.StdoutTruncated)
	assert.Equal(t, int64(9000), res.StdoutDropped)
}

func TestPostConnectionRefused(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	res := New(Options{}).Run(context.Background(), postSpec("http://"+addr+"/", 5*time.Second))
	assert.Equal(t, RequestFailed, res.Status)
	require.Error(t, res.Err)
	assert.Contains(t, res.Err.Error(), "refused")
	assert.Equal(t, 0, res.HTTPStatus)
}

func TestPostNotStartedAfterCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(Options{}).Run(ctx, postSpec("http://127.0.0.1:1/", time.Second))
	assert.Equal(t, Cancelled, res.Status)
	assert.False(t, res.Started)
}

// hangingServer answers no request until the test ends; it closes arrived
// when the first request came in.
func hangingServer(t *testing.T, arrived chan struct{}) *httptest.Server {
	release := make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body) // then the server notices the client leave
		once.Do(func() { close(arrived) })
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	return srv
}
