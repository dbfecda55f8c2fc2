package verdict

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// referenceJSON is what WriteJSON wrote for every value before the
// hand-written verdict encoder: encoding/json, indented, no HTML escaping.
func referenceJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(v)
	return buf.Bytes(), err
}

// referenceEscapesInvalidUTF8 reports whether this Go's encoding/json
// writes an invalid UTF-8 byte as \ufffd, as the verdict encoder does (Go
// 1.26 and older); Go 1.27 writes a literal U+FFFD.
func referenceEscapesInvalidUTF8() bool {
	b, err := json.Marshal("\xff")
	return err == nil && string(b) == `"\ufffd"`
}

// decodeJSON decodes a document with numbers kept as written.
func decodeJSON(t *testing.T, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("not valid JSON: %v\n%s", err, b)
	}
	return v
}

// checkVerdictJSON checks the hand-written encoder's output for v against
// its own rules, not byte for byte against this Go's encoding/json, whose
// output changes between Go versions: it fails exactly where encoding/json
// fails; otherwise the document is indented as json.Indent indents it,
// means what encoding/json's document means (the same values once
// decoded; invalid UTF-8 decodes to U+FFFD either way), and WriteJSON
// writes it. On a Go whose encoding/json escapes invalid UTF-8 as the
// encoder does (1.26), the bytes must be the same as well. The exact
// escaping, number forms and field order are pinned by
// TestVerdictJSONGolden and TestAppendJSONString.
func checkVerdictJSON(t *testing.T, name string, v Verdict) {
	t.Helper()
	want, wantErr := referenceJSON(v)
	got, ok := AppendJSON(nil, v)
	if wantErr != nil {
		if ok {
			t.Errorf("%s: encoding/json fails (%v), the hand-written encoder wrote %q", name, wantErr, got)
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, v); err == nil || err.Error() != wantErr.Error() || buf.Len() != 0 {
			t.Errorf("%s: WriteJSON = %v, %q; want error %v and no output", name, err, buf.Bytes(), wantErr)
		}
		return
	}
	if !ok {
		t.Fatalf("%s: hand-written encoder failed where encoding/json gives %s", name, want)
	}
	var compact, indented bytes.Buffer
	if err := json.Compact(&compact, got); err != nil {
		t.Fatalf("%s: not valid JSON: %v\n%s", name, err, got)
	}
	if err := json.Indent(&indented, compact.Bytes(), "", "  "); err != nil {
		t.Fatal(err)
	}
	indented.WriteByte('\n')
	if !bytes.Equal(got, indented.Bytes()) {
		t.Fatalf("%s: not indented as json.Indent does\ngot:\n%s\nwant:\n%s", name, got, indented.Bytes())
	}
	if g, w := decodeJSON(t, got), decodeJSON(t, want); !reflect.DeepEqual(g, w) {
		t.Fatalf("%s: decodes to other values than encoding/json's document\ngot:\n%s\nencoding/json:\n%s", name, got, want)
	}
	if referenceEscapesInvalidUTF8() && !bytes.Equal(got, want) {
		t.Fatalf("%s: hand-written encoder differs from encoding/json\ngot:\n%s\nwant:\n%s", name, got, want)
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, v); err != nil || !bytes.Equal(buf.Bytes(), got) {
		t.Fatalf("%s: WriteJSON = %v, %q; want %q", name, err, buf.Bytes(), got)
	}
}

func ptr[T any](v T) *T { return &v }

