package setup

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseFireCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		command string
		ok      bool
		want    fireCommand
	}{
		{"hookexec fire PreToolUse --format claude", true, fireCommand{Program: "hookexec", Event: "PreToolUse", Format: "claude", Managed: true}},
		{"'/opt/my tools/hookexec' fire Stop --format=claude --fail-closed", true, fireCommand{Program: "/opt/my tools/hookexec", Event: "Stop", Format: "claude", FailClosed: true, Managed: true}},
		{`"C:\Program Files\hookexec.exe" fire BeforeTool --format gemini`, true, fireCommand{Program: `C:\Program Files\hookexec.exe`, Event: "BeforeTool", Format: "gemini", Managed: true}},
		{`hookexec fire Stop --format claude --config "$CLAUDE_PROJECT_DIR/x.json"`, true, fireCommand{Program: "hookexec", Event: "Stop", Format: "claude"}},
		{"hookexec fire Stop --format claude --config x.json", true, fireCommand{Program: "hookexec", Event: "Stop", Format: "claude"}},
		{"hookexec fire Stop", true, fireCommand{Program: "hookexec", Event: "Stop"}},
		{"/tmp/hookexec.test fire Stop --format claude", true, fireCommand{Program: "/tmp/hookexec.test", Event: "Stop", Format: "claude", Managed: true}},
		{"other fire Stop --format claude", false, fireCommand{}},
		{"hookexec plan Stop", false, fireCommand{}},
		{"hookexec fire Stop --format claude; rm -rf /", true, fireCommand{Program: "hookexec", Event: "Stop"}},
		{"$HOME/bin/hookexec fire Stop --format claude", false, fireCommand{}},
		{"'hookexec fire Stop", false, fireCommand{}},
	}
	for _, tt := range tests {
		got, ok := parseFireCommand(tt.command, "/tmp/hookexec.test")
		assert.Equal(t, tt.ok, ok, tt.command)
		assert.Equal(t, tt.want, got, tt.command)
	}
}

func TestShellQuoteRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"/usr/local/bin/hookexec", "/opt/my tools/hookexec", "/it's/hookexec", `C:\Users\me\hookexec.exe`, "/a$b/`c`/hookexec"} {
		words, ok := shellWords(shellQuote(s) + " fire Stop")
		assert.True(t, ok, s)
		assert.Equal(t, []string{s, "fire", "Stop"}, words, s)
	}
}
