package registry

import (
	"strconv"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/duration"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/trust"
)

// unsupportedType reports the Claude Code hook types hookexec does not run.
func unsupportedType(t string) bool {
	switch t {
	case "prompt", "agent", "mcp_tool":
		return true
	}
	return false
}

// hookReader reads the fields of one hook entry. The first problem makes
// the entry invalid: it is reported and later fields are not read.
type hookReader struct {
	d     *fileDecoder
	where string
	obj   *jsonpos.Value
	bad   bool
}

func (r *hookReader) fail(off int, format string, args ...any) {
	if r.bad {
		return
	}
	r.bad = true
	r.d.skip(off, r.where+": "+format+"; hook skipped", args...)
}

// str reads an optional string field.
func (r *hookReader) str(key string) string {
	v := r.obj.Get(key)
	if r.bad || !present(v) {
		return ""
	}
	if v.Kind != jsonpos.String {
		r.fail(v.Off, "%q must be a string, got %s", key, v.Kind)
		return ""
	}
	if hasNUL(v.Str) {
		r.fail(v.Off, "%q contains a NUL byte", key)
		return ""
	}
	return v.Str
}

func hasNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }

// hook reads one hook entry; it returns nil (after a warning) when the entry
// is invalid or unsupported. The caller fills in the definition's and
// file's fields.
func (d *fileDecoder) hook(where string, v *jsonpos.Value) *Hook {
	if v.Kind != jsonpos.Object {
		d.skip(v.Off, "%s: a hook must be an object, got %s; skipped", where, v.Kind)
		return nil
	}
	r := &hookReader{d: d, where: where, obj: v}
	typ := r.checkType()
	if off, msg := d.unknownField(v, knownHookFields()); msg != "" && !r.bad {
		r.fail(off, "%s", msg)
		d.warnings[len(d.warnings)-1].Weakens = true
		return nil
	}
	switch typ {
	case "http":
		return r.httpHook()
	case "rules":
		return r.rulesHook()
	}
	h := &Hook{Pos: d.pos(v.Off)}
	h.Command = r.str("command")
	if !r.bad && strings.TrimSpace(h.Command) == "" {
		if cv := v.Get("command"); present(cv) {
			r.fail(cv.Off, `"command" must not be empty`)
		} else {
			r.fail(v.Off, `missing "command"`)
		}
	}
	h.Args, h.ExecForm = r.args()
	h.Name = r.str("name")
	h.Description = r.str("description")
	h.Shell = r.shell()
	h.Timeout = r.timeout()
	h.Env = r.env()
	h.If, h.IfRule = r.ifRule()
	h.FailClosed = r.failPolicy()
	r.claudeFields(h)
	if r.bad {
		return nil
	}
	if root := d.pluginRoot; root != "" {
		// The agent gives a plugin's hooks their plugin directory
		// ($CLAUDE_PLUGIN_ROOT); the hook's own env still wins.
		if h.Env == nil {
			h.Env = map[string]string{}
		}
		if _, ok := h.Env[d.pluginVar]; !ok {
			h.Env[d.pluginVar] = root
		}
	}
	if vars := d.agent.PastedVars; vars != nil && !h.ExecForm {
		h.Command = pasteQuoteVars(h.Command, vars)
	}
	if dir := d.spec.extDir; dir != "" {
		// SPEC §2.3: ${extensionPath} is the extension's directory. The
		// exec form and env values reach no shell: plain substitution. In
		// the shell form the directory is never pasted in as text (a
		// directory named `e$(touch pwned)` would run code): it becomes a
		// reference to $HOOKEXEC_EXTENSION_PATH, which every hook of the
		// extension gets.
		expand := func(s string) string { return strings.ReplaceAll(s, extensionPathToken, dir) }
		if h.ExecForm {
			h.Command = expand(h.Command)
		} else {
			h.Command = shellExtensionPath(h.Command)
		}
		for i := range h.Args {
			h.Args[i] = expand(h.Args[i])
		}
		if h.Env == nil {
			h.Env = map[string]string{}
		}
		for k, val := range h.Env {
			h.Env[k] = expand(val)
		}
		h.Env[ExtensionPathVar] = dir
	}
	return h
}

