package registry

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scriptProject makes a project directory with hooks/ok.sh (executable),
// hooks/noexec.sh (not executable) and guard.sh (executable, at the top).
func scriptProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "hooks", "ok.sh"), "#!/bin/sh\n")
	require.NoError(t, os.Chmod(filepath.Join(dir, "hooks", "ok.sh"), 0o755))
	writeFile(t, filepath.Join(dir, "hooks", "noexec.sh"), "#!/bin/sh\n")
	writeFile(t, filepath.Join(dir, "guard.sh"), "#!/bin/sh\n")
	require.NoError(t, os.Chmod(filepath.Join(dir, "guard.sh"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "home", "bin"), 0o755))
	writeFile(t, filepath.Join(dir, "home", "bin", "tool"), "#!/bin/sh\n")
	require.NoError(t, os.Chmod(filepath.Join(dir, "home", "bin", "tool"), 0o755))
	return dir
}

func commandHook(command string, extra string) string {
	return hookJSON(`{"type": "command", "command": ` + strconv.Quote(command) + extra + `}`)
}

func TestValidateShellSyntax(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, command, extra string
		vars                       map[string]string
		want                       []string // substrings of the only finding; nil: none
	}{
		{name: "ok", command: "if true; then echo ok; fi"},
		{name: "bash syntax error", command: "echo (",
			want: []string{"error: BeforeTool[0].hooks[0]: shell syntax error (bash -n): line 1: syntax error near unexpected token `newline'", "at run time bash exits 2 on this error, which hookexec reads as a deliberate block"}},
		{name: "unterminated if", command: "if true; then echo", extra: `, "shell": "sh"`,
			want: []string{"shell syntax error (sh -n): line 1: Syntax error: end of file unexpected", "sh exits 2"}},
		{name: "claude default shell is sh", file: ".claude/settings.json", command: "echo ((",
			want: []string{"shell syntax error (sh -n)"}},
		{name: "bash-only syntax under sh", command: "[[ -n x ]] && echo <(true)", extra: `, "shell": "sh"`,
			want: []string{"shell syntax error (sh -n)"}},
		{name: "bash-only syntax under bash", command: "[[ -n x ]] && cat <(true)"},
		{name: "HOOKEXEC_SHELL", command: "echo (", vars: map[string]string{"HOOKEXEC_SHELL": "sh"},
			want: []string{"shell syntax error (sh -n)"}},
		{name: "missing shell", command: "true", extra: `, "shell": "no-such-shell-x"`,
			want: []string{`warning: BeforeTool[0].hooks[0]: shell "no-such-shell-x" (from "shell") is not found on PATH; the hook cannot start (spawn_error)`}},
		{name: "missing shell from env", command: "true", vars: map[string]string{"HOOKEXEC_SHELL": "/no/such/shell"},
			want: []string{`shell "/no/such/shell" (from $HOOKEXEC_SHELL) does not exist; the hook cannot start`}},
		{name: "other shells are not parsed", command: "echo (", extra: `, "shell": "cat"`},
		{name: "exec form is not parsed", command: "echo", extra: `, "args": ["("]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			file := tt.file
			if file == "" {
				file = "hooks.json"
			}
			content := commandHook(tt.command, tt.extra)
			if strings.HasPrefix(file, ".claude") {
				content = strings.Replace(content, "BeforeTool", "PreToolUse", 1)
			}
			got := validateString(t, t.TempDir(), file, content, tt.vars)
			if tt.want == nil {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1, "%q", got)
			for _, w := range tt.want {
				assert.Contains(t, got[0], w)
			}
		})
	}
}

func TestValidateScripts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, command, extra string
		want                 string // the only finding after "line:col: "; "" for none
	}{
		{name: "existing script", command: "./hooks/ok.sh --flag"},
		{name: "project dir variable", command: `"$CLAUDE_PROJECT_DIR"/hooks/ok.sh`},
		{name: "braced project dir variable", command: `${HOOKEXEC_PROJECT_DIR}/hooks/ok.sh arg`},
		{name: "relative, no ./", command: "hooks/ok.sh"},
		{name: "assignment first", command: "MODE=strict ./hooks/ok.sh"},
		{name: "builtin", command: "echo hi"},
		{name: "keyword", command: "if true; then ./hooks/missing.sh; fi"},
		{name: "on PATH", command: "sh -c true"},
		{name: "unknown variable is skipped", command: "$SOMEWHERE/missing.sh"},
		{name: "command substitution is skipped", command: "$(which x)"},
		{name: "glob is skipped", command: "./hooks/*.sh"},
		{name: "hook env", command: `"$DIR/ok.sh"`, extra: `, "env": {"DIR": "hooks"}`},
		{name: "home", command: "~/bin/tool"},
		{name: "PATH from hook env", command: "tool", extra: `, "env": {"PATH": "` + "HOMEBIN" + `"}`},
		{name: "missing script", command: "./hooks/missing.sh",
			want: `error: BeforeTool[0].hooks[0]: script ./hooks/missing.sh does not exist (looked for @DIR@/hooks/missing.sh: relative paths are resolved against the project directory); the shell exits 127 and the hook always fails`},
		{name: "missing via variable", command: `"$CLAUDE_PROJECT_DIR/hooks/missing.sh" x`,
			want: `error: BeforeTool[0].hooks[0]: script "$CLAUDE_PROJECT_DIR/hooks/missing.sh" does not exist (resolved to @DIR@/hooks/missing.sh); the shell exits 127 and the hook always fails`},
		{name: "not executable", command: "./hooks/noexec.sh",
			want: `error: BeforeTool[0].hooks[0]: script ./hooks/noexec.sh is not executable (chmod +x @DIR@/hooks/noexec.sh); the shell exits 126 and the hook always fails`},
		{name: "directory", command: "./hooks",
			want: `error: BeforeTool[0].hooks[0]: script ./hooks is a directory (looked for @DIR@/hooks: relative paths are resolved against the project directory); the shell exits 126 and the hook always fails`},
		{name: "exec prefix", command: "exec ./hooks/missing.sh",
			want: `error: BeforeTool[0].hooks[0]: script ./hooks/missing.sh does not exist`},
		{name: "bare name in the project", command: "guard.sh",
			want: `error: BeforeTool[0].hooks[0]: "guard.sh" is not on PATH and a program is never looked up in the working directory; write "./guard.sh"; otherwise the shell exits 127 and the hook always fails`},
		{name: "bare name not found", command: "no-such-program-x --check",
			want: `warning: BeforeTool[0].hooks[0]: program "no-such-program-x" is not found on PATH; if it is missing where the hook runs, the shell exits 127 and the hook always fails`},
		{name: "exec form ok", command: "${HOOKEXEC_PROJECT_DIR}/hooks/ok.sh", extra: `, "args": ["x"]`},
		{name: "exec form on PATH", command: "sh", extra: `, "args": ["-c", "true"]`},
		{name: "exec form missing", command: "./hooks/missing.sh", extra: `, "args": []`,
			want: `error: BeforeTool[0].hooks[0]: script ./hooks/missing.sh does not exist (looked for @DIR@/hooks/missing.sh: relative paths are resolved against the project directory); the hook can never start (spawn_error)`},
		{name: "exec form unknown variable", command: "${TOOLS}/x", extra: `, "args": []`},
		{name: "exec form builtin name", command: "no-such-program-x", extra: `, "args": []`,
			want: `warning: BeforeTool[0].hooks[0]: program "no-such-program-x" is not found on PATH; if it is missing where the hook runs, the hook can never start (spawn_error)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := scriptProject(t)
			extra := strings.ReplaceAll(tt.extra, "HOMEBIN", filepath.Join(dir, "home", "bin"))
			got := validateString(t, dir, "hooks.json", commandHook(tt.command, extra), nil)
			if tt.want == "" {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1, "%q", got)
			_, finding, _ := strings.Cut(got[0], ": ") // drop line:col
			want := strings.ReplaceAll(tt.want, "@DIR@", dir)
			assert.True(t, strings.HasPrefix(finding, want), "got  %s\nwant %s", finding, want)
		})
	}
}

