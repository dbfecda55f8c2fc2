package planner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// config1000 is a native config with 1,000 hooks in 100 definitions of 10,
// spread over BeforeTool, its alias PreToolUse, AfterTool and SessionStart,
// with the matcher kinds people write (exact lists, globs, a regular
// expression, match-all), a few env maps and duplicate commands.
func config1000() string {
	matchers := []string{"write_file|edit_file", "write_*", "re:^mcp__.*__write$", "Bash", "*", "mcp__github__*", "", "{read,glob}_file"}
	events := []string{"BeforeTool", "PreToolUse", "AfterTool", "SessionStart"}
	var b strings.Builder
	b.WriteString(`{"hooksConfig": {"disabled": ["hook-7", "hook-421"]}, "hooks": {`)
	for e, ev := range events {
		if e > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "\n  %q: [", ev)
		for d := range 25 {
			if d > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "\n    {\"matcher\": %q, \"priority\": %d, \"hooks\": [", matchers[(e*25+d)%len(matchers)], d%3)
			for h := range 10 {
				n := (e*25+d)*10 + h
				if h > 0 {
					b.WriteString(",")
				}
				// Every 50th command repeats an earlier one: dedup has work.
				fmt.Fprintf(&b, "\n      {\"type\": \"command\", \"command\": \"./hooks/h%d.sh --flag\", \"name\": \"hook-%d\", \"timeout\": %d", n%950, n, 1000+n)
				if n%4 == 0 {
					fmt.Fprintf(&b, ", \"env\": {\"N\": \"%d\", \"MODE\": \"strict\"}", n%950)
				}
				b.WriteString("}")
			}
			b.WriteString("]}")
		}
		b.WriteString("\n  ]")
	}
	b.WriteString("\n}}\n")
	return b.String()
}

func load1000(b *testing.B) *registry.Registry {
	b.Helper()
	path := filepath.Join(b.TempDir(), "hooks.json")
	if err := os.WriteFile(path, []byte(config1000()), 0o644); err != nil {
		b.Fatal(err)
	}
	reg, err := registry.Load(registry.Options{Configs: []string{path}, Getenv: func(string) string { return "" }})
	if err != nil {
		b.Fatal(err)
	}
	if len(reg.Hooks) != 1000 || len(reg.Warnings) != 0 {
		b.Fatalf("loaded %d hooks, %d warnings", len(reg.Hooks), len(reg.Warnings))
	}
	return reg
}

// BenchmarkBuild1000Hooks plans a BeforeTool event against a registry of
// 1,000 hooks (500 registered for BeforeTool or PreToolUse): matching,
// disabled hooks, dedup, shell resolution.
func BenchmarkBuild1000Hooks(b *testing.B) {
	reg := load1000(b)
	ev, err := event.Resolve("BeforeTool")
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{HasProgram: func(string) bool { return true }}
	for _, bc := range []struct {
		name  string
		value string
		has   bool
	}{
		{"tool=write_file", "write_file", true},
		{"tool=Bash", "Bash", true},
		{"no-tool-name", "", false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			in := matchInput(ev, bc.value, bc.has)
			b.ReportAllocs()
			for b.Loop() {
				p := Build(reg, ev, in, opts)
				if len(p.Steps)+len(p.Dropped) != 500 {
					b.Fatalf("planned %d steps + %d dropped, want 500", len(p.Steps), len(p.Dropped))
				}
			}
		})
	}
}
