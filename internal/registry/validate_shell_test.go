package registry

import (
	"context"
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

// SPEC §7, §2.4: each shell-form command is parsed in process, in the
// grammar of the shell fire would use; the finding is at the command's
// position and says where in the command (line:col) the error is.
func TestValidateShellSyntax(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, command, extra string
		vars                       map[string]string
		want                       []string // substrings of the only finding; nil: none
	}{
		{name: "ok", command: "if true; then echo ok; fi"},
		{name: "bash syntax error", command: "echo 'unterminated",
			want: []string{"1:69: error: BeforeTool[0].hooks[0]: shell syntax error (bash): line 1:6: reached EOF without closing quote `'`; at run time bash exits 2 on this error, which hookexec reads as a deliberate block"}},
		{name: "error on a later line", command: "echo ok\n  fi",
			want: []string{"shell syntax error (bash): line 2:3: `fi` can only be used to end an `if`"}},
		{name: "unterminated if", command: "if true; then echo", extra: `, "shell": "sh"`,
			want: []string{"shell syntax error (sh): line 1:1: `if` statement must end with `fi`; at run time sh exits 2"}},
		{name: "claude default shell is sh", file: ".claude/settings.json", command: "a=(1 2)",
			want: []string{"shell syntax error (sh): line 1:3: arrays are a bash/mksh/zsh feature, not POSIX sh"}},
		{name: "bash-only syntax under sh", command: "[[ -n x ]] && echo ok", extra: `, "shell": "sh"`,
			want: []string{"shell syntax error (sh): line 1:1: test expressions are a bash/mksh/zsh feature, not POSIX sh; the hook fails where sh is dash"}},
		{name: "bash-only syntax under bash", command: "[[ -n x ]] && cat <(true)"},
		{name: "HOOKEXEC_SHELL", command: "cat <(true)", vars: map[string]string{"HOOKEXEC_SHELL": "dash"},
			want: []string{"shell syntax error (dash): line 1:5: `<` must be followed by a word"}},
		{name: "shell chosen by base name", command: "echo (", extra: `, "shell": "/no/such/dir/bash"`,
			want: []string{"shell syntax error (bash): line 1:1: "}},
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
			if strings.Contains(tt.extra, "/no/such/dir/") {
				// The missing shell's warning is at "shell", after "command".
				require.Len(t, got, 2, "%q", got)
				assert.Contains(t, got[1], "does not exist; the hook cannot start")
				got = got[:1]
			}
			require.Len(t, got, 1, "%q", got)
			for _, w := range tt.want {
				assert.Contains(t, got[0], w)
			}
		})
	}
}

// SPEC §7: the grammar comes from the shell's base name; bash-only syntax
// is an error for sh but not for bash; shells without a parser are not
// checked.
func TestCheckSyntax(t *testing.T) {
	t.Parallel()
	tests := []struct {
		shell, command string
		want           string // substring of the message; "" for no finding
	}{
		{"sh", "echo ok | tr a-z A-Z > out; [ -f out ] && cat out", ""},
		{"sh", "for f in *.go; do gofmt -l \"$f\"; done", ""},
		{"sh", "case \"$1\" in a|b) exit 2;; *) :;; esac", ""},
		{"sh", "f() { echo \"$(date)\" $((1 + 2)); }; f", ""},
		{"sh", "if true; then echo", "line 1:1: `if` statement must end with `fi`"},
		{"sh", "echo \"unterminated", "line 1:6: reached EOF without closing quote"},
		{"sh", "echo $((1+))", "line 1:10: `+` must be followed by an expression"},
		{"dash", "while true; do", "line 1:13: `do` must be followed by a statement list"},
		{"bash", "[[ -n $x && $y == a* ]] && echo ok", ""},
		{"bash", "a=(1 2); echo \"${a[@]}\" ${x/a/b} ${x:0:1}", ""},
		{"bash", "diff <(sort a) <(sort b)", ""},
		{"bash", "function f { :; }; select x in a; do :; done", ""},
		{"bash", "if true; then echo", "line 1:1: `if` statement must end with `fi`"},
		{"bash", "echo (", "line 1:1: "},
		{"/usr/local/bin/bash", "echo 'x", "(bash): line 1:6: "},
		{"sh", "[[ -n $x ]]", "line 1:1: test expressions are a bash/mksh/zsh feature, not POSIX sh"},
		{"sh", "echo ok && if [[ -f x ]]; then :; fi", "line 1:15: test expressions"},
		{"sh", "a=(1 2)", "line 1:3: arrays are a bash/mksh/zsh feature, not POSIX sh"},
		{"ash", "echo ${x/a/b}", "line 1:9: search and replace is a bash/mksh/zsh feature"},
		{"sh", "diff <(sort a) b", "line 1:6: `<` must be followed by a word"},
		{"sh", "echo '[[ is a word here'", ""},
		{"mksh", "[[ -n $x ]] && a=(1 2)", ""},
		{"mksh", "diff <(sort a) b", "(mksh): line 1:6: `<` must be followed by a word; at run time mksh fails on this error, a hook error"},
		{"zsh", "echo (", ""},
		{"ksh", "echo (", ""},
		{"fish", "echo (", ""},
		{"pwsh", "echo (", ""},
		{"python3", "echo (", ""},
		{"/opt/tools/run-hook", "echo (", ""},
		// A hostile config's command nested a million levels deep: not
		// parsed (it overflowed the parser's stack), reported instead.
		{"bash", strings.Repeat("(", 1<<17), "shell syntax not checked (bash): shell text too complex to parse: nested more than 200 levels deep"},
		{"sh", "echo " + strings.Repeat("$((", 1<<18), "shell syntax not checked (sh): shell text too complex to parse: 786437 bytes"},
	}
	for _, tt := range tests {
		msg, bad := checkSyntax(tt.shell, tt.command)
		if tt.want == "" {
			assert.False(t, bad, "%s -c %q: %s", tt.shell, tt.command, msg)
			continue
		}
		if assert.True(t, bad, "%s -c %q", tt.shell, tt.command) {
			assert.Contains(t, msg, tt.want, "%s -c %q", tt.shell, tt.command)
		}
	}
}

