package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnpinned: the review says, per hook, what it executes that trust
// cannot pin; a shell in the project and the startup
// files env names are pinned (SPEC §2.4), a search path is not.
func TestUnpinned(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		hook Hook
		want []string
	}{
		{"a script by path", Hook{Command: "sh ./x.sh"}, nil},
		{"cd first", Hook{Command: "cd dir && sh x.sh"}, []string{"changes directory before running the rest: paths after it are resolved elsewhere and not pinned"}},
		{"bash -c", Hook{Command: "bash -c 'sh ./x.sh'"}, []string{"runs bash -c: the files the code in that string names are not pinned"}},
		{"make", Hook{Command: "make check"}, []string{"runs make: the Makefile and what it runs are not pinned"}},
		{"npm run", Hook{Command: "npm run lint"}, []string{"runs npm: package.json's scripts and node_modules and what it runs are not pinned"}},
		{"through timeout", Hook{Command: "timeout 5 bash -c 'x'"}, []string{"runs bash -c: the files the code in that string names are not pinned"}},
		{"through env", Hook{Command: "env FOO=1 make"}, []string{"runs make: the Makefile and what it runs are not pinned"}},
		{"a project shell", Hook{Command: "true", Shell: "./myshell"}, nil},
		{"a system shell", Hook{Command: "true", Shell: "/bin/zsh"}, []string{"runs through the shell /bin/zsh: that program is not pinned"}},
		{"BASH_ENV", Hook{Command: "true", Env: map[string]string{"BASH_ENV": ".hookexec/env.sh"}}, nil},
		{"PYTHONPATH", Hook{Command: "true", Env: map[string]string{"PYTHONPATH": "lib"}}, []string{"env PYTHONPATH makes its programs load files: not pinned"}},
		{"NODE_OPTIONS by name", Hook{Command: "true", Env: map[string]string{"NODE_OPTIONS": "--require ./a.js -r mod"}}, []string{"env NODE_OPTIONS makes its programs load files: not pinned"}},
		{"env naming a file", Hook{Command: "true", Env: map[string]string{"CONF": "conf/x.toml", "MODE": "strict"}}, []string{"env CONF names a file: not pinned"}},
		{"program by variable", Hook{Command: "$TOOL check"}, []string{"runs a program named by an expansion: not pinned"}},
		{"command substitution", Hook{Command: "sh $(cat which)"}, []string{"builds part of its command at run time ($(...)): what that runs is not pinned"}},
		{"exec form make", Hook{Command: "/usr/bin/make", Args: []string{"check"}, ExecForm: true}, []string{"runs make: the Makefile and what it runs are not pinned"}},
		{"http", Hook{HTTP: &HTTPHook{URL: "http://x"}}, nil},
		{"unparsable", Hook{Command: "sh 'x"}, []string{"its command could not be parsed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := unpinned(&tt.hook, "/p")
			if tt.name == "unparsable" {
				assert.Len(t, got, 1)
				assert.Contains(t, got[0], tt.want[0])
				return
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestSetupWords: the shell named by a path and the startup files a hook's
// env names are the files trust pins beside its command's (SPEC §2.4).
func TestSetupWords(t *testing.T) {
	t.Parallel()
	h := &Hook{Command: "true", Shell: "./myshell", Env: map[string]string{
		"BASH_ENV":     "$HOOKEXEC_PROJECT_DIR/env.sh",
		"ENV":          "e.sh",
		"ZDOTDIR":      "zdot/",
		"LD_PRELOAD":   "./a.so:/usr/lib/b.so",
		"NODE_OPTIONS": "--require ./r.js --import=./i.mjs --max-old-space-size=4",
		"RUBYOPT":      "-r./x.rb",
		"MODE":         "strict",
	}}
	var got []string
	for _, w := range setupWords(h, "/p") {
		got = append(got, w.text)
	}
	assert.Equal(t, []string{"./myshell", "/p/env.sh", "e.sh", "./a.so", "/usr/lib/b.so", "./r.js", "./i.mjs", "./x.rb", "zdot/.zshenv"}, got)
	assert.Empty(t, setupWords(&Hook{Command: "true", Shell: "x", ExecForm: true}, "/p"), "the exec form has no shell")
}
