package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Message types.
const (
	TypeRequest       = "HOOK_EXECUTION_REQUEST"
	TypeCancel        = "HOOK_EXECUTION_CANCEL"
	TypeResponse      = "HOOK_EXECUTION_RESPONSE"
	TypeProtocolError = "HOOK_PROTOCOL_ERROR"
)

// Error codes of a response or a protocol error.
const (
	// CodeBadRequest: the line is not JSON, has an unknown type, or lacks
	// or mistypes a field; or the correlationId is already in flight.
	CodeBadRequest = "bad_request"
	// CodeTooLarge: the line is longer than the server reads.
	CodeTooLarge = "too_large"
	// CodeUnknownEvent: eventName is no event hookexec knows.
	CodeUnknownEvent = "unknown_event"
	// CodeInputError: input is not an event input fire would accept.
	CodeInputError = "input_error"
	// CodeConfigError: the configs could not be loaded (fire's exit 1).
	CodeConfigError = "config_error"
	// CodeCancelled: cancelled by a HOOK_EXECUTION_CANCEL or by the
	// server's shutdown.
	CodeCancelled = "cancelled"
	// CodeInternal: the output could not be encoded.
	CodeInternal = "internal"
)

// Error is a response's or protocol error's error.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Request is a HOOK_EXECUTION_REQUEST's payload.
type Request struct {
	CorrelationID string          `json:"correlationId"`
	EventName     string          `json:"eventName"`
	Input         json.RawMessage `json:"input"`
	// Format overrides the server's --format for this request.
	Format string `json:"format,omitempty"`
}

// Cancel is a HOOK_EXECUTION_CANCEL's payload.
type Cancel struct {
	CorrelationID string `json:"correlationId"`
}

// Response is a HOOK_EXECUTION_RESPONSE's payload. Output is what fire
// would print (absent when it prints nothing).
type Response struct {
	CorrelationID string          `json:"correlationId"`
	Success       bool            `json:"success"`
	Output        json.RawMessage `json:"output,omitempty"`
	Error         *Error          `json:"error,omitempty"`
}

// envelope is every message's outer shape.
type envelope struct {
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
}

// Parsed is one line read: a Request, a Cancel, or a Problem to answer (a
// response when CorrelationID is known, else a protocol error).
type Parsed struct {
	Request       *Request
	Cancel        *Cancel
	Problem       *Error
	CorrelationID string
}

// Parse decodes one line.
func Parse(line []byte) Parsed {
	var env envelope
	if err := json.Unmarshal(line, &env); err != nil {
		return Parsed{Problem: &Error{CodeBadRequest, "not a JSON message: " + err.Error()}, CorrelationID: correlationIDIn(line)}
	}
	id := payloadID(env.Payload)
	bad := func(format string, args ...any) Parsed {
		return Parsed{Problem: &Error{CodeBadRequest, fmt.Sprintf(format, args...)}, CorrelationID: id}
	}
	if isNull(env.Payload) {
		return bad("message %q has no payload", env.Type)
	}
	switch env.Type {
	case TypeRequest:
		var r Request
		if err := json.Unmarshal(env.Payload, &r); err != nil {
			return bad("bad %s payload: %v", env.Type, err)
		}
		switch {
		case r.CorrelationID == "":
			return bad("%s without a correlationId", env.Type)
		case r.EventName == "":
			return bad("%s without an eventName", env.Type)
		case isNull(r.Input):
			return bad("%s without an input", env.Type)
		}
		return Parsed{Request: &r, CorrelationID: id}
	case TypeCancel:
		var c Cancel
		if err := json.Unmarshal(env.Payload, &c); err != nil {
			return bad("bad %s payload: %v", env.Type, err)
		}
		if c.CorrelationID == "" {
			return bad("%s without a correlationId", env.Type)
		}
		return Parsed{Cancel: &c, CorrelationID: id}
	case "":
		return bad("message without a type")
	default:
		return bad("unknown message type %q (want %s or %s)", env.Type, TypeRequest, TypeCancel)
	}
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || bytes.Equal(t, []byte("null"))
}

// payloadID is the payload's correlationId when it is a string, else "".
func payloadID(payload json.RawMessage) string {
	var p struct {
		CorrelationID any `json:"correlationId"`
	}
	if json.Unmarshal(payload, &p) != nil {
		return ""
	}
	s, _ := p.CorrelationID.(string)
	return s
}

// correlationIDIn is the first plain correlationId string in b, or "": in
// a line that is not valid JSON or is too long to keep (only its start is
// searched), what the regular expression
// `"correlationId"\s*:\s*"([^"\\]{1,256})"` finds, read by hand so that
// nothing is compiled at start-up, which every command would pay for.
func correlationIDIn(b []byte) string {
	const key = `"correlationId"`
	for i := 0; ; {
		at := bytes.Index(b[i:], []byte(key))
		if at < 0 {
			return ""
		}
		if id, ok := quotedIDAt(b[i+at+len(key):]); ok {
			return id
		}
		i += at + 1 // the key's closing quote may open the next one
	}
}

// quotedIDAt reads `\s*:\s*"ID"` at the start of b, ID being 1 to 256
// characters other than a quote or a backslash.
func quotedIDAt(b []byte) (string, bool) {
	j := skipSpace(b, 0)
	if j >= len(b) || b[j] != ':' {
		return "", false
	}
	j = skipSpace(b, j+1)
	if j >= len(b) || b[j] != '"' {
		return "", false
	}
	start := j + 1
	for j, n := start, 0; j < len(b) && n <= 256; n++ {
		switch b[j] {
		case '"':
			if n == 0 {
				return "", false
			}
			return string(b[start:j]), true
		case '\\':
			return "", false
		}
		_, size := utf8.DecodeRune(b[j:])
		j += size
	}
	return "", false
}

// skipSpace skips the white space of \s (RE2: tab, newline, form feed,
// carriage return, space) from b[i].
func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\f' || b[i] == '\r') {
		i++
	}
	return i
}
