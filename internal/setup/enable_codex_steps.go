package setup

import (
	"fmt"
	"strings"
)

// codexTrust is Codex CLI's step (agent.EnableCodexTrust): the project
// trusted (project scope only) and each hookexec entry trusted by hash in
// Codex's config.toml (EnableCodex); uninstall removes that (DisableCodex);
// doctor checks it (CodexTrustProblems).
type codexTrust struct{ noStep }

func (codexTrust) install(in enableInput) ([]string, error) {
	project := ""
	if in.Scope == ProjectScope {
		project = in.ProjectDir
	}
	t, err := EnableCodex(CodexEnableOptions{HooksPath: in.SettingsPath, HooksData: in.Settings, ProjectDir: project,
		Program: in.Program, Getenv: in.Getenv, DryRun: in.DryRun})
	if err != nil {
		return nil, err
	}
	lines := t.notes(in.DryRun)
	return lines, nil
}

func (codexTrust) uninstall(in enableInput) ([]string, error) {
	path, changed, err := DisableCodex(in.SettingsPath, in.Getenv, in.DryRun)
	if err != nil || !changed {
		return nil, err
	}
	return []string{path + ": removed the trust install had added for " + in.SettingsPath}, nil
}

// check: the project trusted when its .codex/hooks.json has hookexec
// entries, and each hookexec entry trusted with its current hash.
func (codexTrust) check(in enableInput, files []*agentSettings) Check {
	c := Check{Name: in.Agent.Name + " trust"}
	var problems []string
	for _, f := range files {
		if len(f.fires) == 0 {
			continue
		}
		project := ""
		if f.scope == ProjectScope {
			project = in.ProjectDir
		}
		p, err := CodexTrustProblems(f.path, project, in.Program, in.Getenv)
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
func (t *CodexEnableResult) notes(dryRun bool) []string {
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
