package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVerbOf(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, ""},
		{[]string{"fire", "BeforeTool"}, "fire"},
		{[]string{"-v", "fire"}, "fire"},
		{[]string{"--verbose", "test", "x.json"}, "test"},
		{[]string{"--log-level", "debug", "plan", "BeforeTool"}, "plan"},
		{[]string{"--log-level=debug", "version"}, "version"},
		{[]string{"--log-file", "fire", "version"}, "version"}, // fire is the flag's value
		{[]string{"--color", "always", "validate"}, "validate"},
		{[]string{"--color=never", "doctor"}, "doctor"},
		{[]string{"--", "fire"}, ""},
		{[]string{"--version"}, ""},
		{[]string{"help", "fire"}, "help"},
		{[]string{"fier"}, "fier"},
	} {
		assert.Equal(t, tc.want, verbOf(tc.args), "%q", tc.args)
	}
}

// TestSingleCommandTree: a command built alone (what run does when the
// arguments name it, so that an event pays for `fire` alone) has the
// same help, flags included, as in the whole tree, and anything that is
// not one of hookexec's commands gets the whole tree.
func TestSingleCommandTree(t *testing.T) {
	t.Parallel()
	help := func(tree string, args ...string) string {
		var out, errOut bytes.Buffer
		a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
		root := a.rootCommand(tree)
		root.SetArgs(args)
		require.NoError(t, root.Execute(), "%q: %s", args, errOut.String())
		return out.String()
	}
	for _, v := range verbs {
		alone := help(v, v, "--help")
		assert.Equal(t, help("", v, "--help"), alone, v)
		assert.Contains(t, alone, "Global Flags:", v)
	}
	for _, v := range []string{"", "help", "completion", "fier"} {
		assert.Len(t, (&app{}).rootCommand(v).Commands(), len(verbs)+1, "%q: every command and completion", v)
	}
	assert.Len(t, (&app{}).rootCommand("fire").Commands(), 1)
}
