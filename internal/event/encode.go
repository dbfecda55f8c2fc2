package event

import (
	"bytes"
	"encoding/json"
)

// Encode renders the compact JSON a hook registered under eventKey
// receives on stdin: the fields in the order the agent sent them (the
// filled-in ones after them), hook_event_name set to the key (in its place,
// or last), one trailing newline.
func (in *Input) Encode(eventKey string) []byte { return in.EncodeWith(eventKey, "", nil) }

// EncodeWith is Encode with the top-level field name set to the raw JSON
// value, last (after hook_event_name); the input's own value of that field
// is not sent. name "" adds nothing. A hook that scans the text finds the
// field at the end, whatever the agent's payload held.
func (in *Input) EncodeWith(eventKey, name string, value []byte) []byte {
	return in.EncodeAppend(eventKey, name, len(value), func(buf []byte) []byte { return append(buf, value...) })
}

// EncodeAppend is EncodeWith with the value appended by appendValue (size:
// about how long it is), so that a large value is written straight into
// the hook's input, not built on its own first.
func (in *Input) EncodeAppend(eventKey, name string, size int, appendValue func([]byte) []byte) []byte {
	size += len(eventKey) + len(name) + 28
	for k, v := range in.fields {
		size += len(k) + len(v) + 4
	}
	buf := make([]byte, 0, size)
	buf = append(buf, '{')
	named := false
	for _, k := range in.order {
		if name != "" && k == name {
			continue // replaced, and sent last
		}
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		buf = append(buf, quote(k)...)
		buf = append(buf, ':')
		if k == "hook_event_name" {
			buf = append(buf, quote(eventKey)...)
			named = true
		} else {
			buf = append(buf, in.fields[k]...)
		}
	}
	if !named {
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		buf = append(buf, `"hook_event_name":`...)
		buf = append(buf, quote(eventKey)...)
	}
	if name != "" {
		buf = append(buf, ',')
		buf = append(buf, quote(name)...)
		buf = append(buf, ':')
		buf = appendValue(buf)
	}
	return append(buf, '}', '\n')
}

// Apply feeds a sequential hook's hookSpecificOutput into the input of the
// next hook, as chain c prescribes (SPEC §4.7).
func (in *Input) Apply(c Chain, hso map[string]any) {
	switch c {
	case ChainToolInput:
		if updated, ok := hso["updatedInput"].(map[string]any); ok {
			in.set("tool_input", updated)
		}
		if patch, ok := hso["tool_input"].(map[string]any); ok {
			in.merge("tool_input", patch)
		}
	case ChainPrompt:
		if extra, ok := hso["additionalContext"].(string); ok && extra != "" {
			prompt, _ := in.String("prompt")
			in.set("prompt", prompt+"\n\n"+extra)
		}
	case ChainLLMRequest:
		if patch, ok := hso["llm_request"].(map[string]any); ok {
			in.merge("llm_request", patch)
		}
	}
}

// merge shallow-merges patch into the object field name (replacing a
// field that is not an object).
func (in *Input) merge(name string, patch map[string]any) {
	obj := map[string]json.RawMessage{}
	if raw, ok := in.fields[name]; ok && len(raw) > 0 && raw[0] == '{' {
		if json.Unmarshal(raw, &obj) != nil {
			obj = map[string]json.RawMessage{}
		}
	}
	for k, v := range patch {
		if b, err := marshal(v); err == nil {
			obj[k] = b
		}
	}
	in.set(name, obj)
}

func (in *Input) set(name string, v any) {
	if b, err := marshal(v); err == nil {
		if _, ok := in.fields[name]; !ok {
			in.order = append(in.order, name)
		}
		in.fields[name] = b
	}
}

// marshal encodes v compactly without HTML escaping.
func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// quote encodes s as a JSON string literal the way hookexec's encoder
// does (no HTML escaping).
func quote(s string) []byte { return AppendQuote(make([]byte, 0, len(s)+2), s) }

// AppendQuote appends s as a JSON string literal, as encoding/json's
// encoder without HTML escaping writes it. Plain printable ASCII is
// copied; anything else goes through encoding/json.
func AppendQuote(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b >= 0x7f || b == '"' || b == '\\' {
			q, _ := marshal(s)
			return append(buf, q...)
		}
	}
	buf = append(buf, '"')
	buf = append(buf, s...)
	return append(buf, '"')
}
