package shellparse

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"mvdan.cc/sh/v3/syntax"
)

// Each of these nests a million levels deep: parsed as it is, the first
// ones overflow the stack (a fatal error, not a panic), the others take
// hundreds of MB. Parse refuses them at once.
func TestParseRefusesDeepNesting(t *testing.T) {
	t.Parallel()
	const n = 1 << 20
	for name, src := range map[string]string{
		"subshells":        strings.Repeat("(", n),
		"arithmetic":       "$((" + strings.Repeat("(", n),
		"substitutions":    strings.Repeat("$(", n) + "rm -rf x" + strings.Repeat(")", n),
		"groups":           strings.Repeat("{ ", n),
		"parameters":       strings.Repeat("${a:-", n),
		"if":               strings.Repeat("if ", n),
		"while":            strings.Repeat("while ", n),
		"test expressions": "[[ " + strings.Repeat("( ", n),
	} {
		_, err := Parse(src, syntax.LangBash)
		require.Error(t, err, name)
		assert.True(t, errors.Is(err, ErrTooComplex), "%s: %v", name, err)
	}
}

func TestParseDepthWithinBound(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("$(", MaxDepth) + "rm -rf x" + strings.Repeat(")", MaxDepth)
	_, err := Parse(deep, syntax.LangBash)
	require.NoError(t, err)
	_, err = Parse("("+deep+")", syntax.LangBash)
	assert.ErrorIs(t, err, ErrTooComplex)
}

func TestParseRefusesLargeText(t *testing.T) {
	t.Parallel()
	_, err := Parse(strings.Repeat("a;", MaxSize/2+1), syntax.LangBash)
	assert.ErrorIs(t, err, ErrTooComplex)
	_, err = Parse(strings.Repeat("a;", MaxSize/2), syntax.LangBash)
	assert.NoError(t, err)
}

func TestDepth(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]int{
		"ls -la":                                          0,
		"echo $(date) && (cd x; make)":                    1,
		"if a; then while b; do (c); done; fi":            3,
		"for x in a b; do if [ -e $x ]; then y; fi; done": 3,
		"echo ')))' ((":                                   2,
		"case a in b) x;; esac; f() { g; }":               1,
		"a=${b:-${c:-d}}":                                 2,
		"diff <(sort a) <(sort b)":                        1,
	} {
		assert.Equal(t, want, Depth(src), src)
	}
}

// A syntax error is still the parser's own error, not ErrTooComplex.
func TestParseSyntaxError(t *testing.T) {
	t.Parallel()
	_, err := Parse(`echo "unterminated`, syntax.LangBash)
	require.Error(t, err)
	assert.False(t, errors.Is(err, ErrTooComplex))
}
