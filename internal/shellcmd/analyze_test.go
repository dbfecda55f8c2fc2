package shellcmd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func commands(a Analysis) []string {
	out := make([]string, len(a.Commands))
	for i, c := range a.Commands {
		out[i] = c.String()
	}
	return out
}

// TestRuns: every form runs the command named, with its words after
// static expansion, and the analysis knows everything.
func TestRuns(t *testing.T) {
	t.Parallel()
	const rm = "rm -rf DIR"
	tests := []struct{ cmd, runs string }{
		{"rm -rf DIR", rm},
		{"{rm,-rf,DIR}", rm},
		{"echo 'rm -rf DIR' | sh", rm},
		{"echo -n rm -rf DIR | bash -s", rm},
		{"printf 'rm -rf DIR\\n' | bash", rm},
		{"cat <<EOF | sh\nrm -rf DIR\nEOF", rm},
		{"bash <<< 'rm -rf DIR'", rm},
		{"sh <<EOF\nrm -rf DIR\nEOF", rm},
		{"sh <<'EOF'\nls\nrm -rf DIR\nEOF", rm},
		{"bash -c -- 'rm -rf DIR'", rm},
		{"sh -ec 'rm -rf DIR'", rm},
		{"bash -o pipefail -c 'rm -rf DIR'", rm},
		{"bash --norc -lc 'rm -rf DIR'", rm},
		{"env -S 'rm -rf DIR'", rm},
		{"env -S'-i X=1 rm -rf' DIR", rm},
		{"env --split-string='rm -rf DIR'", rm},
		{"env -i X=1 rm -rf DIR", rm},
		{"env -u HOME -C / rm -rf DIR", rm},
		{"trap 'rm -rf DIR' EXIT", rm},
		{"trap -- 'rm -rf DIR' EXIT INT", rm},
		{"eval 'rm -rf DIR'", rm},
		{"eval rm -rf DIR", rm},
		{"exec rm -rf DIR", rm},
		{"exec -a x rm -rf DIR", rm},
		{"command rm -rf DIR", rm},
		{"builtin rm -rf DIR", rm},
		{"sudo -u x rm -rf DIR", rm},
		{"sudo -k rm -rf DIR", rm},
		{"echo 'rm -rf DIR' | sudo sh", rm},
		{"echo 'rm -rf DIR' |& bash -s -- a b", rm},
		{"sudo --user=x -E HOME=/ rm -rf DIR", rm},
		{"doas -u x rm -rf DIR", rm},
		{"nohup rm -rf DIR", rm},
		{"nice -n 5 rm -rf DIR", rm},
		{"nice -5 rm -rf DIR", rm},
		{"timeout 5 rm -rf DIR", rm},
		{"timeout -s KILL --kill-after=1 5 rm -rf DIR", rm},
		{"time rm -rf DIR", rm},
		{"time -p rm -rf DIR", rm},
		{"stdbuf -o L rm -rf DIR", rm},
		{"ionice -c 3 rm -rf DIR", rm},
		{"setsid rm -rf DIR", rm},
		{"busybox rm -rf DIR", rm},
		{"su - root -c 'rm -rf DIR'", rm},
		{"su --command='rm -rf DIR' root", rm},
		{"watch 'rm -rf DIR'", rm},
		{"watch -n 5 rm -rf DIR", rm},
		{"watch -x rm -rf DIR", rm},
		{"echo DIR | xargs rm -rf", rm},
		{"cat list | xargs rm -rf", "rm -rf <xargs input>"},
		{"echo DIR | xargs -0 -n 1 -P 4 rm -rf", "rm -rf <xargs input>"},
		{"echo DIR | xargs -I{} -n 1 rm -rf {}", "rm -rf {}"},
		{"echo DIR | xargs bash -c 'rm -rf DIR'", rm},
		{"find . -exec rm -rf {} \\;", "rm -rf {}"},
		{"find . -execdir rm -rf {} +", "rm -rf {}"},
		{"find . -ok rm -rf {} ';'", "rm -rf {}"},
		{"find . -okdir rm -rf {} ';'", "rm -rf {}"},
		{"find . -name x -exec sudo rm -rf {} \\; -print", "rm -rf {}"},
		{"echo $( (rm -rf DIR) )", rm},
		{"echo `rm -rf DIR`", rm},
		{"cat <(rm -rf DIR)", rm},
		{"diff >(rm -rf DIR) x", rm},
		{"(rm -rf DIR)", rm},
		{"{ rm -rf DIR; }", rm},
		{"ls; rm -rf DIR", rm},
		{"ls && rm -rf DIR", rm},
		{"ls || rm -rf DIR", rm},
		{"ls | rm -rf DIR", rm},
		{"rm -rf DIR &", rm},
		{"if true; then rm -rf DIR; fi", rm},
		{"f() { rm -rf DIR; }; f", rm},
		{"\\rm -rf DIR", rm},
		{"echo 'rm -rf DIR' | (bash)", rm},
		{"echo 'rm -rf DIR' | { ls; sh; }", rm},
		{"{ sh; } <<EOF\nrm -rf DIR\nEOF", rm},
		{"echo 'rm -rf DIR' | while read -r l; do bash; done", rm},
		{"'rm' \"-rf\" DIR", rm},
		{"sudo bash -c 'eval \"rm -rf DIR\"'", rm},
		{"sudo timeout 5 env -i nice rm -rf DIR", rm},
		{"/bin/rm -rf DIR", "/bin/rm -rf DIR"},
		{"git -C . push", "git push"},
		{"git -c k=v push origin", "git push origin"},
		{"git --no-pager push", "git push"},
		{"git --git-dir=x push", "git push"},
		{"git --git-dir x --work-tree y -p push", "git push"},
		{"/usr/bin/git -C x push", "/usr/bin/git push"},
		{"sudo git -C . push", "git push"},
		{"python3 -c 'import shutil'", "python3 -c import shutil"},
		{"node -e 'x()'", "node -e x()"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{})
			assert.Contains(t, commands(a), tt.runs)
			assert.False(t, a.Unknown, a.Reason)
		})
	}
}

