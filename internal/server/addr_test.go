package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each user gets a port of their own in 41000-41999: by uid on Unix, by a
// hash of the user name on Windows (no uid), stable across calls.
func TestDefaultHTTPAddr(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		uid  int
		name string
		want string
	}{
		{0, "", "127.0.0.1:41000"},
		{1000, "", "127.0.0.1:41000"},
		{1001, "", "127.0.0.1:41001"},
		{501, "", "127.0.0.1:41501"},
		{65534, "", "127.0.0.1:41534"},
	} {
		assert.Equal(t, tc.want, defaultHTTPAddr(tc.uid, tc.name), "uid %d", tc.uid)
	}
	alice, bob := defaultHTTPAddr(-1, `HOST\alice`), defaultHTTPAddr(-1, `HOST\bob`)
	assert.Equal(t, alice, defaultHTTPAddr(-1, `HOST\alice`), "stable")
	assert.NotEqual(t, alice, bob)
	for _, addr := range []string{alice, bob} {
		assert.Regexp(t, `^127\.0\.0\.1:41[0-9]{3}$`, addr)
	}
	assert.Regexp(t, `^127\.0\.0\.1:41[0-9]{3}$`, DefaultHTTPAddr())
}
