//go:build unix

package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The serve-mode floor (docs/benchmarks.md): one event with one
// `true` hook through a long-running server, against the spawn of that hook
// alone by the same runner in the same process; and events per second with
// four cheap hooks each.

const benchInput = `{"session_id":"s","cwd":"/","tool_name":"Bash","tool_input":{"command":"ls"}}`

// benchServer serves a config with hooks hooks on BeforeTool: shell form
// (`bash -c 'true a'`, as the agents run a hook), or exec form (`true`
// itself, no shell) with exec.
func benchServer(b *testing.B, hooks int, exec bool) *Server {
	b.Helper()
	dir := b.TempDir()
	cfg := filepath.Join(dir, "hooks.json")
	list := ""
	for i := range hooks {
		if i > 0 {
			list += ","
		}
		// Distinct commands, so that dedup keeps all of them.
		if exec {
			list += `{"type":"command","command":"true","args":["` + string(rune('a'+i)) + `"]}`
		} else {
			list += `{"type":"command","command":"true ` + string(rune('a'+i)) + `"}`
		}
	}
	body := `{"hooks":{"BeforeTool":[{"hooks":[` + list + `]}]}}`
	if err := os.WriteFile(cfg, []byte(body), 0o644); err != nil {
		b.Fatal(err)
	}
	getenv := func(k string) string {
		if k == "PATH" {
			return os.Getenv("PATH")
		}
		return ""
	}
	return New(Options{
		Request:   engine.Request{Configs: []string{cfg}, Cache: &engine.Cache{}, ProjectDir: dir, Getenv: getenv, Format: verdict.Format(claude.Name)},
		Engine:    engine.Engine{Runner: runner.New(runner.Options{}), Environ: os.Environ(), Log: zerolog.Nop()},
		MaxEvents: 64,
		Log:       zerolog.Nop(),
	})
}

func fireOnce(b *testing.B, s *Server, id string) {
	resp, _ := s.fire(context.Background(), &Request{CorrelationID: id, EventName: "BeforeTool", Input: json.RawMessage(benchInput)})
	if resp.Error != nil {
		b.Fatalf("event failed: %s: %s", resp.Error.Code, resp.Error.Message)
	}
}

// BenchmarkServeSpawnAlone is the baseline: the runner starts `bash -c
// true` with the event on stdin and waits for it, as it does for the hook
// of BenchmarkServeOneTrueHook.
func BenchmarkServeSpawnAlone(b *testing.B) {
	r := runner.New(runner.Options{})
	spec := runner.Spec{Argv: []string{"bash", "-c", "true a"}, Dir: "/", Env: os.Environ(), Timeout: time.Minute, Stdin: []byte(benchInput + "\n")}
	b.ResetTimer()
	for range b.N {
		if res := r.Run(context.Background(), spec); res.Status != runner.Exited || res.ExitCode != 0 {
			b.Fatalf("spawn failed: %+v", res)
		}
	}
}

// BenchmarkServeOneTrueHook is one whole event through the server: parse,
// configs (loaded once, then a stat per file), plan, the same spawn, merge
// and render in Claude Code's format.
func BenchmarkServeOneTrueHook(b *testing.B) {
	s := benchServer(b, 1, false)
	fireOnce(b, s, "warm")
	b.ResetTimer()
	for range b.N {
		fireOnce(b, s, "x")
	}
}

// BenchmarkServeFourHooksThroughput fires events with four cheap hooks each
// (exec form: `true` itself) from several clients at once and reports the
// sustained rate.
func BenchmarkServeFourHooksThroughput(b *testing.B) {
	s := benchServer(b, 4, true)
	fireOnce(b, s, "warm")
	var n atomic.Int64
	b.SetParallelism(4)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			fireOnce(b, s, "p")
			n.Add(1)
		}
	})
	b.ReportMetric(float64(n.Load())/time.Since(start).Seconds(), "events/s")
}

// BenchmarkServeSpawnThroughput is its baseline: the same runner starting
// `true` from as many goroutines, four spawns counted as one event, so the
// rate is the most any executor could sustain here.
func BenchmarkServeSpawnThroughput(b *testing.B) {
	r := runner.New(runner.Options{})
	spec := runner.Spec{Argv: []string{"true"}, Dir: "/", Env: os.Environ(), Timeout: time.Minute, Stdin: []byte(benchInput + "\n")}
	var n atomic.Int64
	b.SetParallelism(4)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			specs := []runner.Spec{spec, spec, spec, spec}
			for _, res := range r.RunAll(context.Background(), specs) {
				if res.Status != runner.Exited || res.ExitCode != 0 {
					b.Fatalf("spawn failed: %+v", res)
				}
			}
			n.Add(1)
		}
	})
	b.ReportMetric(float64(n.Load())/time.Since(start).Seconds(), "events/s")
}

// The HTTP transport: a keep-alive client POSTs a small
// PreToolUse event to serve --http's route in Claude Code's format, as
// Claude Code's http hook does.

const benchHTTPInput = `{"session_id":"s","cwd":"/","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`

// benchHTTP serves hooks (a config's "hooks" object) over HTTP and
// returns a function that posts one event and checks the answer.
func benchHTTP(b *testing.B, hooks string) func() {
	b.Helper()
	dir := b.TempDir()
	cfg := filepath.Join(dir, "hooks.json")
	if err := os.WriteFile(cfg, []byte(`{"hooks":`+hooks+`}`), 0o644); err != nil {
		b.Fatal(err)
	}
	opts := testOptions(cfg, nil, zerolog.Nop())
	opts.Request.Environ = os.Environ()
	h := startHTTP(b, New(opts), HTTPOptions{})
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	url := "http://" + h.addr + "/v1/claude/PreToolUse"
	post := func() {
		req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(benchHTTPInput))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+testToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			b.Fatalf("status %d, %v: %s", resp.StatusCode, err, body)
		}
	}
	post() // warm: configs loaded, connection open
	return post
}

// BenchmarkServeHTTPNoHook is serve's own cost per event over HTTP: the
// config has hooks for other tools only, so nothing matches and nothing
// is spawned (target: 0.3 ms per event).
func BenchmarkServeHTTPNoHook(b *testing.B) {
	post := benchHTTP(b, `{"PreToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"true a"}]}]}`)
	b.ResetTimer()
	for range b.N {
		post()
	}
}

// BenchmarkServeHTTPOneTrueHook is one event over HTTP with one `true`
// hook, the spawn BenchmarkServeSpawnAlone measures alone (target: 1.1×
// it).
func BenchmarkServeHTTPOneTrueHook(b *testing.B) {
	post := benchHTTP(b, `{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"true a"}]}]}`)
	b.ResetTimer()
	for range b.N {
		post()
	}
}
