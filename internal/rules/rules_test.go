package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/rules/pack"
)

// set compiles the lists, each rule placed at a made-up position.
func set(t *testing.T, deny, ask, allow []string) *Set {
	t.Helper()
	compile := func(texts []string, line int) []Rule {
		var out []Rule
		for i, text := range texts {
			r, err := permrule.Parse(text)
			require.NoError(t, err)
			out = append(out, Rule{Text: text, Rule: r, Pos: "rules.json:" + string(rune('0'+line)) + ":" + string(rune('1'+i))})
		}
		return out
	}
	return &Set{Deny: compile(deny, 2), Ask: compile(ask, 3), Allow: compile(allow, 4)}
}

var places = permrule.Places{Cwd: "/proj", ProjectDir: "/proj", Home: "/home/u"}

func shell(command string) []permrule.Call {
	return Calls(agent.View{Tool: "Bash", Family: agent.FamilyShell, Command: command}, nil, places)
}

func TestEvaluateOrder(t *testing.T) {
	t.Parallel()
	s := set(t,
		[]string{"Bash(terraform destroy:*)", "Edit(.env)", "Read(~/.ssh/**)"},
		[]string{"Bash(git push:*)"},
		[]string{"Bash(ls:*)", "Bash(git:*)"})
	tests := []struct {
		name, command, want string
	}{
		{"deny", "terraform destroy -auto-approve", Deny},
		{"deny in a chain", "ls && terraform destroy", Deny},
		{"deny wins over allow", "git status; terraform destroy", Deny},
		{"ask wins over allow", "git push origin main", Ask},
		{"ask through git's global options", "git -C . push", Ask},
		{"deny through sh -c", "sh -c 'terraform destroy'", Deny},
		{"deny through sudo", "sudo terraform destroy", Deny},
		{"allow", "ls -la", Allow},
		{"allow needs every command", "ls && rm x", ""},
		{"no rule", "echo hi", ""},
		{"near miss: another word", "terraform plan", ""},
		{"near miss: a longer word", "terraformx destroy", ""},
		{"near miss: quoted text", "echo 'terraform destroy'", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := s.Evaluate(shell(tt.command))
			assert.Equal(t, tt.want, got.Decision, "reason: %s", got.Reason)
			if tt.want == "" {
				assert.Empty(t, got.Reason)
			}
		})
	}
}

func TestEvaluateReason(t *testing.T) {
	t.Parallel()
	s := set(t, []string{"Bash(terraform destroy:*)"}, nil, nil)
	s.Reason = "ask the platform team"
	got := s.Evaluate(shell("cd infra && terraform destroy -auto-approve"))
	require.Equal(t, Deny, got.Decision)
	assert.Equal(t, `deny rule "Bash(terraform destroy:*)" (rules.json:2:1): subcommand "terraform destroy -auto-approve" matches "terraform destroy:*". ask the platform team`, got.Reason)
}

// What the analyzer cannot decide denies and asks, but never allows.
func TestEvaluateUnsure(t *testing.T) {
	t.Parallel()
	unparsed := "ls $("
	assert.Equal(t, Deny, set(t, []string{"Bash(rm:*)"}, nil, nil).Evaluate(shell(unparsed)).Decision)
	assert.Equal(t, Ask, set(t, nil, []string{"Bash(rm:*)"}, nil).Evaluate(shell(unparsed)).Decision)
	assert.Empty(t, set(t, nil, nil, []string{"Bash(ls:*)"}).Evaluate(shell(unparsed)).Decision)
}

// A rule names Claude Code's tool, and guards every agent's tool of its
// family.
func TestEvaluateFamilies(t *testing.T) {
	t.Parallel()
	s := set(t, []string{"Bash(rm:*)", "Edit(.env)", "Read(~/.ssh/**)", "Write(//etc/**)"}, nil, nil)
	tests := []struct {
		name  string
		view  agent.View
		input map[string]any
		want  string
	}{
		{"copilot bash", agent.View{Tool: "bash", Family: agent.FamilyShell, Command: "rm -rf x"}, nil, Deny},
		{"gemini shell", agent.View{Tool: "run_shell_command", Family: agent.FamilyShell, Command: "rm x"}, nil, Deny},
		{"gemini shell, other command", agent.View{Tool: "run_shell_command", Family: agent.FamilyShell, Command: "ls"}, nil, ""},
		{"gemini edit", agent.View{Tool: "replace", Family: agent.FamilyEdit, Paths: []string{"/proj/.env"}}, nil, Deny},
		{"an Edit rule covers Write", agent.View{Tool: "Write", Family: agent.FamilyWrite, Paths: []string{"/proj/.env"}}, nil, Deny},
		{"write", agent.View{Tool: "write_file", Family: agent.FamilyWrite, Paths: []string{"/etc/passwd"}}, nil, Deny},
		{"gemini read, path from the input", agent.View{Tool: "read_file", Family: agent.FamilyRead}, map[string]any{"absolute_path": "/home/u/.ssh/id_rsa"}, Deny},
		{"read elsewhere", agent.View{Tool: "read_file", Family: agent.FamilyRead, Paths: []string{"/proj/main.go"}}, nil, ""},
		{"one of several paths", agent.View{Tool: "apply_patch", Family: agent.FamilyEdit, Paths: []string{"/proj/a.go", "/proj/.env"}}, nil, Deny},
		{"no tool", agent.View{}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := s.Evaluate(Calls(tt.view, tt.input, places))
			assert.Equal(t, tt.want, got.Decision, "reason: %s", got.Reason)
		})
	}
}

