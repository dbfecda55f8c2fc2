//go:build e2e && unix

package gemini

// The scenarios: each fires one event with its policies; see TestGemini.

// A Bash command the model wants to run, for the tool events.
var shellInput = map[string]any{"command": "rm -rf victim/", "description": "clean up"}

func beforeTool(extra map[string]any) map[string]any {
	a := map[string]any{"tool_name": "run_shell_command", "tool_input": shellInput}
	for k, v := range extra {
		a[k] = v
	}
	return a
}

var afterToolArgs = map[string]any{
	"tool_name": "run_shell_command", "tool_input": shellInput,
	"tool_response": map[string]any{"llmContent": "removed victim/", "returnDisplay": "removed victim/"},
}

var llmRequest = map[string]any{
	"model":    "gemini-2.5-pro",
	"config":   map[string]any{"temperature": 0.7},
	"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "clean up the repo"}}}},
}

var toolSelectionRequest = map[string]any{
	"model": "gemini-2.5-pro",
	"config": map[string]any{
		"tools": []any{map[string]any{"functionDeclarations": []any{
			map[string]any{"name": "run_shell_command"}, map[string]any{"name": "read_file"}, map[string]any{"name": "write_file"},
		}}},
		"toolConfig": map[string]any{"functionCallingConfig": map[string]any{"mode": "AUTO"}},
	},
	"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "clean up the repo"}}}},
}

// guardBody records its arguments and the agent's variables, and denies.
const guardBody = `{
  echo "argc=$#"
  for a in "$@"; do echo "arg=$a"; done
  echo "env GEMINI_PROJECT_DIR=${GEMINI_PROJECT_DIR-unset}"
  echo "env GEMINI_CWD=${GEMINI_CWD-unset}"
  echo "env GEMINI_SESSION_ID=${GEMINI_SESSION_ID-unset}"
  echo "env GEMINI_PLANS_DIR=${GEMINI_PLANS_DIR-unset}"
  echo "env CLAUDE_PROJECT_DIR=${CLAUDE_PROJECT_DIR-unset}"
} > "$d/guard.out"
echo '{"decision":"deny","reason":"R-GUARD"}'`

// one is a scenario with one policy, one hook, no matcher.
func one(name, event string, args map[string]any, body string) scenario {
	return scenario{
		name: name, event: event, args: args,
		policies: []policy{{name: "policy", body: body}},
		defs:     []definition{{hooks: []hook{{policy: "policy"}}}},
	}
}