func TestFirstWord(t *testing.T) {
	t.Parallel()
	vars := map[string]string{"CLAUDE_PROJECT_DIR": "/p", "HOME": "/h", "EMPTY": ""}
	resolve := func(name string) (string, bool) { v, ok := vars[name]; return v, ok }
	tests := []struct {
		command, word, raw string
		ok                 bool
	}{
		{"./x.sh arg", "./x.sh", "./x.sh", true},
		{"  \n\t./x.sh", "./x.sh", "./x.sh", true},
		{`"$CLAUDE_PROJECT_DIR"/hooks/a.sh`, "/p/hooks/a.sh", `"$CLAUDE_PROJECT_DIR"/hooks/a.sh`, true},
		{`"${CLAUDE_PROJECT_DIR}/hooks/a b.sh" x`, "/p/hooks/a b.sh", `"${CLAUDE_PROJECT_DIR}/hooks/a b.sh"`, true},
		{`$CLAUDE_PROJECT_DIR/a.sh;echo`, "/p/a.sh", `$CLAUDE_PROJECT_DIR/a.sh`, true},
		{`'./it''s.sh'`, "./its.sh", `'./it''s.sh'`, true},
		{`./a\ b.sh`, "./a b.sh", `./a\ b.sh`, true},
		{`"./a\"b"`, `./a"b`, `"./a\"b"`, true},
		{"~/bin/x", "/h/bin/x", "~/bin/x", true},
		{"A=1 B='x y' ./run", "./run", "./run", true},
		{"exec ./run", "./run", "./run", true},
		{"./run|jq .", "./run", "./run", true},
		{"./run>out", "./run", "./run", true},
		{"python3 x.py", "python3", "python3", true},
		{"$UNKNOWN/x", "", "", false},
		{"${CLAUDE_PROJECT_DIR:-.}/x", "", "", false},
		{"$(pwd)/x", "", "", false},
		{"`pwd`/x", "", "", false},
		{`"$(pwd)"/x`, "", "", false},
		{"./*.sh", "", "", false},
		{"{ ./x; }", "", "", false},
		{"(./x)", "", "", false},
		{"# comment", "", "", false},
		{"", "", "", false},
		{"A=1", "", "", false},
		{"exec -a name ./x", "", "", false},
		{"'unterminated", "", "", false},
		{`"unterminated`, "", "", false},
		{"~user/x", "", "", false},
		{"$1", "", "", false},
		{"$EMPTY", "", "", false},
	}
	for _, tt := range tests {
		word, raw, ok := firstWord(tt.command, resolve)
		assert.Equal(t, tt.ok, ok, tt.command)
		assert.Equal(t, tt.word, word, tt.command)
		assert.Equal(t, tt.raw, raw, tt.command)
	}
}