func TestEvaluateWeb(t *testing.T) {
	t.Parallel()
	s := set(t, []string{"WebFetch(domain:evil.example)"}, nil, nil)
	web := agent.View{Tool: "web_fetch", Family: agent.FamilyWeb}
	assert.Equal(t, Deny, s.Evaluate(Calls(web, map[string]any{"url": "https://evil.example/x"}, places)).Decision)
	assert.Empty(t, s.Evaluate(Calls(web, map[string]any{"url": "https://good.example/x"}, places)).Decision)
	assert.Empty(t, s.Evaluate(Calls(agent.View{Tool: "WebSearch", Family: agent.FamilyWeb}, map[string]any{"query": "x"}, places)).Decision)
}

// An allow list allows a shell command only when every simple command in
// it is allowed, for certain.
func TestEvaluateAllowEvery(t *testing.T) {
	t.Parallel()
	s := set(t, nil, nil, []string{"Bash(ls:*)", "Bash(git status)", "Read"})
	tests := []struct {
		command, want string
	}{
		{"ls -la && git status", Allow},
		{"ls && rm -rf x", ""},
		{"ls | sh", ""},
		{"ls $(rm x)", ""},
		{"ls $DIR", ""},
		{"git status --short", ""},
	}
	for _, tt := range tests {
		got := s.Evaluate(shell(tt.command))
		assert.Equal(t, tt.want, got.Decision, "%s: %s", tt.command, got.Reason)
	}
	read := Calls(agent.View{Tool: "Read", Family: agent.FamilyRead, Paths: []string{"/proj/a"}}, nil, places)
	assert.Equal(t, Allow, s.Evaluate(read).Decision)
}

// A set that uses hookexec:default: the pack's deny wins over the set's
// allow and ask, its ask over the set's allow, and the reason names the
// pack, where "use" is written and the category.
func TestEvaluatePack(t *testing.T) {
	t.Parallel()
	s := set(t, []string{"Bash(terraform destroy:*)"}, []string{"Bash(git push:*)"}, []string{"Bash(git:*)", "Bash(sudo:*)", "Bash(ls:*)"})
	p, ok := pack.Lookup(pack.Default)
	require.True(t, ok)
	s.Use = []Use{{Name: pack.Default, Pack: p, Pos: "rules.json:5:9"}}
	tests := []struct {
		command, want, reason string
	}{
		{"git reset --hard", Deny, `deny by hookexec:default/git-reset-hard (rules.json:5:9) [destructive git]: git reset --hard discards uncommitted changes: "git reset --hard"`},
		{"git push --force", Deny, "[destructive git]"},
		{"git push origin main", Ask, `ask rule "Bash(git push:*)"`},
		{"sudo ls", Ask, "ask by hookexec:default/sudo (rules.json:5:9) [privilege escalation]"},
		{"terraform destroy", Deny, `deny rule "Bash(terraform destroy:*)"`},
		{"git status", Allow, `allow rule "Bash(git:*)"`},
		{"echo rm -rf ~", "", ""},
	}
	for _, tt := range tests {
		got := s.Evaluate(shell(tt.command))
		assert.Equal(t, tt.want, got.Decision, "%q: %s", tt.command, got.Reason)
		assert.Contains(t, got.Reason, tt.reason, tt.command)
	}
	assert.Equal(t, "0 deny, 1 ask, 3 allow rules + hookexec:default", (&Set{Ask: s.Ask, Allow: s.Allow, Use: s.Use}).Summary())
}

// A set that leaves checks of its pack out: their findings decide
// nothing in it, the pack's other checks still do, and an allow rule of
// the set still never overrides what the pack finds.
func TestEvaluateExcept(t *testing.T) {
	t.Parallel()
	s := set(t, nil, []string{"Bash(git push:*)"}, []string{"Bash(git:*)", "Bash(rm:*)"})
	p, ok := pack.Lookup(pack.Default)
	require.True(t, ok)
	s.Use = []Use{{Name: pack.Default, Pack: p.Without([]string{"git-push-force", "sudo"}), Pos: "rules.json:5:9"}}
	s.Except = []Except{{ID: "git-push-force", Pos: "rules.json:6:13"}, {ID: "sudo", Pos: "rules.json:6:31"}}
	tests := []struct {
		command, want, reason string
	}{
		{"git push --force origin topic", Ask, `ask rule "Bash(git push:*)"`},
		{"git reset --hard", Deny, "deny by hookexec:default/git-reset-hard"},
		{"rm -rf ~", Deny, "deny by hookexec:default/rm-home"},
		{"sudo ls", "", ""},
		{"git status", Allow, `allow rule "Bash(git:*)"`},
	}
	for _, tt := range tests {
		got := s.Evaluate(shell(tt.command))
		assert.Equal(t, tt.want, got.Decision, "%q: %s", tt.command, got.Reason)
		assert.Contains(t, got.Reason, tt.reason, tt.command)
	}
	assert.Equal(t, "0 deny, 1 ask, 2 allow rules + hookexec:default except git-push-force, sudo", s.Summary())
}
