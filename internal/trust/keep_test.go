package trust

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCopiesForKeptVersion: while a review is pending, the kept hooks run
// from the copies of the kept version's files; an
// untrusted project with nothing kept substitutes nothing.
func TestCopiesForKeptVersion(t *testing.T) {
	t.Parallel()
	if !CopiesSupported {
		t.Skip("no copies on this platform")
	}
	base := t.TempDir()
	b := BlobsOf(OpenStore(func(k string) string {
		if k == "XDG_DATA_HOME" {
			return base
		}
		return ""
	}))
	pin := Hash([]byte("exit 2\n"))
	kept := &Decision{Why: "changed since it was trusted", kept: &Version{Pins: map[string]string{"guard.sh": pin}}}
	path, ok := (&Copies{Decision: kept, Blobs: b, Root: base}).For("guard.sh")
	assert.True(t, ok)
	assert.Equal(t, b.Path(pin), path)
	_, ok = (&Copies{Decision: &Decision{Why: "not trusted"}, Blobs: b, Root: base}).For("guard.sh")
	assert.False(t, ok)
}
