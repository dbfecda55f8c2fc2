package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// The answers of Probe when no server of the user's answers.
var (
	// ErrNotRunning: nothing listens at the address.
	ErrNotRunning = errors.New("no server listens")
	// ErrNotOurs: something listens and answers, but it cannot prove it
	// holds the user's token: another user's server, another program, or
	// a server that does not answer as hookexec should. The token is
	// never sent to it.
	ErrNotOurs = errors.New("something that is not this user's hookexec serve holds the address")
)

// Info is what a server of the user's says of itself at GET /v1/health.
type Info struct {
	Version string
	PID     int
}

// Bounds of the client: a server on loopback answers health in well
// under a millisecond; one that takes longer is not one to trust.
const (
	probeTimeout    = time.Second
	shutdownTimeout = 5 * time.Second
	maxHealthBody   = 4 << 10
	nonceLen        = 16
)

// health is the JSON of GET /v1/health.
type health struct {
	Hookexec *string `json:"hookexec"`
	PID      int     `json:"pid"`
	Proof    string  `json:"proof"`
}

// Probe asks the server at addr (host:port) whether it is the user's:
// GET /v1/health with a fresh random nonce, whose answer must carry the
// HMAC of the nonce under token (Proof). Probe never sends the token.
// Errors: ErrNotRunning when nothing listens, ErrNotOurs (wrapped with
// what was wrong) when something answers without the proof.
func Probe(ctx context.Context, addr, token string) (Info, error) {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	var raw [nonceLen]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return Info{}, fmt.Errorf("server: making a nonce: %w", err)
	}
	nonce := hex.EncodeToString(raw[:])
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/v1/health?nonce="+nonce, nil)
	if err != nil {
		return Info{}, fmt.Errorf("server: invalid address %q: %w", addr, err)
	}
	resp, err := client().Do(req)
	if err != nil {
		if isDial(err) {
			return Info{}, fmt.Errorf("%w at %s", ErrNotRunning, addr)
		}
		return Info{}, notOurs(addr, "no HTTP answer to GET /v1/health: %v", err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != http.StatusOK {
		return Info{}, notOurs(addr, "GET /v1/health answered %s", resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxHealthBody+1))
	if err != nil {
		return Info{}, notOurs(addr, "reading the answer to GET /v1/health: %v", err)
	}
	if len(body) > maxHealthBody {
		return Info{}, notOurs(addr, "the answer to GET /v1/health is over %d bytes", maxHealthBody)
	}
	var h health
	if err := json.Unmarshal(body, &h); err != nil {
		return Info{}, notOurs(addr, "the answer to GET /v1/health is not JSON: %v", err)
	}
	if h.Hookexec == nil || h.Proof == "" {
		return Info{}, notOurs(addr, "the answer to GET /v1/health is not hookexec's (no version or proof)")
	}
	if !hmac.Equal([]byte(strings.ToLower(h.Proof)), []byte(Proof(token, nonce))) {
		return Info{}, notOurs(addr, "it does not hold this user's token (wrong proof)")
	}
	return Info{Version: *h.Hookexec, PID: h.PID}, nil
}

// Shutdown asks the user's server at addr to shut down gracefully (POST
// /v1/shutdown with the token and the admin token, AdminHeader). The
// tokens are sent only after Probe has found the user's server there;
// Probe's error is returned otherwise.
func Shutdown(ctx context.Context, addr, token, admin string) error {
	if _, err := Probe(ctx, addr, token); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, shutdownTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+addr+"/v1/shutdown", strings.NewReader("{}"))
	if err != nil {
		return fmt.Errorf("server: invalid address %q: %w", addr, err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if admin != "" {
		req.Header.Set(AdminHeader, admin)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client().Do(req)
	if err != nil {
		return fmt.Errorf("server: asking the server at %s to shut down: %w", addr, err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxHealthBody))
	_ = resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("server: the server at %s refused to shut down: %s", addr, resp.Status)
	}
	return nil
}

// client is an HTTP client for the user's own loopback server: no proxy
// (the environment's would see the request), no redirect followed, no
// connection kept.
func client() *http.Client {
	return &http.Client{
		Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// isDial reports whether err is a failure to connect: nothing listens.
func isDial(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

func notOurs(addr, format string, args ...any) error {
	return fmt.Errorf("%w (%s): %s", ErrNotOurs, addr, fmt.Sprintf(format, args...))
}