// checkType requires "type": "command" or "http", or in the native
// dialect "rules", and returns it.
func (r *hookReader) checkType() string {
	t := r.obj.Get("type")
	switch {
	case present(t) && t.Str == "rules" && r.d.spec.dialect == Native:
		return t.Str
	case present(t) && t.Str == "rules":
		r.fail(t.Off, `"type": "rules" is read in hookexec's own (native) configs only; %s does not know it`, r.d.spec.dialect.agent())
	case !present(t):
		r.fail(r.obj.Off, `missing "type"; it must be "command" or "http"`)
	case t.Kind != jsonpos.String:
		r.fail(t.Off, `"type" must be the string "command" or "http", got %s`, t.Kind)
	case t.Str == "command", t.Str == "http":
		return t.Str
	case strings.EqualFold(t.Str, "command"), strings.EqualFold(t.Str, "http"):
		r.fail(t.Off, `"type" is %q; types are case-sensitive, use %q`, t.Str, strings.ToLower(t.Str))
	case unsupportedType(t.Str):
		r.fail(t.Off, `unsupported hook type %q; hookexec runs "command" and "http" hooks`, t.Str)
	default:
		r.fail(t.Off, `unknown hook type %q; it must be "command" or "http"`, t.Str)
	}
	return ""
}

// args reads the exec form's argument list.
func (r *hookReader) args() ([]string, bool) {
	v := r.obj.Get("args")
	if r.bad || !present(v) {
		return nil, false
	}
	if v.Kind != jsonpos.Array {
		r.fail(v.Off, `"args" must be an array of strings, got %s`, v.Kind)
		return nil, false
	}
	args := make([]string, 0, len(v.Elems))
	for i, el := range v.Elems {
		switch {
		case el.Kind != jsonpos.String:
			r.fail(el.Off, `"args[%d]" must be a string, got %s`, i, el.Kind)
		case hasNUL(el.Str):
			r.fail(el.Off, `"args[%d]" contains a NUL byte`, i)
		}
		args = append(args, el.Str)
	}
	return args, true
}

// env reads a string -> string object.
func (r *hookReader) env() map[string]string {
	v := r.obj.Get("env")
	if r.bad || !present(v) {
		return nil
	}
	if v.Kind != jsonpos.Object {
		r.fail(v.Off, `"env" must be an object of strings, got %s`, v.Kind)
		return nil
	}
	env := make(map[string]string, len(v.Members))
	for _, m := range v.Members {
		switch {
		case m.Key == "" || strings.ContainsAny(m.Key, "=\x00"):
			r.fail(m.KeyOff, `"env" has an invalid variable name %q`, m.Key)
		case m.Val.Kind != jsonpos.String:
			r.fail(m.Val.Off, `"env.%s" must be a string, got %s`, m.Key, m.Val.Kind)
		case hasNUL(m.Val.Str):
			r.fail(m.Val.Off, `"env.%s" contains a NUL byte`, m.Key)
		}
		if why, ok := reservedEnv(m.Key); ok && !r.bad {
			r.d.warn(m.KeyOff, `%s: "env.%s" is ignored: %s`, r.where, m.Key, why)
			continue
		}
		env[m.Key] = m.Val.Str
	}
	return env
}

// reservedEnv reports whether a hook's env cannot set name, and why (SPEC
// §2.4, §4.3). The engine enforces the same; dropping such a variable here
// keeps the plan and dedup true to what runs, and the warning says so.
func reservedEnv(name string) (why string, ok bool) {
	switch name {
	case "HOOKEXEC_DEPTH":
		return "hookexec counts nested runs with it, so a hook cannot reset the recursion guard", true
	case trust.EnvVar:
		return "only the user trusts a project, never a config (SPEC §2.4)", true
	}
	return "", false
}

