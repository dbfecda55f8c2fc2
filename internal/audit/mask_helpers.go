package audit

import (
	"math"
	"strings"
	"unicode"
)

// isSecretKey reports whether key (leading dashes, quotes and braces
// aside) names a secret.
func isSecretKey(key string) bool {
	key = strings.ToLower(strings.Trim(key, `-"'{ `))
	if key == "" {
		return false
	}
	for _, k := range secretKeys {
		if strings.Contains(key, k) {
			return true
		}
	}
	return false
}

// isScheme reports whether w is an HTTP authorization scheme whose
// credentials follow it.
func isScheme(w string) bool {
	w = strings.Trim(w, `"'`)
	return strings.EqualFold(w, "Bearer") || strings.EqualFold(w, "Basic") || strings.EqualFold(w, "Token")
}

func isSpace(r rune) bool { return unicode.IsSpace(r) }

// isTokenRune is a character of a token or of base64 (standard or URL;
// its '=' padding ends a run, as '=' ends a key).
func isTokenRune(r rune) bool {
	return r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '/' || r == '_' || r == '-')
}

// minRandom is the shortest run looksRandom can call random.
const minRandom = 32

// looksRandom reports whether a run of token characters is long and
// random enough to be a key: hex with digits and letters, or base64 with
// upper- and lower-case letters and digits and a high entropy. Paths
// (several '/'-separated words) and long words are not.
func looksRandom(r string) bool {
	if len(r) < minRandom {
		return false
	}
	var upper, lower, digit, hexOnly = 0, 0, 0, true
	for _, c := range r {
		switch {
		case c >= 'A' && c <= 'Z':
			upper++
		case c >= 'a' && c <= 'z':
			lower++
		case c >= '0' && c <= '9':
			digit++
		}
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			hexOnly = false
		}
	}
	if hexOnly {
		return digit > 0 && digit < len(r)
	}
	if strings.Count(r, "/") > len(r)/16 || upper == 0 || lower == 0 || digit == 0 {
		return false
	}
	return entropy(r) >= 4
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	h, n := 0.0, float64(len(s))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}
