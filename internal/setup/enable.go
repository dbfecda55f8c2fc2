package setup

import (
	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// enableStep is one kind of enable or trust step (agent.Enable): what an
// agent needs, besides hookexec's entries in its settings, before it runs
// them. Each kind lives in its own file (enable_gemini.go, ...); stepFor
// dispatches on the agent's kind. A step that needs nothing in one phase
// embeds noStep for it.
type enableStep interface {
	// editSettings changes the agent's settings document during
	// install, before hookexec's entries are merged (Gemini CLI's
	// hooksConfig.enabled). It returns a line saying what it did, "" when
	// nothing changed.
	editSettings(doc *settingsDoc) (string, error)
	// uneditSettings undoes editSettings during uninstall, on the
	// document without hookexec's entries (uninstall keeps the undone
	// version only when no hook is left, or when it is the file as it was
	// before install). true when it changed doc.
	uneditSettings(doc *settingsDoc) (bool, error)
	// install takes the step's part outside the settings file (a trust
	// store, the agent's own config) once the settings file holds
	// hookexec's entries (in.Settings). With in.DryRun it writes nothing
	// and says what it would do. It returns one line per thing done.
	install(in enableInput) ([]string, error)
	// uninstall undoes install's part outside the settings file, for the
	// entries uninstall removed (in.Settings is the file before).
	uninstall(in enableInput) ([]string, error)
	// check is doctor's check of the step over the agent's settings
	// files that exist (each with hookexec's entries found in it);
	// ok false with a Detail and a Fix when the agent would not run them.
	check(in enableInput, files []*agentSettings) Check
}

// enableInput is what a step knows of the install, uninstall or doctor it
// is part of.
type enableInput struct {
	Agent Agent
	Scope Scope
	// ProjectDir is the project (absolute); Home the user's home
	// directory ("" when unknown, for doctor).
	ProjectDir, Home string
	// SettingsPath is the settings file install writes (uninstall
	// edits); Settings its text with hookexec's entries.
	SettingsPath string
	Settings     []byte
	// Program is this hookexec binary (absolute).
	Program string
	DryRun  bool
	// Getenv reads what locates the agent's own files ($CODEX_HOME,
	// $COPILOT_HOME).
	Getenv func(string) string
}

// stepFor is the step of an agent's Enable kind.
func stepFor(k agentdesc.Enable) enableStep {
	switch k {
	case agentdesc.EnableGeminiHooksConfig:
		return geminiHooksConfig{}
	case agentdesc.EnableCodexTrust:
		return codexTrust{}
	case agentdesc.EnableCopilotFolderTrust:
		return copilotFolderTrust{}
	}
	return noStep{}
}

// noStep is the step of an agent that needs none (agent.EnableNone), and
// the phases a step does not use.
type noStep struct{}

func (noStep) editSettings(*settingsDoc) (string, error) { return "", nil }
func (noStep) uneditSettings(*settingsDoc) (bool, error) { return false, nil }
func (noStep) install(enableInput) ([]string, error)     { return nil, nil }
func (noStep) uninstall(enableInput) ([]string, error)   { return nil, nil }
func (noStep) check(enableInput, []*agentSettings) Check { return Check{OK: true} }