// timeout reads a positive number in the dialect's unit, or a positive Go
// duration string.
func (r *hookReader) timeout() time.Duration {
	v := r.obj.Get("timeout")
	if r.bad || !present(v) {
		return 0
	}
	unit := r.d.spec.dialect.TimeoutUnit()
	unitName := "milliseconds"
	if unit == time.Second {
		unitName = "seconds"
	}
	switch v.Kind {
	case jsonpos.Number:
		f, err := strconv.ParseFloat(v.Str, 64)
		legacy := err == nil && r.d.spec.dialect.TimeoutUnitOf(f) != unit
		if legacy {
			// The agent reads this number in milliseconds (Qwen Code: 1000
			// or more), so hookexec does too, and there is nothing to warn
			// about.
			unit, unitName = time.Millisecond, "milliseconds"
		}
		dur, ok := duration.Units(f, unit)
		switch {
		case err != nil:
			r.fail(v.Off, `"timeout" %s is out of range`, v.Str)
		case f <= 0:
			r.fail(v.Off, `"timeout" must be positive, got %s`, v.Str)
		case !ok:
			r.fail(v.Off, `"timeout" %s %s is too large`, v.Str, unitName)
		case dur < 1:
			r.fail(v.Off, `"timeout" %s %s is too small`, v.Str, unitName)
		default:
			if !legacy {
				r.unitWarning(v, f, dur)
			}
			return dur
		}
	case jsonpos.String:
		dur, err := time.ParseDuration(v.Str)
		switch {
		case err != nil:
			r.fail(v.Off, `"timeout" %q is neither a number (%s) nor a duration such as "1m30s"`, v.Str, unitName)
		case dur <= 0:
			r.fail(v.Off, `"timeout" must be positive, got %q`, v.Str)
		default:
			return dur
		}
	default:
		r.fail(v.Off, `"timeout" must be a number (%s) or a duration string such as "1m30s", got %s`, unitName, v.Kind)
	}
	return 0
}

// unitWarning warns about a timeout number that looks like the wrong unit:
// 1000 or more in a seconds dialect, less than 100 in a milliseconds one. A
// Claude Code config passed with --config from outside .claude/ is read in
// the native dialect, where "timeout": 2 kills the hook after 2 ms, so the
// warning says how the file's dialect was chosen. It is a load warning, so
// fire lists it in the verdict's warnings and validate prints it.
func (r *hookReader) unitWarning(v *jsonpos.Value, f float64, dur time.Duration) {
	dialect := r.d.spec.dialect
	var meant time.Duration
	var number, unitName string
	switch unit := dialect.TimeoutUnit(); {
	case unit == time.Second && f >= 1000:
		meant, number, unitName = time.Duration(f*float64(time.Millisecond)), strconv.FormatFloat(f/1000, 'f', -1, 64), "seconds"
	case unit == time.Millisecond && f < 100:
		meant, number, unitName = time.Duration(f*float64(time.Second)), strconv.FormatFloat(f*1000, 'f', -1, 64), "milliseconds"
	default:
		return
	}
	r.d.advise(v.Off, `%s: "timeout": %s is %s; %s timeouts are in %s (for %s write %s or %q; %s)`,
		r.where, v.Str, ShortDuration(dur), dialect, unitName, ShortDuration(meant), number, ShortDuration(meant), dialectChoice)
	// A hook killed after a few milliseconds is a guard that never
	// decides: trust refuses it and doctor fails. Fire still runs it as
	// written (a test of timeouts means it).
	r.d.warnings[len(r.d.warnings)-1].Weakens = meant > dur
}

// dialectChoice says how a file's dialect is chosen, for messages about it.
const dialectChoice = "the dialect comes from the file's directory, .claude/ meaning claude, or from --dialect"