func TestVerdictJSONMeansWhatEncodingJSONMeans(t *testing.T) {
	nested := map[string]any{
		"hookEventName":            "PreToolUse",
		"permissionDecision":       "deny",
		"permissionDecisionReason": "<script>&\u2028\u2029\x00\x1f\"\\",
		"tool_input":               map[string]any{"command": "rm -rf /", "n": json.Number("1.50"), "list": []any{1, "two", nil, true, map[string]any{}}, "empty": []any{}},
		"updatedInput":             map[string]any{"a": map[string]any{"b": map[string]any{"c": 1e-7, "d": 1e21, "e": 123456789.0}}},
		"raw":                      json.RawMessage(`{ "x" : [1, 2] , "y":{}}`),
	}
	full := Verdict{
		Event: "BeforeTool", Blocked: true, Decision: "deny", Reason: "no <&> way",
		Continue: false, StopReason: "stop\n", SystemMessage: "msg\t\u2028", SuppressOutput: true,
		HookSpecificOutput: nested,
		Hooks: []HookReport{
			{
				Name: "guard", Command: "./guard.sh 'a b'", Source: "project", File: "/p/.gemini/settings.json",
				Event: "BeforeTool", Outcome: Blocked, ExitCode: ptr(2), DurationMs: 12.345,
				Stdout: "{\"decision\":\"deny\"}\n", Stderr: "bad\x00\x7f\ufffd", StdoutTruncated: true,
				Output: &Output{
					Decision: "deny", Reason: "r", Continue: ptr(false), StopReason: "s", SystemMessage: "m",
					SuppressOutput: ptr(false), HookSpecificOutput: nested,
				},
				Error: "exit status 2",
			},
			{Name: "sig", Outcome: Error, Signal: "SIGSEGV", StderrTruncated: true, Output: &Output{}},
			{Name: "to", Outcome: Timeout, ExitCode: ptr(-1), DurationMs: 5000, Output: &Output{Continue: ptr(true), SuppressOutput: ptr(true)}},
		},
		Warnings:   []string{"w1", "", "ünïcödé ✓ 🎉"},
		Untrusted:  []string{"/p/.hookexec/hooks.json", "/p/.hookexec/hooks.local.json"},
		DurationMs: 0.000001,
	}
	cases := map[string]Verdict{
		"zero":               {},
		"no hooks nil":       {Event: "BeforeTool", Continue: true, DurationMs: 0.389},
		"no hooks empty":     {Event: "BeforeTool", Continue: true, Hooks: []HookReport{}, Warnings: []string{}, HookSpecificOutput: map[string]any{}},
		"one true":           {Event: "BeforeTool", Continue: true, DurationMs: 2.151, Hooks: []HookReport{{Name: "true", Command: "true", Source: "runtime", File: "/tmp/one.json", Event: "BeforeTool", Outcome: Success, ExitCode: ptr(0), DurationMs: 1.605}}},
		"full":               full,
		"invalid utf8":       {Event: "x\xff\xfe", Hooks: []HookReport{{Stdout: "a\xc3(b\xe2\x82", Stderr: "\xed\xa0\x80"}}},
		"floats":             {DurationMs: 1e21, Hooks: []HookReport{{DurationMs: 1e-7}, {DurationMs: math.Copysign(0, -1)}, {DurationMs: 123456789012345678}, {DurationMs: 9.999999e-7}, {DurationMs: 1e20}, {DurationMs: math.SmallestNonzeroFloat64}, {DurationMs: math.MaxFloat64}}},
		"NaN":                {DurationMs: math.NaN()},
		"Inf in hook":        {Hooks: []HookReport{{DurationMs: math.Inf(-1)}}},
		"unencodable map":    {HookSpecificOutput: map[string]any{"f": func() {}}},
		"NaN in nested map":  {Hooks: []HookReport{{Output: &Output{HookSpecificOutput: map[string]any{"n": math.NaN()}}}}},
		"invalid raw in map": {HookSpecificOutput: map[string]any{"r": json.RawMessage(`{`)}},
		"html in map keys":   {HookSpecificOutput: map[string]any{"<&>\u2028": "<&>", "": nil, "z": []string(nil)}},
		"exit codes":         {Hooks: []HookReport{{ExitCode: ptr(math.MaxInt)}, {ExitCode: ptr(math.MinInt)}, {ExitCode: nil}}},
	}
	for name, v := range cases {
		checkVerdictJSON(t, name, v)
	}

	// Every byte value and some runes in every string field.
	var all strings.Builder
	for b := range 256 {
		all.WriteByte(byte(b))
	}
	all.WriteString("\u2028\u2029\u00e9\U0001F600\ufffd")
	s := all.String()
	checkVerdictJSON(t, "all bytes", Verdict{
		Event: s, Decision: s, Reason: s, StopReason: s, SystemMessage: s, Warnings: []string{s},
		HookSpecificOutput: map[string]any{s: s},
		Hooks: []HookReport{{
			Name: s, Command: s, Source: s, File: s, Event: s, Outcome: Outcome(s), Signal: s,
			Stdout: s, Stderr: s, Error: s,
			Output: &Output{Decision: s, Reason: s, StopReason: s, SystemMessage: s, HookSpecificOutput: map[string]any{s: []any{s}}},
		}},
	})

	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		checkVerdictJSON(t, "random "+strconv.Itoa(i), randomVerdict(rng))
	}
}

