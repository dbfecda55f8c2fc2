package permrule

import "strings"

// A pattern is a Bash rule's command pattern: literal runes and stars, a
// star matching any run of characters (spaces included). A subject is a
// command as a sequence of literal runes and holes, a hole standing for a
// word whose value is only known at run time ($VAR, $(...)): it may be
// anything. A pattern matches a subject when some value of the holes makes
// the text match, so an unknown word never hides a match.
type elem struct {
	r    rune
	star bool // in a pattern: *; in a subject: a hole
}

type pattern []elem

// compileWildcard reads a command pattern: "\*" is a literal star and
// "\\" a backslash; other characters are literal.
func compileWildcard(s string) pattern {
	var p pattern
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		switch {
		case rs[i] == '\\' && i+1 < len(rs) && (rs[i+1] == '*' || rs[i+1] == '\\'):
			i++
			p = append(p, elem{r: rs[i]})
		case rs[i] == '*':
			p = append(p, elem{star: true})
		default:
			p = append(p, elem{r: rs[i]})
		}
	}
	return p
}

func (p pattern) stars() int {
	n := 0
	for _, e := range p {
		if e.star {
			n++
		}
	}
	return n
}

// shellPatterns turns a Bash rule's specifier into the patterns it stands
// for: "npm run test:*" (the legacy prefix form) is "npm run test" or
// "npm run test *"; a pattern whose only star ends it after a space ("ls
// *") also matches the bare command ("ls") but not "lsof"; "*" alone
// matches everything.
func shellPatterns(spec string) []pattern {
	if prefix, ok := strings.CutSuffix(spec, ":*"); ok && prefix != "" {
		exact := compileWildcard(prefix)
		return []pattern{exact, append(append(pattern{}, exact...), elem{r: ' '}, elem{star: true})}
	}
	p := compileWildcard(spec)
	n := len(p)
	if p.stars() == 1 && n >= 2 && p[n-1].star && !p[n-2].star && p[n-2].r == ' ' {
		return []pattern{p, p[:n-2]}
	}
	return []pattern{p}
}

// matchHoles reports whether p matches s for some value of s's holes: the
// emptiness test of the intersection of two star patterns. States are
// (elements of p consumed, elements of s consumed); the table is filled
// one row of p at a time, so memory stays linear in the command's length.
func matchHoles(p pattern, s []elem) bool {
	cur, next := make([]bool, len(s)+1), make([]bool, len(s)+1)
	cur[0] = true
	// Within a row: a star of p takes s[j], or the hole s[j] ends.
	closeRow := func(row []bool, i int) {
		for j := 0; j < len(s); j++ {
			if row[j] && (i < len(p) && p[i].star || s[j].star) {
				row[j+1] = true
			}
		}
	}
	closeRow(cur, 0)
	for i := 1; i <= len(p); i++ {
		clear(next)
		pe := p[i-1]
		for j, ok := range cur {
			if !ok {
				continue
			}
			hole := j < len(s) && s[j].star
			if pe.star || hole {
				// The star ends here, or the hole stands for p[i-1].
				next[j] = true
			}
			if j < len(s) && !pe.star && !hole && pe.r == s[j].r {
				next[j+1] = true
			}
		}
		closeRow(next, i)
		cur, next = next, cur
	}
	return cur[len(s)]
}

// literal makes a subject of plain text.
func literal(s string) []elem {
	out := make([]elem, 0, len(s))
	for _, r := range s {
		out = append(out, elem{r: r})
	}
	return out
}

// matchAny reports whether one of ps matches s.
func matchAny(ps []pattern, s []elem) bool {
	for _, p := range ps {
		if matchHoles(p, s) {
			return true
		}
	}
	return false
}
