package agent

import "encoding/json"

// Enable is an agent's step, besides hookexec's entries in its settings,
// without which it runs none of them: a switch in the same settings file
// (Gemini CLI's hooksConfig), a trust store of the agent's (Codex CLI's
// config.toml), a folder trust only the user gives (Copilot CLI). The
// agent's folder implements it; install takes it, uninstall undoes it,
// doctor checks it. A step embeds NoEnable for the phases it does not
// use.
type Enable interface {
	// EditSettings changes the agent's settings document during install,
	// before hookexec's entries are merged. It returns a line saying what
	// it did, "" when nothing changed.
	EditSettings(doc SettingsDoc) (string, error)
	// UneditSettings undoes EditSettings during uninstall, on the document
	// without hookexec's entries (uninstall keeps the undone version only
	// when no hook is left, or when it is the file as it was before
	// install). true when it changed doc.
	UneditSettings(doc SettingsDoc) (bool, error)
	// Install takes the step's part outside the settings file (a trust
	// store, the agent's own config) once the settings file holds
	// hookexec's entries (in.Settings). With in.DryRun it writes nothing
	// and says what it would do. It returns one line per thing done.
	Install(in EnableInput) ([]string, error)
	// Uninstall undoes Install's part outside the settings file, for the
	// entries uninstall removed (in.Settings is the file before).
	Uninstall(in EnableInput) ([]string, error)
	// Check is doctor's check of the step over the agent's settings files
	// that exist; OK false with a Detail and a Fix when the agent would
	// not run hookexec's entries.
	Check(in EnableInput, files []InstalledFile) EnableCheck
}

// EnableStep is the agent's Enable, or NoEnable when it needs none.
func (a Agent) EnableStep() Enable {
	if a.Enable == nil {
		return NoEnable{}
	}
	return a.Enable
}

// NoEnable is the step of an agent that needs none, and the phases a step
// does not use.
type NoEnable struct{}

// EditSettings changes nothing.
func (NoEnable) EditSettings(SettingsDoc) (string, error) { return "", nil }

// UneditSettings changes nothing.
func (NoEnable) UneditSettings(SettingsDoc) (bool, error) { return false, nil }

// Install does nothing.
func (NoEnable) Install(EnableInput) ([]string, error) { return nil, nil }

// Uninstall does nothing.
func (NoEnable) Uninstall(EnableInput) ([]string, error) { return nil, nil }

// Check passes.
func (NoEnable) Check(EnableInput, []InstalledFile) EnableCheck { return EnableCheck{OK: true} }

// SettingsDoc is an agent's JSON settings file as a step reads and edits
// it: the members of its top-level object and of the objects under it,
// named by a path of keys (none: the top-level object). An edit keeps
// every other byte of the file, comments included.
type SettingsDoc interface {
	// Keys are the keys of the object at path, in file order; ok false
	// when a key on the way is absent or null. err when the value is no
	// object, or repeats a key.
	Keys(path ...string) (keys []string, ok bool, err error)
	// Value is the JSON text at path; ok false when a key on the way is
	// absent or null, or its value is no object.
	Value(path ...string) (json.RawMessage, bool)
	// Set gives the member at path the value v: where it is, else as its
	// object's last member.
	Set(v any, path ...string) error
	// Remove takes the member at path out.
	Remove(path ...string) error
}

// EnableInput is what a step knows of the install, uninstall or doctor it
// is part of.
type EnableInput struct {
	Agent Agent
	Scope Scope
	// ProjectDir is the project (absolute); Home the user's home
	// directory ("" when unknown).
	ProjectDir, Home string
	// AgentHome is the agent's own directory in the user's home: $HomeVar
	// when the agent reads one and it is set, else Dir under the home; ""
	// when neither is known.
	AgentHome string
	// SettingsPath is the settings file install writes (uninstall
	// edits); Settings its text with hookexec's entries.
	SettingsPath string
	Settings     []byte
	// Program is this hookexec binary (absolute).
	Program string
	DryRun  bool
	// Managed reports whether a hook's command is one of install's
	// entries: hookexec fire as install writes it.
	Managed func(command string) bool
	// Files reads and writes the step's own files (Codex's config.toml) as
	// install writes a settings file.
	Files Files
}

// Files reads and writes a file as install writes a settings file:
// through a symbolic link to its target (a dotfiles link stays one), a
// special file refused, replaced whole so that the agent never reads half
// of it, its mode kept (0644 for a new file).
type Files interface {
	// Read is the file's content; exists false when there is none.
	Read(path string) (data []byte, exists bool, err error)
	// Write replaces the file (its link's target) with data.
	Write(path string, data []byte) error
	// Remove removes the file (its link's target); a missing file is no
	// error.
	Remove(path string) error
}

// InstalledFile is one of the agent's settings files that exists, as
// doctor found it.
type InstalledFile struct {
	Scope Scope
	Path  string
	// Entries is how many of hookexec's entries it holds (fire commands and
	// install --http's http entries).
	Entries int
	// Doc is the file's JSON document; nil for a layout that is no JSON
	// file.
	Doc SettingsDoc
}

// EnableCheck is doctor's check of an agent's step. Fix says what to do
// when it failed.
type EnableCheck struct {
	Name   string
	OK     bool
	Detail string
	Fix    string
}
