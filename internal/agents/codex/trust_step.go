package codex

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// TrustStep is Codex CLI's step (its Agent's Enable): the project trusted
// (project scope only) and each hookexec entry trusted by hash in Codex's
// config.toml (Trust); uninstall removes that (Untrust); doctor checks it
// (TrustProblems).
type TrustStep struct{ agent.NoEnable }

// Install trusts what install wrote.
func (TrustStep) Install(in agent.EnableInput) ([]string, error) {
	cfg, err := ConfigPath(in.AgentHome)
	if err != nil {
		return nil, err
	}
	project := ""
	if in.Scope == agent.ProjectScope {
		project = in.ProjectDir
	}
	t, err := Trust(TrustOptions{ConfigPath: cfg, HooksPath: in.SettingsPath, HooksData: in.Settings, ProjectDir: project,
		Managed: in.Managed, Files: in.Files, DryRun: in.DryRun})
	if err != nil {
		return nil, err
	}
	return t.notes(in.DryRun), nil
}

// Uninstall removes the trust install added.
func (TrustStep) Uninstall(in agent.EnableInput) ([]string, error) {
	cfg, err := ConfigPath(in.AgentHome)
	if err != nil {
		return nil, err
	}
	changed, err := Untrust(cfg, in.SettingsPath, in.Files, in.DryRun)
	if err != nil || !changed {
		return nil, err
	}
	return []string{cfg + ": removed the trust install had added for " + in.SettingsPath}, nil
}

// Check: the project trusted when its .codex/hooks.json has hookexec
// entries, and each hookexec entry trusted with its current hash.
func (TrustStep) Check(in agent.EnableInput, files []agent.InstalledFile) agent.EnableCheck {
	c := agent.EnableCheck{Name: in.Agent.Name + " trust"}
	var problems []string
	for _, f := range files {
		if f.Entries == 0 {
			continue
		}
		project := ""
		if f.Scope == agent.ProjectScope {
			project = in.ProjectDir
		}
		cfg, err := ConfigPath(in.AgentHome)
		var p []string
		if err == nil {
			p, err = TrustProblems(TrustOptions{ConfigPath: cfg, HooksPath: f.Path, ProjectDir: project, Managed: in.Managed, Files: in.Files})
		}
		if err != nil {
			p = []string{err.Error()}
		}
		problems = append(problems, p...)
	}
	if len(problems) > 0 {
		c.Detail = strings.Join(problems, "\n")
		c.Fix = "run 'hookexec install codex' in the project (or with --user): it trusts the project and its entries in Codex's config.toml"
		return c
	}
	c.OK = true
	c.Detail = "Codex trusts hookexec's entries (and the project, where they are the project's)"
	return c
}

// notes are the lines install prints for the trust step.
func (t *TrustResult) notes(dryRun bool) []string {
	if !t.Changed {
		return []string{t.ConfigPath + ": the trust is in place already, nothing changed"}
	}
	would := map[bool]string{false: "", true: "would be "}[dryRun]
	var out []string
	if t.Project != "" {
		out = append(out, fmt.Sprintf("%s: project %s %strusted (you asked for the project scope; Codex loads a project's .codex/ only when it is trusted)", t.ConfigPath, t.Project, would))
	}
	if len(t.Hooks) > 0 {
		out = append(out, fmt.Sprintf("%s: %d hookexec hook(s) %strusted by hash (Codex skips an untrusted hook without a word)", t.ConfigPath, len(t.Hooks), would))
	}
	if len(out) == 0 {
		out = append(out, t.ConfigPath+": the project and hookexec's hooks are trusted already")
	}
	return out
}
