// Package fakeopenai is a scripted OpenAI-compatible model server for the
// end-to-end suites (make e2e): the agents that speak OpenAI's wire formats
// (Qwen Code and Copilot CLI: chat completions; Codex CLI: the Responses
// API) run against it instead of a real model.
//
// It listens on 127.0.0.1 only. A Script says what the model does: on each
// main request (one that offers the script's first tool) it answers the
// next scripted tool call, counting the tool calls already in the
// conversation, and once they are all made, the final text. Requests that do
// not offer that tool (titles, summaries, "who speaks next" checks) are side
// requests: they get the script's side text and do not advance it.
//
// Every request is recorded with its body and, decoded, the messages the
// model was sent (prompt, system text, tool results), so a test can check
// what reached the model: a deny reason, an injected context, the prompt.
//
// server.go holds what every wire format shares (the script, the recorder,
// the listener, JSON and server-sent-event writers); chat.go is OpenAI chat
// completions (POST /v1/chat/completions, streaming or not, and
// GET /v1/models); responses.go is the Responses API (POST /v1/responses,
// streaming), Codex CLI's.
package fakeopenai
