package trust

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDecisionSame(t *testing.T) {
	t.Parallel()
	store := &Decision{Trusted: true, Via: "store", pins: map[string]string{".hookexec/hooks.json": "sha256:a"}}
	for _, tc := range []struct {
		name string
		a, b *Decision
		want bool
	}{
		{"both nil", nil, nil, true},
		{"one nil", store, nil, false},
		{"equal pins", store, &Decision{Trusted: true, Via: "store", pins: map[string]string{".hookexec/hooks.json": "sha256:a"}}, true},
		{"another version", store, &Decision{Trusted: true, Via: "store", pins: map[string]string{".hookexec/hooks.json": "sha256:b"}}, false},
		{"a pin more", store, &Decision{Trusted: true, Via: "store", pins: map[string]string{".hookexec/hooks.json": "sha256:a", "x.sh": Absent}}, false},
		{"now untrusted", store, &Decision{Why: "changed since it was trusted"}, false},
		{"another way", store, &Decision{Trusted: true, Via: "env-hash", pins: store.pins}, false},
		{"every file vs no pins", &Decision{Trusted: true, Via: "env"}, &Decision{Trusted: true, Via: "env", pins: map[string]string{}}, false},
		{"pending, same change", &Decision{Why: "changed since it was trusted", kept: &Version{Hash: "sha256:a"}, changed: []string{"x.sh"}},
			&Decision{Why: "changed since it was trusted", kept: &Version{Hash: "sha256:a"}, changed: []string{"x.sh"}}, true},
		{"pending, another file changed", &Decision{Why: "changed since it was trusted", kept: &Version{Hash: "sha256:a"}, changed: []string{"x.sh"}},
			&Decision{Why: "changed since it was trusted", kept: &Version{Hash: "sha256:a"}, changed: []string{"x.sh", "y.sh"}}, false},
		{"pending vs nothing kept", &Decision{Why: "changed since it was trusted", kept: &Version{Hash: "sha256:a"}},
			&Decision{Why: "changed since it was trusted"}, false},
		{"untrusted for another reason", &Decision{Why: "not trusted"}, &Decision{Why: "changed since it was trusted"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.a.Same(tc.b))
			assert.Equal(t, tc.want, tc.b.Same(tc.a))
		})
	}
}
