package permrule

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// MustParse is Parse that fails by panicking, for tables of valid rules.
func MustParse(s string) *Rule {
	r, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return r
}

var places = Places{Cwd: "/srv/proj/sub", ProjectDir: "/srv/proj", Home: "/home/u"}

func bash(cmd string) Call {
	return Call{Tool: "Bash", Input: map[string]any{"command": cmd}, Places: places}
}

func file(tool, p string) Call {
	return Call{Tool: tool, Input: map[string]any{"file_path": p}, Places: places}
}

func TestBashRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule, cmd string
		want      bool
	}{
		// Plain and wildcard forms.
		{"Bash(rm *)", "rm -rf /", true},
		{"Bash(rm *)", "rm", true}, // the trailing " *" is optional
		{"Bash(rm *)", "rmdir x", false},
		{"Bash(ls*)", "lsof", true},
		{"Bash(git push *)", "git push origin main", true},
		{"Bash(git push *)", "git pull", false},
		{"Bash(git * main)", "git merge main", true},
		{"Bash(git * main)", "git merge dev", false},
		{"Bash(npm run build)", "npm run build", true},
		{"Bash(npm run build)", "npm run build --watch", false},
		{"Bash(* install)", "pnpm install", true},
		// The legacy prefix form keeps a word boundary.
		{"Bash(npm run test:*)", "npm run test", true},
		{"Bash(npm run test:*)", "npm run test --watch", true},
		{"Bash(npm run test:*)", "npm run testx", false},
		{`Bash(echo \*)`, "echo *", true},
		{`Bash(echo \*)`, "echo x", false},
		// Every subcommand counts, the dangerous one second.
		{"Bash(rm *)", "ls && rm -rf /", true},
		{"Bash(rm *)", "ls || rm -rf /", true},
		{"Bash(rm *)", "ls; rm -rf /", true},
		{"Bash(rm *)", "ls & rm -rf /", true},
		{"Bash(rm *)", "find . | xargs rm", true},
		{"Bash(rm *)", "cat x | rm -f y", true},
		{"Bash(rm *)", "echo $(rm x)", true},
		{"Bash(rm *)", "echo `rm x`", true},
		{"Bash(rm *)", "(cd /; rm -rf x)", true},
		{"Bash(rm *)", "{ rm x; }", true},
		{"Bash(rm *)", "if true; then rm x; fi", true},
		{"Bash(rm *)", "X=$(rm x) true", true},
		{"Bash(rm *)", "diff <(rm x) y", true},
		{"Bash(rm *)", "cat <<EOF\n$(rm x)\nEOF", true},
		// Assignments, quotes, wrappers.
		{"Bash(rm *)", "FOO=1 rm x", true},
		{"Bash(rm *)", "FOO=1 BAR=2 rm x", true},
		{"Bash(rm *)", `"rm" -rf /`, true},
		{"Bash(rm *)", `'r'm -rf /`, true},
		{"Bash(rm *)", `r\m -rf /`, true},
		{"Bash(rm *)", "timeout 5 rm x", true},
		{"Bash(rm *)", "nice -n 10 rm x", true},
		{"Bash(rm *)", "nohup rm x", true},
		{"Bash(rm *)", "env -i A=b rm x", true},
		{"Bash(rm *)", "command rm x", true},
		{"Bash(git push *)", "FOO=bar git push", true},
		// hookexec also follows shell -c scripts, eval and paths.
		{"Bash(rm *)", `bash -c "rm -rf /"`, true},
		{"Bash(rm *)", `sh -ec 'cd x && rm -rf y'`, true},
		{"Bash(rm *)", `/bin/sh -c 'ls'`, false},
		{"Bash(rm *)", `eval "rm -rf /"`, true},
		{"Bash(rm *)", `eval echo rm`, false},
		{"Bash(rm *)", `bash -c "$CMD"`, true}, // a script known only at run time
		{"Bash(rm *)", `eval "$CMD"`, true},
		{"Bash(rm *)", `bash -c 'rm -rf / (('`, true}, // an inner script that does not parse
		{"Bash(rm *)", "/bin/rm -rf /", true},
		{"Bash(rm *)", "/usr/bin/env rm x", true},
		{"Bash(rm *)", "bash script.sh", false},
		// rm as an argument is not rm run.
		{"Bash(rm *)", "echo rm -rf /", false},
		{"Bash(rm *)", "echo 'rm -rf /'", false},
		{"Bash(rm *)", "grep rm file", false},
		{"Bash(rm *)", "echo hi", false},
		// Quotes are removed before matching, so a quoted rule never
		// matches (checked with Claude Code 2.1.328, which does the same).
		{"Bash(echo a b)", `echo "a b"`, true},
		{`Bash(echo "a b")`, `echo "a b"`, false},
		{"Bash(echo hi)", "echo hi > out.txt", true},
		{"Bash(echo a b)", "echo  a   b", true},
		// What is only known at run time counts as a match.
		{"Bash(rm *)", "$CMD -rf /", true},
		{"Bash(git push *)", "git $SUB origin", true},
		{"Bash(rm *)", "echo $(date)", false}, // neither echo nor date is rm
		{"Bash(rm *)", "echo \"$HOME\"", false},
		// A command that does not parse makes the hook run.
		{"Bash(rm *)", "echo 'unterminated", true},
		{"Bash(rm *)", "if then fi (", true},
		// Bare tool names.
		{"Bash", "anything at all", true},
		{"Bash(*)", "ls", true},
		{"Bash()", "ls", true},
	}
	for _, tt := range tests {
		t.Run(tt.rule+" "+tt.cmd, func(t *testing.T) {
			t.Parallel()
			r, err := Parse(tt.rule)
			require.NoError(t, err)
			got, why := r.Match(bash(tt.cmd))
			assert.Equal(t, tt.want, got, why)
			assert.NotEmpty(t, why)
		})
	}
}

func TestToolNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule, tool string
		want       bool
	}{
		{"Bash", "Bash", true},
		{"Bash", "bash", false},
		{"Bash(rm *)", "Edit", false},
		{"Edit", "Write", true},
		{"Edit", "MultiEdit", true},
		{"Edit", "Read", false},
		{"Write", "Edit", false},
		{"mcp__github", "mcp__github__create_issue", true},
		{"mcp__github", "mcp__githubx__create_issue", false},
		{"mcp__github__*", "mcp__github__create_issue", true},
		{"mcp__github__create_issue", "mcp__github__create_issue", true},
		{"mcp__github__create_issue", "mcp__github__delete_issue", false},
		{"mcp__github", "mcp__other__x", false},
	}
	for _, tt := range tests {
		t.Run(tt.rule+" "+tt.tool, func(t *testing.T) {
			t.Parallel()
			got, why := MustParse(tt.rule).Match(Call{Tool: tt.tool, Input: map[string]any{}, Places: places})
			assert.Equal(t, tt.want, got, why)
		})
	}
}

func TestUndecidableCallsMatch(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		rule string
		call Call
	}{
		"no command":          {"Bash(rm *)", Call{Tool: "Bash", Input: map[string]any{}}},
		"command not string":  {"Bash(rm *)", Call{Tool: "Bash", Input: map[string]any{"command": 3}}},
		"no file path":        {"Read(./.env)", Call{Tool: "Read", Input: map[string]any{}, Places: places}},
		"relative, no cwd":    {"Read(./.env)", Call{Tool: "Read", Input: map[string]any{"file_path": ".env"}}},
		"no project dir":      {"Write(/src/**)", Call{Tool: "Write", Input: map[string]any{"file_path": "/a/src/x"}}},
		"no url":              {"WebFetch(domain:example.com)", Call{Tool: "WebFetch", Input: map[string]any{}}},
		"unknown specifier":   {"Skill(deploy)", Call{Tool: "Skill", Input: map[string]any{}}},
		"powershell unparsed": {"PowerShell(Remove-Item *)", Call{Tool: "PowerShell", Input: map[string]any{"command": "& $x"}}},
		// A model's command nested a million levels deep overflowed the
		// parser's stack (a fatal error); now it is not parsed, and the
		// guard runs. The rm is at the bottom; "ls" shows it is not read.
		"nested too deep":   {"Bash(rm *)", Call{Tool: "Bash", Input: map[string]any{"command": strings.Repeat("$(", 1<<20) + "ls" + strings.Repeat(")", 1<<20)}}},
		"arithmetic nested": {"Bash(rm *)", Call{Tool: "Bash", Input: map[string]any{"command": "ls $((" + strings.Repeat("(", 1<<20)}}},
		"too large":         {"Bash(rm *)", Call{Tool: "Bash", Input: map[string]any{"command": strings.Repeat("ls;", 1<<17)}}},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, why := MustParse(c.rule).Match(c.call)
			assert.True(t, got, why)
		})
	}
}

