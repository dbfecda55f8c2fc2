package registry

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// config1000 returns a native config with 1,000 hooks: 100 definitions of 10
// hooks spread over a few events, with matchers, env and timeouts.
func config1000() string {
	var b strings.Builder
	b.WriteString("{\n  \"hooksConfig\": {\"disabled\": [\"hook-7\"]},\n  \"hooks\": {\n")
	events := []string{"BeforeTool", "AfterTool", "PreToolUse", "SessionStart"}
	for e, ev := range events {
		fmt.Fprintf(&b, "    %q: [\n", ev)
		for d := 0; d < 25; d++ {
			fmt.Fprintf(&b, "      {\"matcher\": \"write_*|edit_%d|re:^mcp__\", \"priority\": %d, \"hooks\": [\n", d, d%3)
			for h := 0; h < 10; h++ {
				n := (e*25+d)*10 + h
				fmt.Fprintf(&b, "        {\"type\": \"command\", \"command\": \"./hooks/h%d.sh --flag \\\"x\\\"\", \"name\": \"hook-%d\", \"timeout\": %d, \"env\": {\"N\": \"%d\", \"MODE\": \"strict\"}, \"description\": \"hook number %d\"}", n, n, 1000+n, n, n)
				if h < 9 {
					b.WriteString(",")
				}
				b.WriteString("\n")
			}
			b.WriteString("      ]}")
			if d < 24 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("    ]")
		if e < len(events)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

func TestConfig1000Loads(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", config1000(), "")
	require.Empty(t, reg.Warnings)
	require.Len(t, reg.Hooks, 1000)
}

func BenchmarkLoad1000Hooks(b *testing.B) {
	path := writeFile(b, filepath.Join(b.TempDir(), "hooks.json"), config1000())
	opts := Options{Configs: []string{path}, Getenv: env(nil)}
	b.ReportAllocs()
	for b.Loop() {
		reg, err := Load(opts)
		if err != nil || len(reg.Hooks) != 1000 {
			b.Fatalf("load: %v", err)
		}
	}
}
