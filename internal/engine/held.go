package engine

import (
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// denyHeldGuards keeps a guard that cannot run from turning into a pass: a
// hook of the last trusted version that is held (a file it names, or one
// under .hookexec/ that its scripts could read, changed since the project
// was trusted) does not run, and when it is a guard (its failClosed, its
// onFailure "block", or --fail-closed) and would have been this event's,
// the event is denied as a guard that failed is (SPEC §4.6, issue 18 §3).
// Otherwise anything that can write one file into .hookexec/ (a model's
// write tool, a pulled commit) would switch every guard off until the
// user ran 'hookexec trust'. Held hooks that are not guards are reported
// (held, warnings), as before.
func denyHeldGuards(reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options, v verdict.Verdict) verdict.Verdict {
	if !ev.CanBlock || len(reg.HeldHooks) == 0 {
		return v
	}
	held := *reg
	held.Hooks = reg.HeldHooks
	var names []string
	for _, s := range planner.Build(&held, ev, in, opts).Steps {
		if s.FailClosed {
			names = append(names, strconv.Quote(s.Hook.DisplayName()))
		}
	}
	if len(names) == 0 {
		return v
	}
	return verdict.Deny(ev, v, "failClosed guard "+strings.Join(names, ", ")+
		" could not run: it is held because the project's hook files changed since they were trusted ("+
		verdict.PathList(reg.Pending)+"); review the change with 'hookexec trust'")
}
