package planner

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/matcher"
)

func TestDescribeMatcher(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hook HookView
		want string
	}{
		{HookView{Matcher: "", MatcherKind: matcher.KindAll}, "none: matches every value"},
		{HookView{Matcher: "*", MatcherKind: matcher.KindAll}, `"*": matches every value`},
		{HookView{Matcher: "write_*", MatcherKind: matcher.KindGlob}, `"write_*" (globs, whole value)`},
		{HookView{Matcher: "re:^B", MatcherKind: matcher.KindRegex}, `"re:^B" (regular expression, unanchored)`},
		{HookView{Matcher: "x", MatcherKind: matcher.KindExact}, `"x" (exact value)`},
		{HookView{Matcher: "Edit|Write", MatcherKind: matcher.KindExactList}, `"Edit|Write" (list of exact names)`},
		{HookView{Matcher: "B(", MatcherKind: matcher.KindInvalidRegex}, `"B(" (invalid regular expression: never matches)`},
		{HookView{Matcher: "x", MatcherKind: matcher.KindGlob, MatcherIgnored: true}, `"x", ignored: the event has no match value`},
		{HookView{Matcher: "", MatcherKind: matcher.KindAll, MatcherIgnored: true}, "none (the event has no match value)"},
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
