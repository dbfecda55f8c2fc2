package setup

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/codex"
)

// Codex's trust step in install, uninstall and doctor.

// enableAfterInstall runs the enable step of the agent install set up:
// Codex's trust (until every agent's step has one place, the agent's
// own).
func enableAfterInstall(opts InstallOptions, res *InstallResult) error {
	if opts.Agent.Name != codex.Name {
		return nil
	}
	project := ""
	if opts.Scope == ProjectScope {
		project = opts.ProjectDir
	}
	t, err := EnableCodex(CodexEnableOptions{HooksPath: res.Path, HooksData: res.Data, ProjectDir: project,
		Program: opts.Program, Getenv: opts.Getenv, DryRun: opts.DryRun})
	if err != nil {
		return err
	}
	res.Notes = append(res.Notes, t.notes(opts.DryRun)...)
	if dir := filepath.Dir(t.ConfigPath); opts.Scope == UserScope && dir != filepath.Dir(res.Path) {
		// Until the table says where an agent's home moves to, the user
		// scope's file is under $HOME.
		res.Notes = append(res.Notes, fmt.Sprintf("warning: $%s is set: Codex reads %s, not %s; move the file there", codex.HomeVar, filepath.Join(dir, "hooks.json"), res.Path))
	}
	return nil
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

// disableAfterUninstall undoes the enable step: the block install wrote
// into Codex's config.toml for the settings file.
func disableAfterUninstall(opts UninstallOptions, res *UninstallResult) error {
	if opts.Agent.Name != codex.Name {
		return nil
	}
	path, changed, err := DisableCodex(res.Path, opts.Getenv, false)
	if err != nil {
		return err
	}
	if changed {
		res.Notes = append(res.Notes, path+": removed the trust install had added for "+res.Path)
	}
	return nil
}

// codexTrustCheck is doctor's check of Codex's trust (false for another
// agent): the project trusted when its .codex/hooks.json has hookexec
// entries, and each hookexec entry trusted with its current hash.
func (d *agentDoctor) codexTrustCheck() (Check, bool) {
	if d.ag.Name != codex.Name {
		return Check{}, false
	}
	c := Check{Name: d.name("trust")}
	var problems []string
	for _, f := range d.files {
		if len(f.fires) == 0 {
			continue
		}
		project := ""
		if f.scope == ProjectScope {
			project = d.opts.ProjectDir
		}
		p, err := CodexTrustProblems(f.path, project, d.opts.Program, d.opts.Getenv)
		if err != nil {
			p = []string{err.Error()}
		}
		problems = append(problems, p...)
	}
	if len(problems) > 0 {
		c.Detail = strings.Join(problems, "\n")
		c.Fix = d.installFix() + ": it trusts the project and its entries in Codex's config.toml"
		return c, true
	}
	c.OK = true
	c.Detail = "Codex trusts hookexec's entries (and the project, where they are the project's)"
	return c, true
}