// SPEC §2.4: validate runs no configured shell and no script, even when the
// shell is named by path and has a parser's name: a planted "bash" that
// would leave a marker is only looked up.
func TestValidateRunsNoShell(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	for _, name := range []string{"bin/bash", "bin/sh", "bin/myshell", "hooks/guard.sh"} {
		writeFile(t, filepath.Join(dir, name), "#!/bin/sh\ntouch "+marker+"\n")
		require.NoError(t, os.Chmod(filepath.Join(dir, name), 0o755))
	}
	var hooks []string
	for _, shell := range []string{"bin/bash", "bin/sh", "bin/myshell"} {
		extra := `, "shell": ` + strconv.Quote(filepath.Join(dir, shell))
		hooks = append(hooks, `{"type": "command", "command": "./hooks/guard.sh", "name": "ok"`+extra+`}`,
			`{"type": "command", "command": "echo (", "name": "bad"`+extra+`}`)
	}
	hooks = append(hooks, `{"type": "command", "command": "./hooks/guard.sh", "args": []}`)
	got := validateString(t, dir, "hooks.json", hookJSON(hooks...), map[string]string{"HOOKEXEC_SHELL": filepath.Join(dir, "bin/bash")})
	assert.NoFileExists(t, marker)
	require.Len(t, got, 2, "%q", got)
	assert.Contains(t, got[0], "BeforeTool[0].hooks[1]: shell syntax error (bash): line 1:1: ")
	assert.Contains(t, got[1], "BeforeTool[0].hooks[3]: shell syntax error (sh): line 1:1: ")
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

// Shells without a parser (cmd.exe, PowerShell, zsh, ...) are not checked,
// and the report says so per file instead of passing silently; for cmd
// and PowerShell the first word is not looked up as if it were sh.
func TestValidateCountsUncheckedShells(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	content := hookJSON(
		`{"type": "command", "command": "dir /b & no-such-program-x", "shell": "cmd.exe"}`,
		`{"type": "command", "command": "Get-ChildItem (", "shell": "pwsh"}`,
		`{"type": "command", "command": "echo one", "shell": "C:\\Windows\\system32\\cmd.exe"}`,
		`{"type": "command", "command": "echo ok"}`,
	)
	path := writeFile(t, filepath.Join(dir, "hooks.json"), content)
	report, err := Validate(context.Background(), Options{Configs: []string{path}, ProjectDir: dir, Getenv: validateEnv(dir, nil)})
	require.NoError(t, err)
	require.Len(t, report.Files, 1)
	f := report.Files[0]
	assert.Equal(t, map[string]int{"cmd": 2, "pwsh": 1}, f.Unchecked)
	for _, d := range f.Findings {
		assert.NotContains(t, d.Message, "not found on PATH\"", "no program lookup of a cmd or pwsh first word")
		assert.NotContains(t, d.Message, `"dir"`)
		assert.NotContains(t, d.Message, "syntax error")
	}
}

// The pins of a project hook whose command is nested too deeply to parse
// are read from its words as written, without the parser (which overflowed
// its stack on it): trust reviews such a project without crashing.
func TestHookWordsOfDeepCommand(t *testing.T) {
	t.Parallel()
	cmd := "./guard.sh " + strings.Repeat("$(", 1<<20)
	words := hookWords(&Hook{Command: cmd}, "/project")
	require.NotEmpty(t, words)
	assert.Equal(t, "./guard.sh", words[0].text)
	assert.True(t, words[0].first)
}
