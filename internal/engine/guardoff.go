package engine

import (
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// guardsOff applies SPEC §2.5 to the verdict: whatever kept a hook that
// hookexec was given from running denies an event that can block, with a
// reason naming the file and the one command that fixes it, and is kept
// in v.GuardOff for the decision log. What stopped a hook:
//
//   - project files not trusted yet, or changed since they were trusted:
//     'hookexec trust'. --untrusted skip, or the user's settings.untrusted
//     "skip" (Engine.Untrusted), lets the event through, recorded as
//     opted out;
//   - a held hook of the last trusted version that would have been this
//     event's: 'hookexec trust'. A held guard (failClosed, onFailure
//     "block", --fail-closed) denies even under --untrusted skip, as a
//     guard that failed does (SPEC §4.6);
//   - a file, entry or matcher skipped because it is broken or unsafe,
//     when its hooks could have been this event's: 'hookexec validate
//     FILE'. No flag lets that through: the fix is in the file.
func (e *Engine) guardsOff(reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options, v verdict.Verdict) verdict.Verdict {
	var g guardOffs
	skip := e.untrustedSkip(reg)
	for _, f := range reg.Untrusted {
		g.add(verdict.GuardOff{Kind: verdict.GuardOffUntrusted, File: f, Detail: "not trusted", OptedOut: skip})
	}
	if len(reg.Untrusted) > 0 && !skip {
		g.deny("project hook files are not trusted: " + strings.Join(reg.Untrusted, ", ") + "; review them and run 'hookexec trust'")
	}
	for _, f := range reg.Pending {
		g.add(verdict.GuardOff{Kind: verdict.GuardOffChanged, File: f, Detail: "changed since it was trusted", OptedOut: skip})
	}
	if len(reg.Pending) > 0 && !skip {
		g.deny("project hook files changed since they were trusted: " + strings.Join(reg.Pending, ", ") + "; review the change and run 'hookexec trust'")
	}
	g.held(reg, ev, in, opts, skip)
	g.skipped(reg, ev, in, opts)
	v.GuardOff = append(v.GuardOff, g.offs...)
	if len(g.reasons) > 0 && ev.CanBlock {
		// An event that cannot block is told of the hooks left out by
		// the agent formats' notice, once a session (verdict.SkipNotice).
		v = denyOrTell(ev, in, v, strings.Join(g.reasons, "\n"))
	}
	return v
}

// denyOrTell denies ev for a guard that did not run, with reason; on an
// event that cannot block it tells the user in systemMessage. A stop the
// agent already continued from once for a hook's block (stop_hook_active)
// is told, not denied again: the model has had the reason, and denying
// every stop would keep the agent from ever finishing.
func denyOrTell(ev event.Event, in *event.Input, v verdict.Verdict, reason string) verdict.Verdict {
	if !ev.CanBlock || in.Bool("stop_hook_active") {
		return verdict.Notify(v, "hookexec: "+reason)
	}
	return verdict.Deny(ev, v, reason)
}

// guardOffs gathers what guardsOff found: every reason a hook did not
// run, and the deny reasons among them.
type guardOffs struct {
	offs    []verdict.GuardOff
	reasons []string
}

func (g *guardOffs) add(off verdict.GuardOff) { g.offs = append(g.offs, off) }

func (g *guardOffs) deny(reason string) { g.reasons = append(g.reasons, reason) }

// held records the held hooks of the last trusted version that would have
// been ev's (the registry's HeldHooks, planned as the others are).
func (g *guardOffs) held(reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options, skip bool) {
	if len(reg.HeldHooks) == 0 {
		return
	}
	held := *reg
	held.Hooks = reg.HeldHooks
	var guards []string
	for _, s := range planner.Build(&held, ev, in, opts).Steps {
		name := strconv.Quote(s.Hook.DisplayName())
		g.add(verdict.GuardOff{Kind: verdict.GuardOffHeld, File: s.Hook.Pos.File, Detail: "hook " + name + " is held: a file it names changed since the project was trusted", OptedOut: skip && !s.FailClosed})
		if s.FailClosed {
			guards = append(guards, name)
		}
	}
	// A held hook implies a pending change, whose deny names it; a held
	// guard denies under --untrusted skip too.
	if len(guards) > 0 {
		g.deny("failClosed guard " + strings.Join(guards, ", ") + " could not run: it is held because the project's hook files changed since they were trusted (" +
			strings.Join(reg.Pending, ", ") + "); review the change with 'hookexec trust'")
	}
}

// skipped records the files, entries and matchers that were skipped
// (Diagnostic.Skips) and whose hooks could have been ev's; those left out
// for trust are the trust rules' (Diagnostic.Untrusted). An entry whose
// definition tells what it would have matched (Diagnostic.Stand) counts
// only when it would have matched this call; any other counts for every
// call of the event, since what it guarded cannot be told.
func (g *guardOffs) skipped(reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options) {
	matched := standsMatching(reg, ev, in, opts)
	var files []string
	byFile := map[string][]string{}
	for _, d := range reg.Warnings {
		if !d.Skips || d.Untrusted || !forEvent(d, ev) || d.Stand != nil && !matched[d.Stand] {
			continue
		}
		kind := verdict.GuardOffSkippedEntry
		if d.EventKey == "" {
			kind = verdict.GuardOffSkippedFile
		}
		g.add(verdict.GuardOff{Kind: kind, File: d.Pos.File, Detail: d.Pos.String() + ": " + d.Message})
		if _, ok := byFile[d.Pos.File]; !ok {
			files = append(files, d.Pos.File)
		}
		byFile[d.Pos.File] = append(byFile[d.Pos.File], d.Pos.String()+": "+d.Message)
	}
	for _, f := range files {
		g.deny("hooks that could be this event's were left out: " + strings.Join(byFile[f], "; ") +
			"; fix the file and check it with 'hookexec validate " + quoteArg(f) + "'")
	}
}

// standsMatching plans the stand-ins of the skipped entries (Diagnostic.
// Stand) as the hooks they would have been, and reports those this call
// would have run.
func standsMatching(reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options) map[*registry.Hook]bool {
	var stands []*registry.Hook
	for _, d := range reg.Warnings {
		if d.Stand != nil {
			stands = append(stands, d.Stand)
		}
	}
	if len(stands) == 0 {
		return nil
	}
	left := *reg
	left.Hooks = stands
	p := planner.Build(&left, ev, in, opts)
	matched := map[*registry.Hook]bool{}
	for _, s := range p.Steps {
		matched[s.Hook] = true
	}
	for _, d := range p.Dropped {
		if d.Reason == planner.Duplicate { // stand-ins have no command: all alike
			matched[d.Hook] = true
		}
	}
	return matched
}

// quoteArg is path as a shell word the user can paste: as it is when it
// needs no quoting, else in single quotes.
func quoteArg(path string) string {
	if path != "" && !strings.ContainsFunc(path, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == '~' || r == '+' || r == ':' || r == '@' ||
			'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) {
		return path
	}
	return shellQuote(path)
}
