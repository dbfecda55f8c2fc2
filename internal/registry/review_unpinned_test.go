package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUnpinned: the review says, per hook, what it executes that trust
// cannot pin (issue 18 hole 6).
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
		{"a hook's shell", Hook{Command: "true", Shell: "./myshell"}, []string{"runs through the shell ./myshell: that program is not pinned"}},
		{"BASH_ENV", Hook{Command: "true", Env: map[string]string{"BASH_ENV": ".hookexec/env.sh"}}, []string{"env BASH_ENV makes its programs load files: not pinned"}},
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
			got := unpinned(&tt.hook)
			if tt.name == "unparsable" {
				assert.Len(t, got, 1)
				assert.Contains(t, got[0], tt.want[0])
				return
			}
			assert.Equal(t, tt.want, got)
		})
	}
}
