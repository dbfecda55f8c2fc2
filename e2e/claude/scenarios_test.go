//go:build e2e

package claude

import (
	"strings"
)

// scenario is one comparison: the policies, the prompt and the tool call
// the fake model makes.
type scenario struct {
	name   string
	prompt string         // "" for the default
	tool   map[string]any // the input of the scripted tool call; nil for none
	// toolName is the scripted tool, "" for Bash.
	toolName string
	policies []policy
	// timed records how long Claude waited for the hooks of the tool call
	// (the scenarios whose policy outlives its timeout).
	timed bool
	// files are written into the project (path relative to it: content),
	// e.g. a slash command.
	files map[string]string
}

// expanded replaces $PROJECT and $HOME in the tool input's strings and the
// policies' "if" rules with the run's directories (path rules need them).
func (s scenario) expanded(project, home string) scenario {
	r := strings.NewReplacer("$PROJECT", project, "$HOME", home)
	if s.tool != nil {
		tool := make(map[string]any, len(s.tool))
		for k, v := range s.tool {
			if str, ok := v.(string); ok {
				v = r.Replace(str)
			}
			tool[k] = v
		}
		s.tool = tool
	}
	policies := make([]policy, len(s.policies))
	for i, p := range s.policies {
		p.ifRule = r.Replace(p.ifRule)
		policies[i] = p
	}
	s.policies = policies
	return s
}

func (s scenario) slug() string {
	return strings.Trim(strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return '-'
	}, s.name), "-")
}

// rmVictim is the tool call the scenarios script: the policies guard it.
var rmVictim = map[string]any{"command": "rm -rf victim/", "description": "Remove the victim directory"}

// removeCommand is a project slash command, /e2e-remove, whose prompt
// asks for the scripted tool call.
var removeCommand = map[string]string{".claude/commands/e2e-remove.md": "Remove the victim directory.\n"}

// readInput is the start of every policy: it reads the event from stdin.
const readInput = "cat >/dev/null\n"

// hookStartFile is where a timed policy writes when it started.
const hookStartFile = "hook-start"

// stamp writes the policy's start time (ns) into the project.
const stamp = `date +%s%N > "$CLAUDE_PROJECT_DIR/` + hookStartFile + `"
`

func pre(name, script string) policy {
	return policy{event: "PreToolUse", matcher: "Bash", name: name, script: readInput + script}
}

// writeIf is a Write call of path guarded by a PreToolUse policy with an
// "if" path rule; $PROJECT and $HOME are the run's directories.
func writeIf(name, rule, path string) scenario {
	return scenario{name: name, toolName: "Write", tool: map[string]any{"file_path": path, "content": "x\n"},
		policies: []policy{{event: "PreToolUse", matcher: "Write|Edit", name: "pathguard", ifRule: rule,
			script: readInput + `echo "E2E-REASON-pathguard not there" >&2; exit 2`}}}
}

// preIf is pre with an "if" permission rule (issue 17 §1).
func preIf(rule, name, script string) policy {
	p := pre(name, script)
	p.ifRule = rule
	return p
}

func on(event, name, script string) policy {
	return policy{event: event, name: name, script: readInput + script}
}

// once makes a Stop policy answer only the first time (a marker file in
// the project), so the second Stop lets Claude end.
func once(script string) string {
	return `[ -e "$CLAUDE_PROJECT_DIR/stop-once" ] && exit 0
touch "$CLAUDE_PROJECT_DIR/stop-once"
` + script
}

