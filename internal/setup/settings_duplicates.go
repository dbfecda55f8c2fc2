package setup

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
)

// duplicateRuns finds the policies that would run twice with this settings
// file: the agent runs its own hooks, and hookexec runs its configs. A
// hook of the file whose command is also a hookexec hook of the same event
// runs twice; so does every hook of the file when hookexec loads the file
// itself (HOOKEXEC_CONFIG); and an event with two hookexec entries runs
// hookexec twice.
func duplicateRuns(ag Agent, doc *settingsDoc, realPath string, pol *Policies) []string {
	var out []string
	if pol != nil && loadsFile(pol, realPath) {
		out = append(out, fmt.Sprintf("%s is also one of hookexec's configs: each of its hooks runs twice, once by %s and once through hookexec (and hookexec runs itself); take it out of HOOKEXEC_CONFIG", realPath, ag.Title))
	}
	fires := map[string][]string{}
	for _, e := range doc.entries() {
		if e.IsFire {
			fires[e.Key] = append(fires[e.Key], e.Command)
			continue
		}
		ev, ok := agents.ByKey(e.Key)
		cmd := strings.TrimSpace(e.Command)
		if !ok || cmd == "" || pol == nil {
			continue
		}
		for _, h := range pol.Reg.ForEvent(ev) {
			if strings.TrimSpace(h.Command) == cmd && !h.ExecForm {
				out = append(out, fmt.Sprintf("%s: %q runs twice: it is %s's own hook in %s and a hookexec hook in %s; keep one of them", e.Key, cmd, ag.Title, realPath, h.Pos))
				break
			}
		}
	}
	for _, ed := range doc.events {
		if cmds := fires[ed.key]; len(cmds) > 1 {
			out = append(out, fmt.Sprintf("%s: %d hookexec entries in %s run hookexec %d times: %s", ed.key, len(cmds), realPath, len(cmds), strings.Join(quoteAll(cmds), ", ")))
		}
	}
	return out
}

// loadsFile reports whether hookexec's configs include path.
func loadsFile(pol *Policies, path string) bool {
	want := canonicalPath(path)
	for _, f := range pol.Reg.Files {
		if canonicalPath(f.Path) == want {
			return true
		}
	}
	return false
}

func canonicalPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return p
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
