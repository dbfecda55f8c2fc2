package setup

import (
	"bytes"
	"strings"

	"github.com/tailscale/hujson"
)

// commentsAllowed reports whether agent ag reads // and /* */ comments in
// its settings file (agent.Agent.SettingsComments). Gemini CLI and LLxprt
// Code do (they strip comments with strip-json-comments before
// JSON.parse, which leaves trailing commas, so a trailing comma still
// breaks the file for them); Claude Code parses plain JSON and rejects a
// settings file with a comment as malformed.
func commentsAllowed(ag Agent) bool { return ag.SettingsComments }

// blankComments is text with every comment replaced by spaces (line
// breaks kept, so lines and columns stay): plain JSON for the agents that
// strip comments, trailing commas and all. (hujson's Standardize would
// take the trailing commas out too, and its Clone drops a trailing comma
// with nothing after it.)
func blankComments(text []byte) []byte {
	v, err := hujson.Parse(bytes.Clone(text))
	if err != nil {
		return text
	}
	for x := range v.All() {
		blank(x.BeforeExtra)
		blank(x.AfterExtra)
		switch t := x.Value.(type) {
		case *hujson.Object:
			blank(t.AfterExtra)
		case *hujson.Array:
			blank(t.AfterExtra)
		}
	}
	return v.Pack()
}

func blank(e hujson.Extra) {
	for i, c := range e {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			e[i] = ' '
		}
	}
}

// fileComments lists the comments of v in file order.
func fileComments(v *hujson.Value) []string {
	var out []string
	add := func(e hujson.Extra) {
		if t := strings.TrimSpace(string(e)); t != "" {
			out = append(out, t)
		}
	}
	var walk func(v *hujson.Value)
	walk = func(v *hujson.Value) {
		add(v.BeforeExtra)
		switch t := v.Value.(type) {
		case *hujson.Object:
			for i := range t.Members {
				walk(&t.Members[i].Name)
				walk(&t.Members[i].Value)
			}
			add(t.AfterExtra)
		case *hujson.Array:
			for i := range t.Elements {
				walk(&t.Elements[i])
			}
			add(t.AfterExtra)
		}
		add(v.AfterExtra)
	}
	walk(v)
	return out
}

// indentUnit is a file's indentation step: the white space that starts
// its first indented line (two spaces for a new or one-line file).
func indentUnit(data []byte) string {
	for _, line := range bytes.Split(data, []byte("\n"))[1:] {
		line = bytes.TrimSuffix(line, []byte("\r"))
		trimmed := bytes.TrimLeft(line, " \t")
		if len(trimmed) > 0 && len(trimmed) < len(line) {
			return string(line[:len(line)-len(trimmed)])
		}
	}
	return "  "
}
