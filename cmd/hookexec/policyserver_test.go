package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// policyServer is a helper command compiled into the test binary: an http
// hook's policy server on 127.0.0.1.
//
//	policyserver FILE...   listen on 127.0.0.1:0; write each FILE from
//	                       FILE.tmpl with @URL@ replaced by the server's
//	                       URL, then create "ready"; serve until SIGINT
//
// Paths: /deny (a JSON deny), /allow (200, empty body), /text (200, plain
// text), /status500 (500 with a JSON deny body), /redirect (302 to /deny),
// /slow (no answer until the client leaves), /echo (a systemMessage naming
// the request's Authorization, X-Other and Content-Type headers and body),
// /rm (denies a Bash command that contains "rm ").
func policyServer(files []string) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	url := "http://" + l.Addr().String()
	for _, f := range files {
		tmpl, err := os.ReadFile(f + ".tmpl")
		if err == nil {
			err = os.WriteFile(f, []byte(strings.ReplaceAll(string(tmpl), "@URL@", url)), 0o600)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	if err := os.WriteFile("ready", nil, 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: http.HandlerFunc(policy)}
	go func() { <-ctx.Done(); _ = srv.Close() }()
	_ = srv.Serve(l)
	return 0
}

func policy(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	answer := func(v any) { _ = json.NewEncoder(w).Encode(v) }
	switch r.URL.Path {
	case "/deny":
		answer(map[string]any{"decision": "block", "reason": "denied over http"})
	case "/allow":
	case "/text":
		_, _ = io.WriteString(w, "all good")
	case "/status500":
		w.WriteHeader(http.StatusInternalServerError)
		answer(map[string]any{"decision": "block", "reason": "a status alone never blocks"})
	case "/redirect":
		http.Redirect(w, r, "/deny", http.StatusFound)
	case "/slow":
		<-r.Context().Done()
	case "/echo":
		answer(map[string]any{"systemMessage": fmt.Sprintf("auth=%q other=%q type=%q body=%s",
			r.Header.Get("Authorization"), r.Header.Get("X-Other"), r.Header.Get("Content-Type"), body)})
	case "/rm":
		var in struct {
			ToolInput struct {
				Command string `json:"command"`
			} `json:"tool_input"`
		}
		_ = json.Unmarshal(body, &in)
		if strings.Contains(in.ToolInput.Command, "rm ") {
			answer(map[string]any{"hookSpecificOutput": map[string]any{
				"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no rm (http policy)"}})
		}
	default:
		http.NotFound(w, r)
	}
}
