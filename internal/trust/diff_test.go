package trust

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLineDiff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		a, b []string
		want []string
	}{
		{"equal", []string{"a", "b"}, []string{"a", "b"}, nil},
		{"both empty", nil, nil, nil},
		{"added at the end", []string{"a"}, []string{"a", "b"}, []string{"+ b"}},
		{"removed at the start", []string{"a", "b"}, []string{"b"}, []string{"- a"}},
		{"replaced in the middle", []string{"a", "b", "c"}, []string{"a", "x", "c"}, []string{"- b", "+ x"}},
		{"from nothing", nil, []string{"a", "b"}, []string{"+ a", "+ b"}},
		{"to nothing", []string{"a", "b"}, nil, []string{"- a", "- b"}},
		{"moved", []string{"a", "b", "c"}, []string{"b", "c", "a"}, []string{"- a", "+ a"}},
		{"duplicates", []string{"a", "a", "b"}, []string{"a", "b", "b"}, []string{"- a", "+ b"}},
		{"interleaved", []string{"x", "a", "y", "b"}, []string{"a", "z", "b", "w"}, []string{"- x", "- y", "+ z", "+ w"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			for _, l := range LineDiff(tt.a, tt.b) {
				got = append(got, l.String())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestLineDiffLargeFallsBack(t *testing.T) {
	t.Parallel()
	a := make([]string, 3000)
	b := make([]string, 3000)
	for i := range a {
		a[i] = "a" + strings.Repeat("x", i%7) + string(rune('0'+i%10))
		b[i] = "b" + a[i]
	}
	b[0], b[len(b)-1] = a[0], a[len(a)-1] // a common prefix and suffix are kept out
	d := LineDiff(a, b)
	assert.Len(t, d, 2*(3000-2))
	assert.Equal(t, DiffLine{'-', a[1]}, d[0])
	assert.Equal(t, DiffLine{'+', b[1]}, d[3000-2])
}

func TestCompare(t *testing.T) {
	t.Parallel()
	old := Version{
		Pins:     map[string]string{".hookexec/hooks.json": "sha256:1", ".hookexec/gone": "sha256:2", "bin/guard": "sha256:3"},
		Commands: []string{"one", "two"},
	}
	cur := Version{
		Pins:     map[string]string{".hookexec/hooks.json": "sha256:9", ".hookexec/new": "sha256:4", "bin/guard": "sha256:3", "bin/x": Absent},
		Commands: []string{"one", "three"},
	}
	c := Compare(old, cur)
	assert.Equal(t, []string{".hookexec/new", "bin/x"}, c.Added)
	assert.Equal(t, []string{".hookexec/gone"}, c.Removed)
	assert.Equal(t, []string{".hookexec/hooks.json"}, c.Changed)
	assert.Equal(t, []DiffLine{{'-', "two"}, {'+', "three"}}, c.Commands)
	assert.False(t, c.Empty())
	assert.True(t, Compare(old, old).Empty())

	var b bytes.Buffer
	require.NoError(t, c.WriteText(&b, cur.Pins))
	assert.Equal(t, `  hooks:
    - two
    + three
  files:
    added    .hookexec/new  sha256:4
    added    bin/x  absent
    removed  .hookexec/gone
    changed  .hookexec/hooks.json  sha256:9
`, b.String())
	b.Reset()
	require.NoError(t, Compare(old, old).WriteText(&b, old.Pins))
	assert.Equal(t, "  nothing changed\n", b.String())
}

func TestShortPin(t *testing.T) {
	t.Parallel()
	full := Hash([]byte("x"))
	assert.Equal(t, full[:len("sha256:")+12], ShortPin(full))
	for _, pin := range []string{Absent, "symlink:../x", "special:p", "sha256:abc", ""} {
		assert.Equal(t, pin, ShortPin(pin))
	}
}

func TestPrintable(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"./hooks/guard.sh --x 'a b'": "./hooks/guard.sh --x 'a b'",
		"ünïcödé ✓":                  "ünïcödé ✓",
		"ok\x1b[2Kgone":              `"ok\x1b[2Kgone"`,
		"a\nb":                       `"a\nb"`,
		"safe.sh \u202egpj.exe":      `"safe.sh \u202egpj.exe"`,
		"zero\u200bwidth":            `"zero\u200bwidth"`,
		"c1\u0085":                   `"c1\u0085"`,
	} {
		assert.Equal(t, want, Printable(in), in)
	}
}
