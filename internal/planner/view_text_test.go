package planner

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/registry"
)

func TestDescribeMatcher(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hook HookView
		want string
	}{
		{HookView{Matcher: "", MatcherKind: registry.KindAll}, "none: matches every value"},
		{HookView{Matcher: "*", MatcherKind: registry.KindAll}, `"*": matches every value`},
		{HookView{Matcher: "write_*", MatcherKind: registry.KindGlob}, `"write_*" (globs, whole value)`},
		{HookView{Matcher: "re:^B", MatcherKind: registry.KindRegex}, `"re:^B" (regular expression, unanchored)`},
		{HookView{Matcher: "x", MatcherKind: registry.KindExact}, `"x" (exact value)`},
		{HookView{Matcher: "Edit|Write", MatcherKind: registry.KindExactList}, `"Edit|Write" (list of exact names)`},
		{HookView{Matcher: "B(", MatcherKind: registry.KindInvalidRegex}, `"B(" (invalid regular expression: never matches)`},
		{HookView{Matcher: "x", MatcherKind: registry.KindGlob, MatcherIgnored: true}, `"x", ignored: the event has no match value`},
		{HookView{Matcher: "", MatcherKind: registry.KindAll, MatcherIgnored: true}, "none (the event has no match value)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, describeMatcher(tt.hook))
	}
}

func TestClip(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "short", clip("short", 10))
	assert.Equal(t, "abcdefg...", clip("abcdefghijklmnop", 10))
	assert.Equal(t, "ééé...", clip("éééééééé", 10), "runes are kept whole")
}
