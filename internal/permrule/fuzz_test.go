package permrule

import "testing"

// FuzzRule: no rule and no command, path or URL makes Parse or Match
// panic, and a rule that parses keeps its text.
func FuzzRule(f *testing.F) {
	for _, s := range [][2]string{
		{"Bash(rm *)", "ls && rm -rf /"},
		{"Bash(npm run test:*)", "FOO=1 npm run test $(x) `y`"},
		{`Bash(echo \*\(\))`, "echo '*' \"$a\" <<EOF\nz\nEOF"},
		{"Read(./.env)", "../.env"},
		{"Edit(/src/**/*.ts)", "/p/src/a/[b].ts"},
		{"Read(~/{a,b}/*)", "~/a/x"},
		{"WebFetch(domain:*.example.com)", "http://[::1]:80/"},
		{"mcp__s", "mcp__s__t"},
		{"PowerShell(Remove-Item *)", "a;b|c"},
		{"Agent(*)", "x"},
		{"Bash(", "("},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, rule, value string) {
		r, err := Parse(rule)
		if err != nil {
			return
		}
		if r.String() == "" {
			t.Fatalf("rule %q parsed to an empty text", rule)
		}
		input := map[string]any{"command": value, "file_path": value, "url": value, "subagent_type": value}
		for _, tool := range []string{"Bash", "PowerShell", "Read", "Edit", "Grep", "WebFetch", "Agent", "mcp__s__t", value} {
			for _, pl := range []Places{{}, {Cwd: "/w/p", ProjectDir: "/w", Home: "/h"}, {Cwd: value, ProjectDir: value, Home: value}} {
				if _, why := r.Match(Call{Tool: tool, Input: input, Places: pl}); why == "" {
					t.Fatalf("rule %q, tool %q: no explanation", rule, tool)
				}
			}
		}
	})
}