func scenarios() []scenario {
	deny := `echo '{"decision":"deny","reason":"R-DENY"}'`
	allow := `echo '{"decision":"allow"}'`
	return []scenario{
		one("BeforeTool exit 2 with a reason", "BeforeTool", beforeTool(nil), `echo "R-EXIT2 not in this repo" >&2; exit 2`),
		one("BeforeTool exit 2 with no output", "BeforeTool", beforeTool(nil), `exit 2`),
		one("BeforeTool JSON deny", "BeforeTool", beforeTool(nil), deny),
		one("BeforeTool JSON allow", "BeforeTool", beforeTool(nil), allow),
		one("BeforeTool JSON ask", "BeforeTool", beforeTool(nil), `echo '{"decision":"ask","reason":"R-ASK","systemMessage":"S-ASK"}'`),
		one("BeforeTool tool_input rewrite", "BeforeTool", beforeTool(nil),
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":{"command":"echo safe"}}}'`),
		{
			name: "BeforeTool sequential hooks rewrite tool_input", event: "BeforeTool", args: beforeTool(nil),
			policies: []policy{
				{name: "first", body: `echo '{"hookSpecificOutput":{"tool_input":{"command":"echo first","first":true}}}'`},
				{name: "second", body: `seen="$(printf '%s' "$input" | sed -n 's/.*"command":"\([^"]*\)".*/\1/p')"
echo "$seen" > "$d/second-saw.out"
printf '{"hookSpecificOutput":{"tool_input":{"command":"%s; echo second"}}}\n' "$seen"`},
			},
			defs: []definition{{sequential: true, hooks: []hook{{policy: "first"}, {policy: "second"}}}},
		},
		one("BeforeAgent context", "BeforeAgent", map[string]any{"prompt": "clean up the repo"},
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeAgent","additionalContext":"C-AGENT"}}'`),
		one("BeforeAgent block", "BeforeAgent", map[string]any{"prompt": "clean up the repo"},
			`echo '{"decision":"block","reason":"R-PROMPT"}'`),
		one("SessionStart context", "SessionStart", map[string]any{"source": "startup"},
			`echo '{"systemMessage":"S-START","hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"C-START"}}'`),
		one("AfterTool block and context", "AfterTool", afterToolArgs,
			`echo '{"decision":"block","reason":"R-AFTER","hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"C-AFTER"}}'`),
		one("AfterTool context", "AfterTool", afterToolArgs,
			`echo '{"hookSpecificOutput":{"hookEventName":"AfterTool","additionalContext":"C-AFTERTOOL"}}'`),
		one("AfterAgent block", "AfterAgent", map[string]any{"prompt": "clean up the repo", "prompt_response": "done"},
			`echo '{"decision":"block","reason":"R-RETRY run the tests"}'`),
		one("BeforeTool continue false", "BeforeTool", beforeTool(nil), `echo '{"continue":false,"stopReason":"R-STOP"}'`),
		one("AfterAgent continue false", "AfterAgent", map[string]any{"prompt": "clean up the repo", "prompt_response": "done"},
			`echo '{"continue":false,"stopReason":"R-STOP"}'`),
		{
			name: "BeforeTool policy times out", event: "BeforeTool", args: beforeTool(nil), timing: true,
			policies: []policy{{name: "slow", body: "sleep 30\n" + deny}},
			defs:     []definition{{hooks: []hook{{policy: "slow", timeout: 2000}}}},
		},
		{
			name: "BeforeTool policy ignores SIGTERM", event: "BeforeTool", args: beforeTool(nil), timing: true,
			policies: []policy{{name: "stubborn", body: "trap '' TERM\nsleep 12\n" + deny}},
			defs:     []definition{{hooks: []hook{{policy: "stubborn", timeout: 2000}}}},
		},
		{
			// The policy answers at once and leaves a child behind that holds
			// its stdout.
			name: "BeforeTool background child keeps stdout open", event: "BeforeTool", args: beforeTool(nil), timing: true,
			policies: []policy{{name: "background", body: "sleep 12 &\n" + deny}},
			defs:     []definition{{hooks: []hook{{policy: "background"}}}},
		},
		{
			name: "BeforeTool allow and deny", event: "BeforeTool", args: beforeTool(nil),
			policies: []policy{{name: "allow", body: allow}, {name: "deny", body: deny}},
			defs:     []definition{{hooks: []hook{{policy: "allow"}, {policy: "deny"}}}},
		},
		one("BeforeTool deny with systemMessage and context", "BeforeTool", beforeTool(nil),
			`echo '{"decision":"deny","reason":"R-DENY","systemMessage":"S-DENY","hookSpecificOutput":{"hookEventName":"BeforeTool","additionalContext":"C-DENY"}}'`),
		one("BeforeModel llm_request rewrite", "BeforeModel", map[string]any{"llm_request": llmRequest},
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeModel","llm_request":{"model":"gemini-2.5-flash","messages":[{"role":"user","content":"M-REWRITTEN prompt"}],"config":{"temperature":0.1}}}}'`),
		one("BeforeModel block", "BeforeModel", map[string]any{"llm_request": llmRequest},
			`echo '{"decision":"deny","reason":"R-MODEL"}'`),
		one("BeforeToolSelection restricts functions", "BeforeToolSelection", map[string]any{"llm_request": toolSelectionRequest},
			`echo '{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"ANY","allowedFunctionNames":["read_file"]}}}'`),
		one("BeforeToolSelection hook says nothing", "BeforeToolSelection", map[string]any{"llm_request": toolSelectionRequest}, `true`),
		{
			name: "BeforeTool $GEMINI_CWD, $GEMINI_SESSION_ID, $GEMINI_PLANS_DIR in the command", event: "BeforeTool", args: beforeTool(nil),
			policies: []policy{{name: "guard", body: guardBody}},
			defs:     []definition{{hooks: []hook{{command: `{project}/guard.sh $GEMINI_CWD $GEMINI_SESSION_ID $GEMINI_PLANS_DIR`}}}},
		},
		{
			name: "BeforeTool $GEMINI_PROJECT_DIR/guard.sh, path with a space", event: "BeforeTool", args: beforeTool(nil), space: true,
			policies: []policy{{name: "guard", body: guardBody}},
			defs:     []definition{{hooks: []hook{{command: `$GEMINI_PROJECT_DIR/guard.sh $GEMINI_CWD $GEMINI_SESSION_ID $GEMINI_PLANS_DIR`}}}},
		},
		one("BeforeTool deny JSON on stderr, exit 0", "BeforeTool", beforeTool(nil),
			`echo '{"decision":"deny","reason":"R-STDERR"}' >&2`),
		{
			name: "Notification with matchers", event: "Notification",
			args: map[string]any{"details": map[string]any{"type": "exec", "title": "Shell", "command": "rm -rf victim/", "rootCommand": "rm"}},
			policies: []policy{
				{name: "other_type", body: `true`}, {name: "permission", body: `true`}, {name: "any", body: `true`},
			},
			defs: []definition{
				{matcher: "SomethingElse", hooks: []hook{{policy: "other_type"}}},
				{matcher: "ToolPermission", hooks: []hook{{policy: "permission"}}},
				{hooks: []hook{{policy: "any"}}},
			},
		},
		{
			name: "BeforeTool input without tool_name, matchers", event: "BeforeTool",
			args: map[string]any{"tool_input": shellInput},
			policies: []policy{
				{name: "shell", body: `true`}, {name: "read", body: `true`}, {name: "all", body: `true`},
			},
			defs: []definition{
				{matcher: "run_shell_command", hooks: []hook{{policy: "shell"}}},
				{matcher: "read_file", hooks: []hook{{policy: "read"}}},
				{hooks: []hook{{policy: "all"}}},
			},
		},
		one(`BeforeTool "decision":"Block"`, "BeforeTool", beforeTool(nil), `echo '{"decision":"Block","reason":"R-CASE"}'`),
		one(`BeforeTool "suppressOutput":"true"`, "BeforeTool", beforeTool(nil), `echo '{"systemMessage":"S-QUIET","suppressOutput":"true"}'`),
		one("BeforeTool bare 42 on stdout", "BeforeTool", beforeTool(nil), `echo 42`),
		one("BeforeTool 1.5 MB JSON answer", "BeforeTool", beforeTool(nil),
			`printf '{"decision":"deny","reason":"R-BIG","padding":"'; head -c 1500000 /dev/zero | tr '\0' x; printf '"}\n'`),
		one("BeforeTool exit 1 failure", "BeforeTool", beforeTool(nil), `echo "W-FAIL could not check" >&2; exit 1`),
		// Issue 17 §3: the three configs that decided differently.
		{
			// A JavaScript regular expression Go's RE2 cannot compile.
			name: "BeforeTool look-ahead matcher, write_file", event: "BeforeTool", args: writeFile("write_file"),
			policies: []policy{{name: "guard", body: deny}},
			defs:     []definition{{matcher: `^(?!read_).*_file$`, hooks: []hook{{policy: "guard"}}}},
		},
		{
			name: "BeforeTool look-ahead matcher, read_file", event: "BeforeTool", args: writeFile("read_file"),
			policies: []policy{{name: "guard", body: deny}},
			defs:     []definition{{matcher: `^(?!read_).*_file$`, hooks: []hook{{policy: "guard"}}}},
		},
		{
			// The user quoted the variable; Gemini quotes its value again.
			name: `BeforeTool "$GEMINI_PROJECT_DIR"/policy.sh, path with a space`, event: "BeforeTool", args: beforeTool(nil), space: true,
			policies: []policy{{name: "policy", body: allow}},
			defs:     []definition{{hooks: []hook{{command: `"$GEMINI_PROJECT_DIR"/policy.sh`}}}},
		},
		{
			name: `BeforeTool "$GEMINI_PROJECT_DIR"/policy.sh, no space`, event: "BeforeTool", args: beforeTool(nil),
			policies: []policy{{name: "policy", body: deny}},
			defs:     []definition{{hooks: []hook{{command: `"$GEMINI_PROJECT_DIR"/policy.sh`}}}},
		},
		one("SessionStart continue false", "SessionStart", map[string]any{"source": "startup"},
			`echo '{"continue":false,"stopReason":"R-STOP","systemMessage":"S-STOP"}'`),
	}
}

// writeFile is a BeforeTool input for a file tool named name.
func writeFile(name string) map[string]any {
	return map[string]any{"tool_name": name, "tool_input": map[string]any{"file_path": "notes.txt", "content": "C-FILE"}}
}