func TestSyntaxMessage(t *testing.T) {
	t.Parallel()
	tests := []struct{ stderr, shell, want string }{
		{"bash: -c: line 1: syntax error near unexpected token `newline'\nbash: -c: line 1: `echo ('\n", "bash", "line 1: syntax error near unexpected token `newline'; line 1: `echo ('"},
		{"sh: 1: Syntax error: end of file unexpected (expecting \"then\")\n", "sh", `line 1: Syntax error: end of file unexpected (expecting "then")`},
		{"/bin/sh: 2: Syntax error: \"(\" unexpected\n", "/bin/sh", `line 2: Syntax error: "(" unexpected`},
		{"", "sh", "the shell rejects the command"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, syntaxMessage(tt.stderr, shellJob{shell: tt.shell, path: "/usr/bin/" + filepath.Base(tt.shell)}))
	}
}

func TestRegexHint(t *testing.T) {
	t.Parallel()
	tests := []struct{ pattern, want string }{
		{"^(?!Bash)", "look-around such as (?!...)"},
		{"(?=x)", "look-around such as (?=...)"},
		{"(?<!x)y", "look-around such as (?<!...)"},
		{`(a)\1`, `back-references such as \1`},
		{`(?<n>a)\k<n>`, `back-references such as \1`},
		{`a\\1`, ""},
		{`Bash(`, ""},
		{`(?<name>x)`, ""},
	}
	for _, tt := range tests {
		got := regexHint(tt.pattern)
		if tt.want == "" {
			assert.Empty(t, got, tt.pattern)
		} else {
			assert.Contains(t, got, tt.want, tt.pattern)
		}
	}
}
