package audit

import (
	"strings"
)

// Masked stands in for a secret's value.
const Masked = "***"

// secretKeys are the words that make a key's value a secret (matched
// case-insensitively anywhere in the key).
var secretKeys = [...]string{"token", "secret", "password", "passwd", "api_key", "api-key", "apikey", "access_key", "access-key", "private_key", "private-key", "auth", "credential"}

// tokenPrefixes start the tokens of well-known services; the characters
// after the prefix are masked.
var tokenPrefixes = [...]string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xoxa-", "xoxb-", "xoxp-", "xoxr-", "xoxs-", "xoxe-", "sk-", "AKIA", "ASIA"}

// Mask hides the secrets of s that it recognizes, best effort: the values
// of KEY=VALUE, --key VALUE and "key: value" where the key names a secret
// (token, secret, password, passwd, api_key, apikey, access_key,
// private_key, auth, credential; "-" for "_" too), the
// word after "Bearer" or "Basic", mysql's -pPASSWORD, the password of
// user:pass@ in a URL, well-known token forms (AWS access keys, GitHub,
// GitLab, Slack and OpenAI-style tokens), PEM private-key blocks and runs
// of 32 or more base64 or hex characters that look random. Everything
// else is kept as it is. Mask takes time linear in len(s).
func Mask(s string) string {
	s = maskPEM(s)
	mysql := containsFold(s, "mysql") || containsFold(s, "mariadb")
	var b strings.Builder
	b.Grow(len(s))
	maskNext := false
	var quote byte // a masked value's opening quote, until it closes
	for s != "" {
		i := strings.IndexFunc(s, isSpace)
		if i == 0 {
			j := strings.IndexFunc(s, func(r rune) bool { return !isSpace(r) })
			if j < 0 {
				j = len(s)
			}
			if quote == 0 {
				b.WriteString(s[:j])
			}
			s = s[j:]
			continue
		}
		if i < 0 {
			i = len(s)
		}
		word := s[:i]
		s = s[i:]
		switch {
		case quote != 0:
			// The rest of a quoted secret ('x y'): masked up to its
			// closing quote, which is kept.
			if k := strings.IndexByte(word, quote); k >= 0 {
				b.WriteString(word[k:])
				quote = 0
			}
			continue
		case maskNext:
			maskNext = false
			if isScheme(word) {
				// "Authorization: Bearer TOKEN": the token is next.
				b.WriteString(word)
				maskNext = true
				continue
			}
			b.WriteString(maskWhole(word))
			if q := word[0]; (q == '"' || q == '\'') && strings.IndexByte(word[1:], q) < 0 {
				quote = q
			}
			continue
		}
		var next bool
		word, next = maskWord(word, mysql)
		b.WriteString(word)
		maskNext = next
	}
	return b.String()
}

// maskWord masks one whitespace-free word; next says the word's value is
// the word after it (--password VALUE, "token:" VALUE, Bearer VALUE).
func maskWord(w string, mysql bool) (string, bool) {
	bare := strings.Trim(w, `"'{},`)
	switch {
	case isScheme(bare):
		return w, true
	case strings.HasSuffix(bare, ":") && isSecretKey(strings.TrimSuffix(bare, ":")):
		return w, true
	case strings.HasPrefix(bare, "-") && !strings.Contains(bare, "=") && isSecretKey(bare):
		return w, true
	}
	if k, _, ok := strings.Cut(w, "="); ok && isSecretKey(k) {
		return k + "=" + maskWhole(w[len(k)+1:]), false
	}
	if k, _, ok := strings.Cut(w, ":"); ok && isSecretKey(k) && !strings.Contains(k, "/") && len(w) > len(k)+1 {
		return k + ":" + maskWhole(w[len(k)+1:]), false
	}
	if mysql && strings.HasPrefix(w, "-p") && len(w) > 2 {
		return "-p" + Masked, false
	}
	return maskInWord(w), false
}

// maskWhole masks a value, keeping the quotes and punctuation around it.
func maskWhole(v string) string {
	start := len(v) - len(strings.TrimLeft(v, `"'`))
	end := len(strings.TrimRight(v, `"',;)}`))
	if end <= start {
		return v
	}
	return v[:start] + Masked + v[end:]
}

// maskInWord masks the secrets inside a word: user:pass@ in a URL, known
// token forms and long random-looking runs.
func maskInWord(w string) string {
	w = maskURLPassword(w)
	var b strings.Builder
	for w != "" {
		i := strings.IndexFunc(w, isTokenRune)
		if i < 0 {
			b.WriteString(w)
			break
		}
		b.WriteString(w[:i])
		w = w[i:]
		j := strings.IndexFunc(w, func(r rune) bool { return !isTokenRune(r) })
		if j < 0 {
			j = len(w)
		}
		b.WriteString(maskRun(w[:j]))
		w = w[j:]
	}
	return b.String()
}

// maskRun masks one run of token characters: a known token's value, or
// the whole run when it is long and looks random.
func maskRun(r string) string {
	for _, p := range tokenPrefixes {
		if strings.HasPrefix(r, p) && len(r) >= len(p)+12 {
			return p + Masked
		}
	}
	if looksRandom(r) {
		return Masked
	}
	return r
}

// maskURLPassword masks the password of scheme://user:pass@host.
func maskURLPassword(w string) string {
	i := strings.Index(w, "://")
	if i < 0 {
		return w
	}
	rest := w[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	at := strings.LastIndex(rest[:end], "@")
	if at < 0 {
		return w
	}
	colon := strings.Index(rest[:at], ":")
	if colon < 0 {
		return w
	}
	return w[:i+3] + rest[:colon+1] + Masked + maskURLPassword(rest[at:])
}

// maskPEM replaces each PEM private-key block (to its END line, or to the
// end of s) with its BEGIN line and Masked.
func maskPEM(s string) string {
	const begin = "-----BEGIN "
	var b strings.Builder
	for {
		i := strings.Index(s, begin)
		if i < 0 {
			break
		}
		head := s[i:]
		eol := strings.Index(head[len(begin):], "-----")
		if eol < 0 || !strings.Contains(head[:len(begin)+eol], "PRIVATE KEY") {
			b.WriteString(s[:i+len(begin)])
			s = s[i+len(begin):]
			continue
		}
		label := head[:len(begin)+eol+5]
		b.WriteString(s[:i] + label + Masked)
		rest := head[len(label):]
		end := strings.Index(rest, "-----END ")
		if end < 0 {
			return b.String()
		}
		rest = rest[end+len("-----END "):]
		if k := strings.Index(rest, "-----"); k >= 0 {
			rest = rest[k+5:]
		} else {
			rest = ""
		}
		s = rest
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(s)
	return b.String()
}
