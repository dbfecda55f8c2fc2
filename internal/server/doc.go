// Package server is `hookexec serve`: it reads hook execution requests as
// newline-delimited JSON messages, fires each event through
// internal/engine exactly as `fire` does (one engine.Request per request,
// Engine.Do), and writes one response line per request.
//
// Messages (one JSON object per line):
//
//	{"type":"HOOK_EXECUTION_REQUEST","payload":{"correlationId":"1","eventName":"BeforeTool","input":{...},"format":"claude"}}
//	{"type":"HOOK_EXECUTION_CANCEL","payload":{"correlationId":"1"}}
//	{"type":"HOOK_EXECUTION_RESPONSE","payload":{"correlationId":"1","success":true,"output":{...}}}
//	{"type":"HOOK_EXECUTION_RESPONSE","payload":{"correlationId":"1","success":false,"error":{"code":"cancelled","message":"..."},"output":{...}}}
//	{"type":"HOOK_PROTOCOL_ERROR","payload":{"error":{"code":"bad_request","message":"..."}}}
//
// Each request runs in its own goroutine, at most MaxEvents at once, and is
// answered as soon as it is done (responses may come out of order). The
// registry is loaded once per project directory and loaded again when a
// stat of the files and directories it depends on changes (engine.Cache).
// It answers on stdin and stdout, or on a Unix socket (ParseListen, ServeUnix).
//
// Over HTTP (ListenHTTP, ServeHTTPOn) it answers the agents' http hooks:
// POST /v1/FORMAT/EVENT with the event JSON gets what `hookexec fire EVENT
// --format FORMAT` prints, through the same engine path (Server.run); GET
// /v1/health proves the server holds the user's token (Proof) and POST
// /v1/shutdown stops it. Requests pass the checks of auth.go first (Host,
// Origin, the token of TokenPath, Content-Type) and run in the environment
// of their agent session (httpenv.go), never the server's. The client side
// (Probe, Shutdown) and serve --ensure are in client.go and ensure*.go.
package server
