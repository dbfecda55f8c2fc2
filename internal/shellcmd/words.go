package shellcmd

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// words expands a command's words statically: brace expansion first
// (one word may become several), then quote and escape removal and a
// leading ~.
func (a *analyzer) words(args []*syntax.Word, src string) []Word {
	var out []Word
	for _, w := range args {
		text := sourceText(w, src)
		// A copy: the walk still visits the original, which must keep
		// its parts.
		w := &syntax.Word{Parts: w.Parts}
		if !syntax.SplitBraces(w) {
			out = append(out, a.word(w, text))
			continue
		}
		n := 0
		for each, err := range expand.BracesSeq(nil, w) {
			n++
			if err != nil || n > maxWords {
				a.unknown("the brace expansion %s makes more than %d words", text, maxWords)
				out = append(out, Word{Text: text, Dynamic: true})
				break
			}
			out = append(out, a.word(each, text))
		}
	}
	return out
}

// word is one word's value, or a dynamic word (its source text) when part
// of it is only known at run time.
func (a *analyzer) word(w *syntax.Word, text string) Word {
	var b strings.Builder
	if !literalParts(&b, w.Parts, false) {
		return Word{Text: text, Dynamic: true}
	}
	v := b.String()
	if lit, ok := firstLit(w); ok && a.opts.Home != "" && (lit == "~" || strings.HasPrefix(lit, "~/")) {
		v = a.opts.Home + v[1:]
	}
	return Word{Text: v}
}

// firstLit is the unquoted literal a word starts with.
func firstLit(w *syntax.Word) (string, bool) {
	if len(w.Parts) == 0 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return lit.Value, true
}

func literalParts(b *strings.Builder, parts []syntax.WordPart, quoted bool) bool {
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value, quoted))
		case *syntax.SglQuoted:
			if p.Dollar {
				// $'...' has escapes of its own: not reproduced here,
				// the word is dynamic.
				return false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar || !literalParts(b, p.Parts, true) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// unescape removes the backslashes the shell removes: before any
// character outside quotes, before $ ` " \ and newline inside double
// quotes. A backslash-newline disappears.
func unescape(s string, quoted bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		next := s[i+1]
		switch {
		case next == '\n':
			i++
		case !quoted || strings.IndexByte("$`\"\\", next) >= 0:
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func sourceText(n syntax.Node, src string) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(src) || start > end {
		return "?"
	}
	return src[start:end]
}
