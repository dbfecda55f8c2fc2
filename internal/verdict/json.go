package verdict

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends v as WriteJSON's encoding/json encoder wrote
// it up to Go 1.26 (indented by two spaces, no HTML escaping, a final
// newline), byte for byte, without reflection: building encoding/json's
// encoders for Verdict and HookReport costs about 90 µs in a fresh
// process, which every fire pays. Its output does not depend on the Go
// version: every string, the hookSpecificOutput maps' included, is written
// by appendJSONString (Go 1.27's encoding/json writes invalid UTF-8 as a
// literal U+FFFD, not \ufffd). ok is false when encoding/json would fail (a
// NaN or infinite duration, an unencodable map value); the caller then
// lets encoding/json report the error. TestVerdictJSONGolden pins the
// output; TestVerdictJSONMeansWhatEncodingJSONMeans and FuzzVerdictJSON
// check it against encoding/json.
func AppendJSON(dst []byte, v Verdict) (_ []byte, ok bool) {
	e := verdictEncoder{b: dst}
	e.verdict(v)
	if e.failed {
		return dst, false
	}
	return append(e.b, '\n'), true
}

type verdictEncoder struct {
	b      []byte
	failed bool
}

// object writes the fields of one JSON object whose opening brace is on a
// line indented depth levels.
type object struct {
	e     *verdictEncoder
	depth int
	n     int
}

func (e *verdictEncoder) object(depth int) object {
	e.b = append(e.b, '{')
	return object{e: e, depth: depth}
}

func (e *verdictEncoder) newline(depth int) {
	e.b = append(e.b, '\n')
	for range depth {
		e.b = append(e.b, "  "...)
	}
}

// key starts the next field, name (a plain ASCII key).
func (o *object) key(name string) {
	if o.n > 0 {
		o.e.b = append(o.e.b, ',')
	}
	o.n++
	o.e.newline(o.depth + 1)
	o.e.b = append(o.e.b, '"')
	o.e.b = append(o.e.b, name...)
	o.e.b = append(o.e.b, '"', ':', ' ')
}

func (o *object) end() {
	if o.n > 0 {
		o.e.newline(o.depth)
	}
	o.e.b = append(o.e.b, '}')
}

func (o *object) str(name, s string) {
	o.key(name)
	o.e.b = appendJSONString(o.e.b, s)
}

func (o *object) strOmitEmpty(name, s string) {
	if s != "" {
		o.str(name, s)
	}
}

func (o *object) bool(name string, b bool) {
	o.key(name)
	o.e.b = strconv.AppendBool(o.e.b, b)
}

func (o *object) float(name string, f float64) {
	o.key(name)
	o.e.float(f)
}

func (e *verdictEncoder) verdict(v Verdict) {
	o := e.object(0)
	o.str("event", v.Event)
	o.bool("blocked", v.Blocked)
	o.strOmitEmpty("decision", v.Decision)
	o.strOmitEmpty("reason", v.Reason)
	o.bool("continue", v.Continue)
	o.strOmitEmpty("stopReason", v.StopReason)
	o.strOmitEmpty("systemMessage", v.SystemMessage)
	if v.SuppressOutput {
		o.bool("suppressOutput", true)
	}
	if len(v.HookSpecificOutput) > 0 {
		o.anyMap("hookSpecificOutput", v.HookSpecificOutput)
	}
	o.key("hooks")
	if v.Hooks == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = append(e.b, '[')
		for i := range v.Hooks {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.newline(2)
			e.hook(&v.Hooks[i], 2)
		}
		if len(v.Hooks) > 0 {
			e.newline(1)
		}
		e.b = append(e.b, ']')
	}
	e.strings(&o, "warnings", v.Warnings)
	e.strings(&o, "untrusted", v.Untrusted)
	e.strings(&o, "pending", v.Pending)
	e.strings(&o, "held", v.Held)
	o.float("durationMs", v.DurationMs)
	o.end()
}

// strings writes a string array member of the verdict, omitted when empty.
func (e *verdictEncoder) strings(o *object, key string, list []string) {
	if len(list) == 0 {
		return
	}
	o.key(key)
	e.b = append(e.b, '[')
	for i, s := range list {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.newline(2)
		e.b = appendJSONString(e.b, s)
	}
	e.newline(1)
	e.b = append(e.b, ']')
}

func (e *verdictEncoder) hook(h *HookReport, depth int) {
	o := e.object(depth)
	o.str("name", h.Name)
	o.str("command", h.Command)
	o.str("source", h.Source)
	o.str("file", h.File)
	o.str("event", h.Event)
	o.str("outcome", string(h.Outcome))
	o.key("exitCode")
	if h.ExitCode == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = strconv.AppendInt(e.b, int64(*h.ExitCode), 10)
	}
	o.str("signal", h.Signal)
	o.float("durationMs", h.DurationMs)
	o.str("stdout", h.Stdout)
	o.str("stderr", h.Stderr)
	o.bool("stdoutTruncated", h.StdoutTruncated)
	o.bool("stderrTruncated", h.StderrTruncated)
	if h.Output != nil {
		o.key("output")
		e.output(h.Output, depth+1)
	}
	o.strOmitEmpty("error", h.Error)
	o.end()
}

func (e *verdictEncoder) output(out *Output, depth int) {
	o := e.object(depth)
	o.strOmitEmpty("decision", out.Decision)
	o.strOmitEmpty("reason", out.Reason)
	if out.Continue != nil {
		o.bool("continue", *out.Continue)
	}
	o.strOmitEmpty("stopReason", out.StopReason)
	o.strOmitEmpty("systemMessage", out.SystemMessage)
	if out.SuppressOutput != nil {
		o.bool("suppressOutput", *out.SuppressOutput)
	}
	if len(out.HookSpecificOutput) > 0 {
		o.anyMap("hookSpecificOutput", out.HookSpecificOutput)
	}
	o.end()
}

// float appends f as encoding/json encodes a float64: like
// strconv's shortest 'f' form, 'e' (exponent without padding) for
// magnitudes below 1e-6 or from 1e21.
func (e *verdictEncoder) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		e.failed = true
		return
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	e.b = strconv.AppendFloat(e.b, f, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9
		n := len(e.b)
		if n >= 4 && e.b[n-4] == 'e' && e.b[n-3] == '-' && e.b[n-2] == '0' {
			e.b[n-2] = e.b[n-1]
			e.b = e.b[:n-1]
		}
	}
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s quoted as encoding/json does without HTML
// escaping: \" \\ \b \f \n \r \t, \u00XX for the other control bytes,
// \ufffd for each invalid UTF-8 byte, \u2028 and \u2029 escaped.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