// TestDoesNotRun: text that mentions a command is not the command.
func TestDoesNotRun(t *testing.T) {
	t.Parallel()
	tests := []struct{ cmd, notRun string }{
		{"echo rm -rf /", "rm -rf /"},
		{"rg 'rm -rf' .", "rm -rf"},
		{"git commit -m 'rm -rf DIR'", "rm -rf DIR"},
		{"echo 'rm -rf DIR' > notes.txt", "rm -rf DIR"},
		{"echo 'rm -rf DIR' | cat", "rm -rf DIR"},
		{"echo 'rm -rf DIR' | bash script.sh", "rm -rf DIR"},
		{"bash -c 'ls' 'rm -rf DIR'", "rm -rf DIR"},
		{"command -v rm", "rm"},
		{"echo 'rm -rf DIR' | sh -c 'cat'", "rm -rf DIR"},
		{"sudo -l rm", "rm"},
		{"trap 'rm -rf DIR'", "rm -rf DIR"},
		{"trap -p EXIT", "EXIT"},
		{"find . -name rm", "rm"},
		{"git log --grep push", "git push"},
		{"cat <<EOF\nrm -rf DIR\nEOF", "rm -rf DIR"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{})
			assert.NotContains(t, commands(a), tt.notRun)
			assert.False(t, a.Unknown, a.Reason)
		})
	}
}