func allScenarios() []scenario {
	return append([]scenario{
		{name: "PreToolUse if matches the second subcommand", tool: map[string]any{"command": "ls && rm -rf victim/", "description": "List, then remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifrm", `echo "E2E-REASON-ifrm no rm" >&2; exit 2`)}},
		{name: "PreToolUse if does not match an argument", tool: map[string]any{"command": "echo rm -rf victim/", "description": "Print a command"}, policies: []policy{
			preIf("Bash(rm *)", "ifecho", `echo "E2E-REASON-ifecho no rm" >&2; exit 2`)}},
		{name: "PreToolUse if sees through an assignment", tool: map[string]any{"command": "FOO=1 rm -rf victim/", "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifassign", `echo "E2E-REASON-ifassign no rm" >&2; exit 2`)}},
		{name: "PreToolUse if sees into a command substitution", tool: map[string]any{"command": "echo $(rm -rf victim/)", "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifsubst", `echo "E2E-REASON-ifsubst no rm" >&2; exit 2`)}},
		{name: "PreToolUse if sees through quotes", tool: map[string]any{"command": `"rm" -rf victim/`, "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifquote", `echo "E2E-REASON-ifquote no rm" >&2; exit 2`)}},
		{name: "PreToolUse if and a command named by a variable", tool: map[string]any{"command": "X=rm; $X -rf victim/", "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifvar", `echo "E2E-REASON-ifvar no rm" >&2; exit 2`)}},
		{name: "PreToolUse if and env", tool: map[string]any{"command": "env rm -rf victim/", "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifenv", `echo "E2E-REASON-ifenv no rm" >&2; exit 2`)}},
		{name: "PreToolUse if and xargs", tool: map[string]any{"command": "echo victim/ | xargs rm -rf", "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifxargs", `echo "E2E-REASON-ifxargs no rm" >&2; exit 2`)}},
		{name: "PreToolUse if and timeout", tool: map[string]any{"command": "timeout 5 rm -rf victim/", "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "iftimeout", `echo "E2E-REASON-iftimeout no rm" >&2; exit 2`)}},
		{name: "PreToolUse if and a command that does not parse", tool: map[string]any{"command": "rm -rf victim/ )", "description": "Remove the victim directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifparse", `echo "E2E-REASON-ifparse no rm" >&2; exit 2`)}},
		{name: "PreToolUse if with an optional trailing star", tool: map[string]any{"command": "rm", "description": "Remove a directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifbare", `echo "E2E-REASON-ifbare no rm" >&2; exit 2`)}},
		{name: "PreToolUse if keeps the word boundary of rm *", tool: map[string]any{"command": "rmdir victim/", "description": "Remove a directory"}, policies: []policy{
			preIf("Bash(rm *)", "ifboundary", `echo "E2E-REASON-ifboundary no rm" >&2; exit 2`)}},
		{name: "PreToolUse if without a boundary (rm*)", tool: map[string]any{"command": "rmdir victim/", "description": "Remove a directory"}, policies: []policy{
			preIf("Bash(rm*)", "ifnoboundary", `echo "E2E-REASON-ifnoboundary no rm" >&2; exit 2`)}},
		{name: "PreToolUse if in the legacy prefix form", tool: map[string]any{"command": "rm -rf victim/", "description": "Remove a directory"}, policies: []policy{
			preIf("Bash(rm:*)", "iflegacy", `echo "E2E-REASON-iflegacy no rm" >&2; exit 2`)}},
		writeIf("PreToolUse if Write(/secrets/**) is the project's secrets/", "Write(/secrets/**)", "$PROJECT/secrets/key.txt"),
		writeIf("PreToolUse if Write(/secrets/**) is not /secrets", "Write(/secrets/**)", "/secrets/key.txt"),
		writeIf("PreToolUse if Write(//abs/**) is absolute", "Write(/$PROJECT/secrets/**)", "$PROJECT/secrets/key.txt"),
		writeIf("PreToolUse if Write(./.env) matches sub/.env", "Write(./.env)", "$PROJECT/sub/.env"),
		writeIf("PreToolUse if Write(*.ts) matches at any depth", "Write(*.ts)", "$PROJECT/src/deep/a.ts"),
		writeIf("PreToolUse if Write(src/*.ts) is anchored", "Write(src/*.ts)", "$PROJECT/lib/src/a.ts"),
		writeIf("PreToolUse if Write(/src/*.ts) stays in one segment", "Write(/src/*.ts)", "$PROJECT/src/x/a.ts"),
		writeIf("PreToolUse if Write(/src/**/*.ts) matches src/a.ts", "Write(/src/**/*.ts)", "$PROJECT/src/a.ts"),
		writeIf("PreToolUse if Write(/docs) covers its contents", "Write(/docs)", "$PROJECT/docs/a/b.md"),
		writeIf("PreToolUse if Write(~/notes/**) is in the home", "Write(~/notes/**)", "$HOME/notes/a.txt"),
		writeIf("PreToolUse if Edit(*.ts) on a Write call", "Edit(*.ts)", "$PROJECT/a.ts"),
		{name: "PreToolUse if WebFetch(domain:example.com) on example.com", toolName: "WebFetch", tool: map[string]any{"url": "https://example.com/a", "prompt": "summarize"}, policies: []policy{
			{event: "PreToolUse", matcher: "WebFetch", name: "fetchguard", ifRule: "WebFetch(domain:example.com)", script: readInput + `echo "E2E-REASON-fetchguard not there" >&2; exit 2`}}},
		{name: "PreToolUse if WebFetch(domain:example.com) on example.org", toolName: "WebFetch", tool: map[string]any{"url": "https://example.org/a", "prompt": "summarize"}, policies: []policy{
			{event: "PreToolUse", matcher: "WebFetch", name: "fetchguard", ifRule: "WebFetch(domain:example.com)", script: readInput + `echo "E2E-REASON-fetchguard not there" >&2; exit 2`}}},
		{name: "PreToolUse if before dedup", tool: rmVictim, policies: []policy{
			preIf("Bash(git *)", "same", `echo "E2E-REASON-same no rm" >&2; exit 2`),
			preIf("Bash(rm *)", "same", `echo "E2E-REASON-same no rm" >&2; exit 2`)}},
		{name: "Stop with if never runs", policies: []policy{
			{event: "Stop", name: "stopif", ifRule: "Bash", script: readInput + once(`echo "E2E-REASON-stopif keep going" >&2; exit 2`)}}},
		{name: "PreToolUse if that is not a rule", tool: rmVictim, policies: []policy{
			preIf("Bash(rm *", "ifbroken", `echo "E2E-REASON-ifbroken no rm" >&2; exit 2`)}},
		{name: "PreToolUse exit 2 with a reason", tool: rmVictim, policies: []policy{
			pre("exit2", `echo "E2E-REASON-exit2 rm is not allowed" >&2; exit 2`)}},
		{name: "PreToolUse JSON deny", tool: rmVictim, policies: []policy{
			pre("deny", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny"}}'`)}},
		{name: "PreToolUse JSON deny with exit 2", tool: rmVictim, policies: []policy{
			pre("deny2", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny2"}}'; exit 2`)}},
		{name: "PreToolUse JSON allow", tool: rmVictim, policies: []policy{
			pre("allow", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-allow"}}'`)}},
		{name: "PreToolUse JSON ask", tool: rmVictim, policies: []policy{
			pre("ask", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"E2E-REASON-ask"}}'`)}},
		{name: "PreToolUse updatedInput", tool: rmVictim, policies: []policy{
			pre("rewrite", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-rewrite","updatedInput":{"command":"echo E2E-RAN-rewritten > rewritten.txt","description":"harmless"}}}'`)}},
		{name: "PreToolUse allow + deny", tool: rmVictim, policies: []policy{
			pre("allow", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-allow"}}'`),
			pre("deny", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny"}}'`)}},
		{name: "PreToolUse deny with systemMessage and additionalContext", tool: rmVictim, policies: []policy{
			pre("deny", `printf '%s' '{"systemMessage":"E2E-SYSMSG-deny","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny","additionalContext":"E2E-CONTEXT-deny"}}'`)}},
		{name: "PreToolUse continue:false", tool: rmVictim, policies: []policy{
			pre("stop", `printf '%s' '{"continue":false,"stopReason":"E2E-STOP-pre"}'`)}},
		{name: "PreToolUse continue:false with exit 2", tool: rmVictim, policies: []policy{
			pre("stop2", `printf '%s' '{"continue":false,"stopReason":"E2E-STOP-pre2"}'; exit 2`)}},
		{name: "PreToolUse exit 1 failure", tool: rmVictim, policies: []policy{
			pre("fail", `echo "E2E-ERR-exit1 policy broke" >&2; exit 1`)}},
		{name: "PreToolUse JSON deny with exit 1", tool: rmVictim, policies: []policy{
			pre("deny1", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny1"}}'; exit 1`)}},
		{name: "PreToolUse timeout", tool: rmVictim, timed: true, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "slow", timeout: 2, script: stamp + readInput + "sleep 30"}}},
		{name: "PreToolUse ignores SIGTERM", tool: rmVictim, timed: true, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "stubborn", timeout: 2, script: stamp + "trap '' TERM\n" + readInput + "sleep 30"}}},
		{name: "PreToolUse background child keeps stdout open", tool: rmVictim, timed: true, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "background", script: stamp + readInput + "sleep 30 &\n" +
				`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-background"}}'`}}},
		{name: "PostToolUse block", tool: rmVictim, policies: []policy{
			{event: "PostToolUse", matcher: "Bash", name: "post", script: readInput + `printf '%s' '{"decision":"block","reason":"E2E-REASON-post"}'`}}},
		{name: "UserPromptSubmit context", tool: rmVictim, policies: []policy{
			on("UserPromptSubmit", "context", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"E2E-CONTEXT-prompt"}}'`)}},
		{name: "UserPromptSubmit block", tool: rmVictim, policies: []policy{
			on("UserPromptSubmit", "block", `printf '%s' '{"decision":"block","reason":"E2E-REASON-prompt"}'`)}},
		{name: "UserPromptSubmit plain text on exit 0", tool: rmVictim, policies: []policy{
			on("UserPromptSubmit", "plain", `echo "E2E-CONTEXT-plain"`)}},
		{name: "SessionStart context", tool: rmVictim, policies: []policy{
			on("SessionStart", "context", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"E2E-CONTEXT-start"}}'`)}},
		{name: "Stop block once", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"decision":"block","reason":"E2E-REASON-stop"}'`))}},
		{name: "Stop exit 2 once", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`echo "E2E-REASON-stop2" >&2; exit 2`))}},
		{name: "Stop JSON block with exit 1 once", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"decision":"block","reason":"E2E-REASON-stop1"}'; exit 1`))}},
		{name: "Stop continue:false", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"continue":false,"stopReason":"E2E-STOP-stop"}'`))}},
		{name: "Stop continue:false with exit 2", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"continue":false,"stopReason":"E2E-STOP-stop2"}'; exit 2`))}},
		// Claude Code 2.1.3xx's PostToolBatch (issue 17): after the batch of
		// tool calls, a block stops the agentic loop.
		{name: "PostToolBatch exit 2", tool: rmVictim, policies: []policy{
			on("PostToolBatch", "batch", `echo "E2E-REASON-batch2" >&2; exit 2`)}},
		{name: "PostToolBatch JSON block with context", tool: rmVictim, policies: []policy{
			on("PostToolBatch", "batch", `printf '%s' '{"decision":"block","reason":"E2E-REASON-batch","hookSpecificOutput":{"hookEventName":"PostToolBatch","additionalContext":"E2E-CONTEXT-batch"}}'`)}},
		// UserPromptExpansion: a project slash command typed as the prompt.
		{name: "UserPromptExpansion exit 2", prompt: "/e2e-remove", files: removeCommand, tool: rmVictim, policies: []policy{
			on("UserPromptExpansion", "expand", `echo "E2E-REASON-expand2" >&2; exit 2`)}},
		{name: "UserPromptExpansion context", prompt: "/e2e-remove", files: removeCommand, tool: rmVictim, policies: []policy{
			on("UserPromptExpansion", "expand", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"UserPromptExpansion","additionalContext":"E2E-CONTEXT-expand"}}'`)}},
		{name: "PostToolBatch context", tool: rmVictim, policies: []policy{
			on("PostToolBatch", "batch", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PostToolBatch","additionalContext":"E2E-CONTEXT-batchctx"}}'`)}},
	}, fieldScenarios()...)
}
