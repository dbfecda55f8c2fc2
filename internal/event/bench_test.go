package event

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// A typical event: a tool call with a short command.
var smallInput = []byte(`{"session_id":"abc123","transcript_path":"/home/u/.claude/t.jsonl","cwd":"/home/u/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf build","description":"clean"}}`)

// bigInput is an event whose tool_input carries about 10 MiB of content,
// pretty-printed.
func bigInput() []byte {
	var b bytes.Buffer
	b.WriteString("{\n  \"session_id\": \"abc\",\n  \"tool_name\": \"Write\",\n  \"tool_input\": {\n    \"file_path\": \"/x\",\n    \"lines\": [\n")
	line := `      "` + strings.Repeat("x", 100) + `",` + "\n"
	for range 100_000 {
		b.WriteString(line)
	}
	b.WriteString("      \"end\"\n    ]\n  }\n}\n")
	return b.Bytes()
}

func BenchmarkParseInputSmall(b *testing.B) {
	now := time.Unix(0, 0)
	b.SetBytes(int64(len(smallInput)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseInput(smallInput, now, "/w"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseInput10MiB(b *testing.B) {
	data := bigInput()
	now := time.Unix(0, 0)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseInput(data, now, "/w"); err != nil {
			b.Fatal(err)
		}
	}
}