var randomPieces = []string{
	"", "a", "hello world", "<", ">", "&", "\"", "\\", "/", "\n", "\r", "\t", "\b", "\f", "\x00", "\x01", "\x1b[31m", "\x1f", "\x7f",
	"\u2028", "\u2029", "é", "日本語", "🎉", "\ufffd", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "{\"decision\":\"deny\"}", "  ",
}

func randomString(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(6) {
		b.WriteString(randomPieces[rng.IntN(len(randomPieces))])
	}
	return b.String()
}

func randomFloat(rng *rand.Rand) float64 {
	switch rng.IntN(6) {
	case 0:
		return 0
	case 1:
		return float64(rng.IntN(100000)) / 1000
	case 2:
		return rng.Float64() * math.Pow(10, float64(rng.IntN(50)-25))
	case 3:
		return -rng.Float64()
	default:
		return rng.NormFloat64() * 1000
	}
}

func randomAny(rng *rand.Rand, depth int) any {
	k := rng.IntN(9)
	if depth > 3 {
		k %= 5
	}
	switch k {
	case 0:
		return nil
	case 1:
		return rng.IntN(2) == 0
	case 2:
		return randomFloat(rng)
	case 3:
		return randomString(rng)
	case 4:
		return json.Number("12.50")
	case 5, 6:
		m := map[string]any{}
		for range rng.IntN(4) {
			m[randomString(rng)] = randomAny(rng, depth+1)
		}
		return m
	default:
		var l []any
		if rng.IntN(3) > 0 {
			l = []any{}
		}
		for range rng.IntN(4) {
			l = append(l, randomAny(rng, depth+1))
		}
		return l
	}
}

func randomMap(rng *rand.Rand) map[string]any {
	switch rng.IntN(4) {
	case 0:
		return nil
	case 1:
		return map[string]any{}
	}
	m := map[string]any{}
	for range 1 + rng.IntN(4) {
		m[randomString(rng)] = randomAny(rng, 0)
	}
	return m
}

func randomBoolPtr(rng *rand.Rand) *bool {
	if rng.IntN(3) == 0 {
		return nil
	}
	return ptr(rng.IntN(2) == 0)
}

func randomVerdict(rng *rand.Rand) Verdict {
	v := Verdict{
		Event: randomString(rng), Blocked: rng.IntN(2) == 0, Decision: randomString(rng), Reason: randomString(rng),
		Continue: rng.IntN(2) == 0, StopReason: randomString(rng), SystemMessage: randomString(rng),
		SuppressOutput: rng.IntN(2) == 0, HookSpecificOutput: randomMap(rng), DurationMs: randomFloat(rng),
	}
	if n := rng.IntN(5); n > 0 || rng.IntN(2) == 0 {
		v.Hooks = []HookReport{}
		for range n {
			h := HookReport{
				Name: randomString(rng), Command: randomString(rng), Source: randomString(rng), File: randomString(rng),
				Event: randomString(rng), Outcome: Outcome(randomString(rng)), Signal: randomString(rng),
				DurationMs: randomFloat(rng), Stdout: randomString(rng), Stderr: randomString(rng),
				StdoutTruncated: rng.IntN(2) == 0, StderrTruncated: rng.IntN(2) == 0, Error: randomString(rng),
			}
			if rng.IntN(3) > 0 {
				h.ExitCode = ptr(rng.IntN(512) - 256)
			}
			if rng.IntN(3) > 0 {
				h.Output = &Output{
					Decision: randomString(rng), Reason: randomString(rng), Continue: randomBoolPtr(rng),
					StopReason: randomString(rng), SystemMessage: randomString(rng), SuppressOutput: randomBoolPtr(rng),
					HookSpecificOutput: randomMap(rng),
				}
			}
			v.Hooks = append(v.Hooks, h)
		}
	}
	switch rng.IntN(3) {
	case 1:
		v.Warnings = []string{}
	case 2:
		for range 1 + rng.IntN(3) {
			v.Warnings = append(v.Warnings, randomString(rng))
		}
	}
	if rng.IntN(2) == 1 {
		v.Untrusted = []string{randomString(rng)}
	}
	return v
}
