package casefile

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/spelling"
	"github.com/hookexec/hookexec/internal/trust"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Field names, for validation and "did you mean" suggestions.
var (
	caseFields   = []string{"name", "description", "event", "config", "dialect", "input", "env", "expect"}
	expectFields = []string{"blocked", "decision", "continue", "exitCode", "reasonContains", "stopReasonContains",
		"systemMessageContains", "additionalContextContains", "errorContains", "hookCount", "hooks"}
	hookFields = []string{"name", "outcome", "exitCode", "decision", "stdoutContains", "stderrContains"}
	outcomes   = []verdict.Outcome{verdict.Success, verdict.Blocked, verdict.Error, verdict.Timeout,
		verdict.SpawnError, verdict.Cancelled, verdict.Skipped, verdict.Async}
)

// Parse reads the cases of one case file: a case object or an array of
// them. file names the file in positions and anchors relative config paths.
// A malformed file yields an *Error naming file:line:col.
func Parse(file string, data []byte) ([]Case, error) {
	if bytes.HasPrefix(data, []byte(jsonpos.BOM)) {
		// A leading byte order mark is ignored, as everywhere; the
		// columns still count its bytes, as a config's do.
		data = append([]byte("   "), data[len(jsonpos.BOM):]...)
	}
	r := newReader(file, data)
	root, err := r.root()
	if err != nil {
		return nil, err
	}
	nodes := []node{root}
	if kindOf(root) == "an array" {
		if nodes, err = r.elements(root, "a case file"); err != nil {
			return nil, err
		}
	} else if kindOf(root) != "an object" {
		return nil, r.errorf(root.off, "a case file must hold a case object or an array of them, not %s", kindOf(root))
	}
	cases := make([]Case, 0, len(nodes))
	for _, n := range nodes {
		c, err := r.parseCase(n)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

func (r *reader) parseCase(n node) (Case, error) {
	members, err := r.members(n, "a case")
	if err != nil {
		return Case{}, err
	}
	c := Case{Pos: r.pos(n.off), Input: []byte("{}")}
	seen := map[string]bool{}
	for _, m := range members {
		seen[m.key] = true
		if err := r.caseField(&c, m); err != nil {
			return Case{}, err
		}
	}
	switch {
	case !seen["name"]:
		return Case{}, r.errorf(n.off, `a case needs a "name"`)
	case !seen["event"]:
		return Case{}, r.errorf(n.off, `case %q needs an "event"`, c.Name)
	case !seen["expect"]:
		return Case{}, r.errorf(n.off, `case %q needs an "expect" object`, c.Name)
	}
	return c, nil
}

func (r *reader) caseField(c *Case, m member) error {
	var err error
	switch m.key {
	case "name":
		if c.Name, err = r.str(m.val, "name"); err == nil && strings.TrimSpace(c.Name) == "" {
			err = r.errorf(m.val.off, "name must not be empty")
		}
	case "description":
		_, err = r.str(m.val, "description")
	case "event":
		if c.EventName, err = r.str(m.val, "event"); err != nil {
			return err
		}
		name, rerr := agents.LookupEvent(c.EventName)
		if rerr != nil {
			return r.errorf(m.val.off, "%v", rerr)
		}
		c.Event, c.Fired = name.Event, name
	case "config":
		err = r.config(c, m.val)
	case "dialect":
		if c.Dialect, err = r.str(m.val, "dialect"); err == nil {
			if _, derr := registry.ParseDialect(c.Dialect); derr != nil {
				err = r.errorf(m.val.off, "%v", derr)
			}
		}
	case "input":
		if kindOf(m.val) != "an object" {
			return r.errorf(m.val.off, "input must be a JSON object (the event), got %s", kindOf(m.val))
		}
		c.Input = m.val.raw
	case "env":
		c.Env, err = r.env(m.val)
	case "expect":
		c.Expect, err = r.expect(m.val)
	default:
		err = r.unknown(m, "a case", caseFields)
	}
	return err
}

// config reads "config": a path, an array of paths, or an inline object.
func (r *reader) config(c *Case, n node) error {
	c.Configs, c.Inline = nil, nil
	if kindOf(n) == "an object" {
		c.Inline = r.padded(n)
		return nil
	}
	if kindOf(n) != "a string" && kindOf(n) != "an array" {
		return r.errorf(n.off, "config must be a path, an array of paths or an inline config object, got %s", kindOf(n))
	}
	paths, err := r.substrings(n, "config")
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return r.errorf(n.off, "config must name at least one file")
	}
	for _, p := range paths {
		if p == "" {
			return r.errorf(n.off, "config: empty file name")
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(r.file), p)
		}
		c.Configs = append(c.Configs, p)
	}
	return nil
}

func (r *reader) env(n node) (map[string]string, error) {
	members, err := r.members(n, "env")
	if err != nil {
		return nil, err
	}
	env := make(map[string]string, len(members))
	for _, m := range members {
		if m.key == "" || strings.ContainsAny(m.key, "=\x00") {
			return nil, r.errorf(m.keyOff, "env: invalid variable name %q", m.key)
		}
		if strings.EqualFold(m.key, trust.EnvVar) {
			// Trust is the user's to give, never a case file's (SPEC §2.4).
			return nil, r.errorf(m.keyOff, "env: a case cannot set %s", trust.EnvVar)
		}
		if env[m.key], err = r.str(m.val, "env."+m.key); err != nil {
			return nil, err
		}
		if strings.IndexByte(env[m.key], 0) >= 0 {
			// No environment holds a NUL: every hook would fail to start.
			return nil, r.errorf(m.val.off, "env.%s contains a NUL byte", m.key)
		}
	}
	return env, nil
}

// unknown reports a field that is not one of known.
func (r *reader) unknown(m member, in string, known []string) error {
	if s := spelling.Closest(m.key, known, len(m.key)/3+1); s != "" {
		return r.errorf(m.keyOff, "unknown field %q in %s (did you mean %q?)", m.key, in, s)
	}
	return r.errorf(m.keyOff, "unknown field %q in %s (known: %s)", m.key, in, strings.Join(known, ", "))
}

// suggest returns the known name closest to name, if it is close enough to

// oneOf checks that s is one of the allowed values.
func (r *reader) oneOf(n node, what, s string, allowed []string) error {
	if slices.Contains(allowed, s) {
		return nil
	}
	return r.errorf(n.off, "%s must be one of %s, got %q", what, quoteAll(allowed), s)
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
