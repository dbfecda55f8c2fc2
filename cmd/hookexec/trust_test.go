package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConfirm(t *testing.T) {
	t.Parallel()
	for answer, want := range map[string]bool{
		"y\n": true, "Yes\n": true, " y \n": true, "y": true, //nolint:gocritic // mapKey: the spaces are the test
		"\n": false, "": false, "n\n": false, "yep\n": false, "no\ny\n": false,
	} {
		var out bytes.Buffer
		got, err := confirm(strings.NewReader(answer), &out, "Trust this project? [y/N] ")
		require.NoError(t, err)
		assert.Equal(t, want, got, "%q", answer)
		assert.Equal(t, "Trust this project? [y/N] ", out.String())
	}
}

func TestInteractiveNeedsTerminals(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	assert.False(t, interactive(strings.NewReader(""), &buf, &buf))
	f, err := os.CreateTemp(t.TempDir(), "x")
	require.NoError(t, err)
	defer func() { _ = f.Close() }()
	assert.False(t, interactive(f, f, f), "a regular file is no terminal")
}
