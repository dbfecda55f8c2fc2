package setup

import (
	"fmt"
	"path/filepath"
	"slices"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// ownFileName is the name of the file install writes where the agent
// reads every file of a directory (Copilot CLI's .github/hooks/): the file
// is hookexec's alone, so install writes it whole and uninstall removes
// it.
const ownFileName = "hookexec.json"

// isOwnFile reports whether path is such a file of hookexec's own.
func isOwnFile(path string) bool { return filepath.Base(path) == ownFileName }

// refuseForeignOwnFile refuses to touch a file of hookexec's own name that
// hookexec did not write: one with anything but a "version", hooks and
// the entries install writes. verb is "install" or "uninstall".
func refuseForeignOwnFile(ag Agent, path string, data []byte, self, verb string) error {
	if !isOwnFile(path) || len(data) == 0 {
		return nil
	}
	refuse := func(why string) error {
		return fmt.Errorf("setup: %s is not hookexec's own file (%s); %s writes that file whole, so nothing was changed: rename yours and run %s again", path, why, verb, verb)
	}
	doc, err := parseSettings(ag, data, self)
	if err != nil {
		return refuse(err.Error())
	}
	for _, m := range doc.top.members {
		if !doc.shape.ownKey(m.key) {
			return refuse(fmt.Sprintf("it has %q", m.key))
		}
	}
	for _, e := range doc.entries() {
		if !e.IsFire || !e.Fire.Managed {
			return refuse(fmt.Sprintf("%s has the entry %q", e.Key, e.Command))
		}
	}
	return nil
}

// ownKey reports whether a top-level key is one install writes into a
// file of hookexec's own.
func (s shape) ownKey(key string) bool {
	return key == "version" || key == s.root || slices.ContainsFunc(s.flat.Top, func(x agentdesc.FlatKey) bool { return x.Key == key })
}
