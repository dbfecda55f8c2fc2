package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseListen(t *testing.T) {
	t.Parallel()
	for listen, want := range map[string]string{"": "", "unix:/run/h.sock": "/run/h.sock", "unix:rel": "rel"} {
		got, err := ParseListen(listen)
		require.NoError(t, err, listen)
		assert.Equal(t, want, got, listen)
	}
	for _, bad := range []string{"unix:", "tcp:1234", "/run/h.sock"} {
		_, err := ParseListen(bad)
		assert.EqualError(t, err, `invalid --listen "`+bad+`" (want unix:PATH)`)
	}
}