// TestUnknown: what only the run can tell is reported, with the reason.
func TestUnknown(t *testing.T) {
	t.Parallel()
	tests := []struct{ cmd, reason string }{
		{"$X -rf /", "command name $X"},
		{"X=rm; $X -rf /", "command name $X"},
		{"sudo $CMD", "command name $CMD"},
		{"\"$(which rm)\" -rf /", "known only at run time"},
		{"/bin/r? -rf /", "pattern"},
		{"bash -c \"$CMD\"", "script of bash -c"},
		{"eval \"$CMD\"", "script of eval"},
		{"trap \"$A\" EXIT", "script of trap"},
		{"env -S \"$A\"", "env -S"},
		{"curl -s x | sh", "pipe"},
		{"cat x | bash", "pipe"},
		{"sh < script.sh", "a file"},
		{"cat x | xargs sh -c", "script of sh -c"},
		{"curl -s x | { sh; }", "pipe"},
		{"curl -s x | (cd /tmp && bash)", "pipe"},
		{"{ ls; sh; } < script.sh", "a file"},
		{"curl -s x | cat | sh", "pipe"},
		{"printf 'rm -rf \\057\\n' | bash", "pipe"},
		{"echo -e 'rm -rf \\x2f' | bash", "pipe"},
		{"su -c \"$CMD\"", "script of su -c"},
		{"bash <<EOF\n$CMD\nEOF", "here-document"},
		{"echo 'unterminated", "does not parse"},
		{"bash -c 'rm -rf / (('", "script run by bash -c does not parse"},
		{"echo {1..100000}", "brace expansion"},
		{strings.Repeat("eval ", 20) + "ls", ""},
		{strings.Repeat("$(", 1000) + "ls" + strings.Repeat(")", 1000), "too complex"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd[:min(len(tt.cmd), 40)], func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{})
			assert.True(t, a.Unknown)
			assert.Contains(t, a.Reason, tt.reason)
		})
	}
}

func TestExpansion(t *testing.T) {
	t.Parallel()
	a := Analyze("rm -rf ~ ~/x '~/y' a~ {a,b}{1,2} \"{c,d}\" x$'\\n'", Options{Home: "/home/u"})
	assert.Equal(t, []string{"rm -rf /home/u /home/u/x ~/y a~ a1 a2 b1 b2 {c,d} <x$'\\n'>"}, commands(a))
	a = Analyze("rm -rf ~", Options{})
	assert.Equal(t, []string{"rm -rf ~"}, commands(a))
	a = Analyze("ls && /bin/rm -rf x", Options{})
	assert.Equal(t, "rm", a.Commands[1].Name())
	a = Analyze("timeout 5 rm x", Options{})
	assert.Equal(t, []Command{
		{Words: []Word{{Text: "timeout"}, {Text: "5"}, {Text: "rm"}, {Text: "x"}}},
		{Words: []Word{{Text: "rm"}, {Text: "x"}}, From: "timeout"},
	}, a.Commands)
	a = Analyze("echo $(date) [ -f x ]", Options{})
	assert.False(t, a.Unknown, a.Reason)
	assert.Equal(t, []string{"echo <$(date)> [ -f x ]", "date"}, commands(a))
}

// Stdin says what a command reads, Pipe whether its output goes into a
// pipe.
func TestStdin(t *testing.T) {
	t.Parallel()
	known := func(s string) *Word { return &Word{Text: s} }
	dynamic := func(s string) *Word { return &Word{Text: s, Dynamic: true} }
	tests := []struct {
		cmd, name string
		stdin     *Word
		pipe      bool
	}{
		{"python3", "python3", nil, false},
		{"curl x | python3", "python3", dynamic("a pipe"), false},
		{"curl x | python3", "curl", nil, true},
		{"echo 'print(1)' | python3", "python3", known("print(1)"), false},
		{"python3 <<'EOF'\nprint(1)\nEOF", "python3", known("print(1)\n"), false},
		{"node <<< 'x()'", "node", known("x()"), false},
		{"ruby < a.rb", "ruby", dynamic("a file"), false},
		{"curl x | { cat; perl; }", "perl", dynamic("a pipe"), false},
		{"{ curl x; } | jq .", "curl", nil, true},
		{"(curl x; ls) | sh -s", "ls", nil, true},
		{"sudo curl x | sh", "curl", nil, true},
		{"curl x > f; sh f", "curl", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.cmd+" "+tt.name, func(t *testing.T) {
			t.Parallel()
			for _, c := range Analyze(tt.cmd, Options{}).Commands {
				if c.Name() == tt.name {
					assert.Equal(t, tt.stdin, c.Stdin)
					assert.Equal(t, tt.pipe, c.Pipe)
					return
				}
			}
			t.Fatalf("no command %s", tt.name)
		})
	}
}
