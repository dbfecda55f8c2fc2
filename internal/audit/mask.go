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
// word after "Bearer" or "Basic", mysql's -pPASSWORD, sshpass's -p
// PASSWORD, the password of curl's -u/--user USER:PASSWORD (the user is
// kept), the password of user:pass@ in a URL, well-known token forms (AWS
// access keys, GitHub, GitLab, Slack and OpenAI-style tokens), PEM
// private-key blocks and runs of 32 or more base64 or hex characters that
// look random. Everything else is kept as it is. Mask takes time linear in
// len(s).
func Mask(s string) string {
	s = maskPEM(s)
	tools := toolsOf(s)
	var b strings.Builder
	b.Grow(len(s))
	next := keep   // what the next word is (--password VALUE)
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
		case next == secret && isScheme(word):
			// "Authorization: Bearer TOKEN": the token is next.
			b.WriteString(word)
			continue
		case next != keep:
			masked := maskWhole(word)
			if next == credentials {
				masked = maskCredentials(word)
			}
			if next == secret || masked != word {
				if q := word[0]; (q == '"' || q == '\'') && strings.IndexByte(word[1:], q) < 0 {
					quote = q
				}
			}
			next = keep
			b.WriteString(masked)
			continue
		}
		word, next = maskWord(word, tools)
		b.WriteString(word)
	}
	return b.String()
}

// nextWord is what maskWord says of the word after the one it masked.
type nextWord int

const (
	keep        nextWord = iota
	secret               // a secret's value: masked whole
	credentials          // USER:PASSWORD: the password masked
)

// tools are the programs of a command line whose password options Mask
// knows, found anywhere in it (a wrapper, a pipeline or a list may come
// first).
type tools struct{ mysql, curl, sshpass bool }

func toolsOf(s string) tools {
	lower := strings.ToLower(s)
	return tools{
		mysql:   strings.Contains(lower, "mysql") || strings.Contains(lower, "mariadb"),
		curl:    strings.Contains(lower, "curl"),
		sshpass: strings.Contains(lower, "sshpass"),
	}
}

// maskWord masks one whitespace-free word; the nextWord says what the
// word after it is (--password VALUE, "token:" VALUE, Bearer VALUE,
// curl's -u USER:PASSWORD).
func maskWord(w string, t tools) (string, nextWord) {
	bare := strings.Trim(w, `"'{},`)
	switch {
	case isScheme(bare):
		return w, secret
	case strings.HasSuffix(bare, ":") && isSecretKey(strings.TrimSuffix(bare, ":")):
		return w, secret
	case strings.HasPrefix(bare, "-") && !strings.Contains(bare, "=") && isSecretKey(bare):
		return w, secret
	case t.curl && (w == "-u" || w == "--user"):
		return w, credentials
	case t.curl && strings.HasPrefix(w, "--user="):
		return "--user=" + maskCredentials(w[len("--user="):]), keep
	case t.curl && strings.HasPrefix(w, "-u") && len(w) > 2:
		return "-u" + maskCredentials(w[2:]), keep
	case t.sshpass && w == "-p":
		return w, secret
	}
	if k, _, ok := strings.Cut(w, "="); ok && isSecretKey(k) {
		return k + "=" + maskWhole(w[len(k)+1:]), keep
	}
	if k, _, ok := strings.Cut(w, ":"); ok && isSecretKey(k) && !strings.Contains(k, "/") && len(w) > len(k)+1 {
		return k + ":" + maskWhole(w[len(k)+1:]), keep
	}
	if (t.mysql || t.sshpass) && strings.HasPrefix(w, "-p") && len(w) > 2 {
		return "-p" + Masked, keep
	}
	return maskInWord(w), keep
}

// maskCredentials masks the password of USER:PASSWORD, keeping the user
// and the quotes around; a value without a colon is a user name alone.
func maskCredentials(v string) string {
	colon := strings.IndexByte(v, ':')
	if colon < 0 {
		return maskInWord(v)
	}
	return v[:colon+1] + maskWhole(v[colon+1:])
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
