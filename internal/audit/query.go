package audit

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/spelling"
)

// Query picks records: every field set must match (the zero Query picks
// every record).
type Query struct {
	// Blocked keeps the blocked and denied events (Stopped); GuardOff
	// those where a hook hookexec was given did not run (Record.GuardOff).
	Blocked, GuardOff bool
	// Since keeps the records at or after it (zero: any time).
	Since time.Time
	// Project keeps the records of that project or one under it
	// (absolute and clean; "": any).
	Project string
	// Agent and Event keep one agent's (agents' names) and one event's
	// (the catalogue's canonical name) records.
	Agent, Event string
}

// Match reports whether q picks e.
func (q Query) Match(e Entry) bool {
	switch {
	case q.Blocked && !Stopped(e.Record):
		return false
	case q.GuardOff && len(e.GuardOff) == 0:
		return false
	case !q.Since.IsZero() && e.At.Before(q.Since):
		return false
	case q.Project != "" && (e.Project == "" || !dirs.Within(filepath.Clean(e.Project), q.Project)):
		return false
	case q.Agent != "" && e.Agent != q.Agent:
		return false
	case q.Event != "" && e.Event != q.Event:
		return false
	}
	return true
}

// Stopped reports whether the event was stopped: blocked, or a tool call
// denied.
func Stopped(r Record) bool {
	return r.Blocked || r.Decision == "deny" || r.Decision == "block"
}

// ParseSince reads --since: a duration back from now ("90m", "2h", "3d"
// where d is 24 hours) or a time (RFC 3339, or a date "2006-01-02": its
// local midnight).
func ParseSince(s string, now time.Time) (time.Time, error) {
	t := strings.TrimSpace(s)
	if d, ok := parseAgo(t); ok {
		return now.Add(-d), nil
	}
	if at, err := time.Parse(time.RFC3339Nano, t); err == nil {
		return at, nil
	}
	if at, err := time.ParseInLocation(time.DateOnly, t, now.Location()); err == nil {
		return at, nil
	}
	return time.Time{}, fmt.Errorf("invalid --since %q (want a duration such as 90m, 2h or 3d, or a time such as 2006-01-02 or 2006-01-02T15:04:05Z07:00)", s)
}

// parseAgo reads a positive duration, with days ("3d", "1d12h") besides
// Go's units.
func parseAgo(s string) (time.Duration, bool) {
	var days time.Duration
	if i := strings.IndexByte(s, 'd'); i > 0 {
		n, err := strconv.ParseUint(s[:i], 10, 16)
		if err != nil {
			return 0, false
		}
		days, s = time.Duration(n)*24*time.Hour, s[i+1:]
		if s == "" {
			return days, days > 0
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d+days <= 0 {
		return 0, false
	}
	return d + days, true
}

// ParseAgent reads --agent: an agent's name (any case), or an error
// naming the closest one.
func ParseAgent(name string) (string, error) {
	a, err := agents.Parse(name)
	if err == nil {
		return a.Name, nil
	}
	if s := spelling.Closest(strings.TrimSpace(name), agents.Names(), max(2, len(name)/3)); s != "" {
		return "", fmt.Errorf("invalid --agent %q: unknown agent (did you mean %q?)", name, s)
	}
	return "", fmt.Errorf("invalid --agent %q: unknown agent (want %s)", name, agents.OrList(agents.Names()))
}

// ParseEvent reads --event: any name of an event (canonical, Claude
// Code's, an agent's), as its canonical name.
func ParseEvent(name string) (string, error) {
	ev, err := agents.Resolve(name)
	if err != nil {
		return "", fmt.Errorf("invalid --event: %w", err)
	}
	return ev.Name, nil
}

// ParseProject reads --project: "." is the project of the working
// directory as fire finds it; any other directory is taken as given,
// made absolute.
func ParseProject(dir string, getenv func(string) string) (string, error) {
	if dir == "." {
		return dirs.ProjectRoot("", getenv, "")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("invalid --project %q: %w", dir, err)
	}
	return abs, nil
}

// Filter is a Query as the command line gives it; Query reads it.
type Filter struct {
	Blocked, GuardOff            bool
	Since, Project, Agent, Event string
}

// Query reads f's values (now is the time --since counts back from): a
// value it cannot read is a usage error naming its flag.
func (f Filter) Query(getenv func(string) string, now time.Time) (Query, error) {
	q := Query{Blocked: f.Blocked, GuardOff: f.GuardOff}
	var err error
	if f.Since != "" {
		if q.Since, err = ParseSince(f.Since, now); err != nil {
			return Query{}, err
		}
	}
	if f.Project != "" {
		if q.Project, err = ParseProject(f.Project, getenv); err != nil {
			return Query{}, err
		}
	}
	if f.Agent != "" {
		if q.Agent, err = ParseAgent(f.Agent); err != nil {
			return Query{}, err
		}
	}
	if f.Event != "" {
		if q.Event, err = ParseEvent(f.Event); err != nil {
			return Query{}, err
		}
	}
	return q, nil
}
