package server

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const clientToken = "5eb1a0c3d2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a2b4c6d8e0f2a4b6c8d0e2f4a6"

// fakeServer answers GET /v1/health and POST /v1/shutdown as the user's
// server does (the HTTP side is serve's; this is the client's view of it),
// and records every Authorization header it receives.
type fakeServer struct {
	token, version string
	pid            int
	mu             sync.Mutex
	auths          []string
	shutdowns      atomic.Int32
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	if a := r.Header.Get("Authorization"); a != "" {
		f.auths = append(f.auths, a)
	}
	f.mu.Unlock()
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/v1/health":
		nonce := r.URL.Query().Get("nonce")
		_ = json.NewEncoder(w).Encode(map[string]any{"hookexec": f.version, "pid": f.pid, "proof": Proof(f.token, nonce)})
	case r.Method == http.MethodPost && r.URL.Path == "/v1/shutdown":
		if r.Header.Get("Authorization") != "Bearer "+f.token {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		f.shutdowns.Add(1)
		_, _ = w.Write([]byte("{}"))
	default:
		http.NotFound(w, r)
	}
}

func (f *fakeServer) received() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.auths...)
}

// squatter is a program at the user's port that is not the user's
// server: answer writes what it says to any request. It records the
// Authorization headers it receives, which must stay empty.
type squatter struct {
	answer func(w http.ResponseWriter, r *http.Request)
	auths  atomic.Int32
	hits   atomic.Int32
}

func (s *squatter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.hits.Add(1)
	if r.Header.Get("Authorization") != "" || strings.Contains(r.URL.RawQuery, clientToken) {
		s.auths.Add(1)
	}
	s.answer(w, r)
}

func start(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://")
}

// freeAddr is a loopback address nothing listens on.
func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return addr
}

func TestProbeOurs(t *testing.T) {
	t.Parallel()
	f := &fakeServer{token: clientToken, version: "1.2.3", pid: 4242}
	addr := start(t, f)
	info, err := Probe(context.Background(), addr, clientToken)
	require.NoError(t, err)
	assert.Equal(t, Info{Version: "1.2.3", PID: 4242}, info)
	assert.Empty(t, f.received(), "Probe sends no token, even to the user's server")

	// The same server under another user's token does not prove itself.
	_, err = Probe(context.Background(), addr, strings.Repeat("ab", 32))
	require.ErrorIs(t, err, ErrNotOurs)
	assert.Contains(t, err.Error(), "wrong proof")
}

func TestProbeNotRunning(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	_, err := Probe(context.Background(), addr, clientToken)
	require.ErrorIs(t, err, ErrNotRunning)
	assert.NotErrorIs(t, err, ErrNotOurs)
	assert.Contains(t, err.Error(), addr)
	require.ErrorIs(t, Shutdown(context.Background(), addr, clientToken, ""), ErrNotRunning)
}

// Programs at the port that are not the user's server are told apart
// from it, and never receive the token: neither from Probe nor from
// Shutdown, which gives up at the failed probe.
func TestProbeSquatters(t *testing.T) {
	t.Parallel()
	for name, answer := range map[string]func(w http.ResponseWriter, r *http.Request){
		"echo": func(w http.ResponseWriter, r *http.Request) {
			// Says back what it was sent, the nonce as the proof.
			nonce := r.URL.Query().Get("nonce")
			_ = json.NewEncoder(w).Encode(map[string]any{"hookexec": "1.2.3", "pid": 1, "proof": nonce, "auth": r.Header.Get("Authorization")})
		},
		"empty object": func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("{}")) },
		"not json":     func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("<html>hello</html>")) },
		"error status": func(w http.ResponseWriter, r *http.Request) { http.Error(w, "no", http.StatusForbidden) },
		"redirect": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://example.invalid/", http.StatusFound)
		},
		"huge": func(w http.ResponseWriter, r *http.Request) {
			_, _ = w.Write([]byte(`{"hookexec":"` + strings.Repeat("x", 1<<20) + `"}`))
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := &squatter{answer: answer}
			addr := start(t, s)
			_, err := Probe(context.Background(), addr, clientToken)
			require.ErrorIs(t, err, ErrNotOurs)
			assert.NotErrorIs(t, err, ErrNotRunning)
			require.ErrorIs(t, Shutdown(context.Background(), addr, clientToken, ""), ErrNotOurs)
			assert.NotZero(t, s.hits.Load(), "the squatter was asked")
			assert.Zero(t, s.auths.Load(), "the squatter received the token")
		})
	}
}

// A listener that accepts and says nothing is not the user's server
// either: Probe gives up within its bound.
func TestProbeSilentListener(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { _ = c.Close() })
		}
	}()
	_, err = Probe(context.Background(), l.Addr().String(), clientToken)
	require.ErrorIs(t, err, ErrNotOurs)
}

func TestShutdownOurs(t *testing.T) {
	t.Parallel()
	f := &fakeServer{token: clientToken, version: "1.0.0", pid: 7}
	addr := start(t, f)
	require.NoError(t, Shutdown(context.Background(), addr, clientToken, ""))
	assert.Equal(t, int32(1), f.shutdowns.Load())
	assert.Equal(t, []string{"Bearer " + clientToken}, f.received(), "the token goes to the proven server, once")
}