func TestOtherRules(t *testing.T) {
	t.Parallel()
	web := func(u string) Call { return Call{Tool: "WebFetch", Input: map[string]any{"url": u}} }
	pwsh := func(cmd string) Call { return Call{Tool: "PowerShell", Input: map[string]any{"command": cmd}} }
	agent := func(a string) Call { return Call{Tool: "Agent", Input: map[string]any{"subagent_type": a}} }
	tests := []struct {
		rule string
		call Call
		want bool
	}{
		{"WebFetch(domain:example.com)", web("https://example.com/a"), true},
		{"WebFetch(domain:example.com)", web("https://EXAMPLE.com:8443/a"), true},
		{"WebFetch(domain:example.com)", web("https://example.org/"), false},
		{"WebFetch(domain:example.com)", web("https://evil.com/?example.com"), false},
		{"WebFetch(domain:*.example.com)", web("https://api.example.com/"), true},
		{"WebFetch(domain:*.example.com)", web("https://example.com/"), false},
		{"WebFetch(domain:*)", web("https://example.org/"), true},
		{"PowerShell(Remove-Item *)", pwsh("Get-ChildItem; remove-item C:\\x"), true},
		{"PowerShell(Remove-Item *)", pwsh("Get-ChildItem"), false},
		{"Agent(Explore)", agent("Explore"), true},
		{"Agent(Explore)", agent("Plan"), false},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			t.Parallel()
			got, why := MustParse(tt.rule).Match(tt.call)
			assert.Equal(t, tt.want, got, why)
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "   ", "Bash(rm *", "Bash rm *)", "(rm *)", "Bash(a)b", "Bash(a)(b)", "Ba sh", "tool_input.command matches 'git push'", "Read([)"} {
		_, err := Parse(s)
		assert.Error(t, err, "%q", s)
	}
	for _, s := range []string{"Bash", " Bash(git push *) ", `Bash(echo \(x\))`, "mcp__s", "Read(**/*.env)"} {
		_, err := Parse(s)
		assert.NoError(t, err, "%q", s)
	}
}

func TestDetails(t *testing.T) {
	t.Parallel()
	_, why := MustParse("Bash(rm *)").Match(bash("echo hi && ls"))
	assert.Equal(t, `no subcommand of "echo hi && ls" matches "rm *"`, why)
	_, why = MustParse("Bash(rm *)").Match(bash("ls && rm -rf /"))
	assert.Equal(t, `subcommand "rm -rf /" matches "rm *"`, why)
	_, why = MustParse("Bash(rm *)").Match(Call{Tool: "Edit"})
	assert.Equal(t, `tool "Edit" is not Bash`, why)
	_, why = MustParse("Edit(*.ts)").Match(Call{Tool: "Bash"})
	assert.Equal(t, `tool "Bash" is not Edit (Edit, Write, MultiEdit, NotebookEdit)`, why)
	assert.Contains(t, MustParse("Skill(x)").Note(), "does not interpret")
	assert.Empty(t, MustParse("Bash(x)").Note())
	assert.Contains(t, MustParse(`Bash(echo "a b")`).Advice(), "quote removal")
	assert.Empty(t, MustParse(`Read(./"x")`).Advice())
	assert.Empty(t, MustParse("Bash(echo a b)").Advice())
}

// A Call from NewCall parses its command once for all rules, and gives
// the same answers as a Call literal.
func TestNewCallMemo(t *testing.T) {
	t.Parallel()
	c := NewCall("Bash", map[string]any{"command": "ls && rm -rf /"}, places)
	for _, tt := range []struct {
		rule string
		want bool
	}{{"Bash(rm *)", true}, {"Bash(git *)", false}, {"Bash(ls)", true}, {"Bash(rm *)", true}} {
		got, _ := MustParse(tt.rule).Match(c)
		assert.Equal(t, tt.want, got, tt.rule)
		plain, _ := MustParse(tt.rule).Match(bash("ls && rm -rf /"))
		assert.Equal(t, plain, got, tt.rule)
	}
	require.NotNil(t, c.split)
	assert.True(t, c.split.done)
	assert.Len(t, c.split.cmds, 2)
}
