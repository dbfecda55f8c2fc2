package setup

import (
	"fmt"
	"path/filepath"
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
		if m.key != "version" && m.key != doc.shape.root {
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
