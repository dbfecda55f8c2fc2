package registry

import (
	"net/url"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/jsonpos"
)

// HTTPHook is the request of a Claude Code "type": "http" hook: the event
// JSON is POSTed to URL with Headers, whose $VAR and ${VAR} references are
// expanded only for the names in AllowedEnvVars (ExpandHeader).
type HTTPHook struct {
	URL string
	// Headers in file order, values as written (not expanded: they may
	// name secrets, and plan and logs never show them expanded).
	Headers        []Header
	AllowedEnvVars []string
	// Proxy is the proxy the request goes through, which Load sets from
	// the user's settings and where hookexec runs (SPEC §2.5).
	Proxy HTTPProxy
}

// HTTPProxy says which proxy an http hook's request uses. Outside an
// agent (FromEnv) the environment's proxy variables decide (HTTPS_PROXY,
// NO_PROXY ...), and URL is used when they name none; under an agent the
// repository can set those variables, so only URL (the user's
// settings.httpProxy) is used, and "" means no proxy.
type HTTPProxy struct {
	FromEnv bool
	URL     string
}

// Header is one request header of an http hook.
type Header struct {
	Name, Value string
}

// ignoredHeaders are set by the HTTP client from the body, as Claude Code
// does: a value given in the config is ignored with a warning.
var ignoredHeaders = []string{"content-length", "transfer-encoding"}

// httpHook reads an http hook entry (the type is already checked): url,
// headers, allowedEnvVars, name, description, timeout, if and the fail
// policy.
// Fields of command hooks are not read; validate reports them as unknown.
func (r *hookReader) httpHook() *Hook {
	h := &Hook{Pos: r.d.pos(r.obj.Off), HTTP: &HTTPHook{}}
	h.HTTP.URL = r.url()
	h.HTTP.AllowedEnvVars = r.stringList("allowedEnvVars")
	h.HTTP.Headers = r.headers(h.HTTP.AllowedEnvVars)
	h.Name = r.str("name")
	h.Description = r.str("description")
	h.Timeout = r.timeout()
	h.If, h.IfRule = r.ifRule()
	h.FailClosed = r.failPolicy()
	if r.bad {
		return nil
	}
	return h
}

// url reads the required "url": an absolute http or https URL with a host.
func (r *hookReader) url() string {
	v := r.obj.Get("url")
	raw := r.str("url")
	if r.bad {
		return ""
	}
	if raw == "" {
		if present(v) {
			r.fail(v.Off, `"url" must not be empty`)
		} else {
			r.fail(r.obj.Off, `missing "url"; an http hook POSTs the event to it`)
		}
		return ""
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		r.fail(v.Off, `"url" is not a valid URL: %s`, strings.TrimPrefix(err.Error(), "parse "))
	case u.Scheme != "http" && u.Scheme != "https":
		r.fail(v.Off, `"url" %q must be an http:// or https:// URL`, raw)
	case u.Host == "":
		r.fail(v.Off, `"url" %q has no host`, raw)
	}
	return raw
}

// headers reads "headers", an object of strings. A name must be an HTTP
// token and a value one line; Content-Length and Transfer-Encoding are
// dropped with a warning. A reference to a variable that allowedEnvVars
// does not list is sent empty, as in Claude Code, and reported.
func (r *hookReader) headers(allowed []string) []Header {
	v := r.obj.Get("headers")
	if r.bad || !present(v) {
		return nil
	}
	if v.Kind != jsonpos.Object {
		r.fail(v.Off, `"headers" must be an object of strings, got %s`, v.Kind)
		return nil
	}
	var out []Header
	for _, m := range v.Members {
		switch {
		case !isToken(m.Key):
			r.fail(m.KeyOff, `"headers" has an invalid header name %q`, m.Key)
		case m.Val.Kind != jsonpos.String:
			r.fail(m.Val.Off, `"headers.%s" must be a string, got %s`, m.Key, m.Val.Kind)
		case strings.ContainsAny(m.Val.Str, "\r\n\x00"):
			r.fail(m.Val.Off, `"headers.%s" must be one line without NUL bytes`, m.Key)
		}
		if r.bad {
			return nil
		}
		if containsFold(ignoredHeaders, m.Key) {
			r.d.advise(m.KeyOff, `%s: header %q is ignored: the length of the request comes from its body`, r.where, m.Key)
			continue
		}
		for _, name := range HeaderVars(m.Val.Str) {
			if !slices.Contains(allowed, name) {
				r.d.advise(m.Val.Off, `%s: header %q uses $%s, which "allowedEnvVars" does not list; it is sent empty`, r.where, m.Key, name)
			}
		}
		out = append(out, Header{Name: m.Key, Value: m.Val.Str})
	}
	return out
}

// stringList reads an optional array of strings.
func (r *hookReader) stringList(key string) []string {
	v := r.obj.Get(key)
	if r.bad || !present(v) {
		return nil
	}
	if v.Kind != jsonpos.Array {
		r.fail(v.Off, `%q must be an array of strings, got %s`, key, v.Kind)
		return nil
	}
	out := make([]string, 0, len(v.Elems))
	for i, el := range v.Elems {
		switch {
		case el.Kind != jsonpos.String:
			r.fail(el.Off, `"%s[%d]" must be a string, got %s`, key, i, el.Kind)
		case hasNUL(el.Str):
			r.fail(el.Off, `"%s[%d]" contains a NUL byte`, key, i)
		}
		out = append(out, el.Str)
	}
	return out
}

// isToken reports whether s is an HTTP header field name (RFC 9110 token).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
