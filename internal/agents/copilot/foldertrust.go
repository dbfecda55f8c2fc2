package copilot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// FolderTrust is Copilot CLI's folder trust (its Agent's Enable): Copilot
// runs a repository's .github/hooks only in a trusted folder, a folder
// listed (itself or a parent) in "trustedFolders" of
// $COPILOT_HOME/config.json, or one passed with --trust-folder to copilot
// -p (a real run of 1.0.102). copilot -p skips an untrusted folder's hooks
// without a word.
//
// install does not record the trust: trusting a folder is the user's
// decision about the repository (the interactive Copilot asks it), and
// config.json is a file Copilot manages itself, whose host API refuses to
// let other programs write trustedFolders. install says whether the
// folder is trusted and how to trust it; doctor checks it. The user scope
// needs no trust.
type FolderTrust struct{ agent.NoEnable }

// Install reports the folder's trust for a project-scope install.
func (FolderTrust) Install(in agent.EnableInput) ([]string, error) {
	if in.Scope != agent.ProjectScope {
		return nil, nil
	}
	trusted, cfg, err := Trusts(in.Agent, in.AgentHome, in.ProjectDir)
	switch {
	case err != nil:
		return []string{"note: " + err.Error() + "; " + trustHow(in.ProjectDir)}, nil
	case trusted:
		return []string{fmt.Sprintf("%s trusts %s (trustedFolders in %s): it runs .github/hooks", in.Agent.Title, in.ProjectDir, cfg)}, nil
	}
	return []string{fmt.Sprintf("note: %s runs .github/hooks only in a trusted folder, and %s is not in trustedFolders of %s; %s",
		in.Agent.Title, in.ProjectDir, cfg, trustHow(in.ProjectDir))}, nil
}

// Check: a project's .github/hooks entries run only in a trusted folder.
func (FolderTrust) Check(in agent.EnableInput, files []agent.InstalledFile) agent.EnableCheck {
	c := agent.EnableCheck{Name: in.Agent.Name + " folder trust"}
	project := false
	for _, f := range files {
		if f.Scope == agent.ProjectScope && f.Entries > 0 {
			project = true
		}
	}
	if !project {
		c.OK = true
		c.Detail = "no project entries: " + in.Agent.Title + " runs the user's hooks without folder trust"
		return c
	}
	trusted, cfg, err := Trusts(in.Agent, in.AgentHome, in.ProjectDir)
	switch {
	case err != nil:
		c.Detail = err.Error() + ": cannot tell whether " + in.Agent.Title + " runs the project's .github/hooks"
		c.Fix = trustHow(in.ProjectDir)
	case trusted:
		c.OK = true
		c.Detail = in.ProjectDir + " is trusted (trustedFolders in " + cfg + ")"
	default:
		c.Detail = in.ProjectDir + " is not in trustedFolders of " + cfg + ": copilot -p skips the project's .github/hooks without a word"
		c.Fix = trustHow(in.ProjectDir)
	}
	return c
}

// trustHow says how to trust dir.
func trustHow(dir string) string {
	return "trust " + dir + " when Copilot CLI asks (\"remember\"), or pass --trust-folder to copilot -p; " +
		"hookexec does not edit Copilot's trusted folders (an install with --user needs none)"
}

// Trusts reports whether Copilot's config.json in home (its directory:
// $COPILOT_HOME, else ~/.copilot) lists dir, or a directory above it, in
// trustedFolders, and the file's path. A missing file trusts nothing.
func Trusts(ag agent.Agent, home, dir string) (bool, string, error) {
	if home == "" {
		return false, "", fmt.Errorf("neither $%s nor $HOME is set: cannot find %s's config.json", ag.HomeVar, ag.Title)
	}
	cfg := filepath.Join(home, "config.json")
	data, err := os.ReadFile(cfg)
	if os.IsNotExist(err) {
		return false, cfg, nil
	}
	if err != nil {
		return false, cfg, fmt.Errorf("cannot read %s: %w", cfg, err)
	}
	folders, err := trustedFolders(data)
	if err != nil {
		return false, cfg, fmt.Errorf("%s: %w", cfg, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false, cfg, fmt.Errorf("project directory %s: %w", dir, err)
	}
	for _, f := range folders {
		if filepath.IsAbs(f) && inside(abs, filepath.Clean(f)) {
			return true, cfg, nil
		}
	}
	return false, cfg, nil
}

// inside reports whether dir is root or under it (both clean and
// absolute; filepath.Rel compares without case on Windows, as Copilot
// does).
func inside(dir, root string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// trustedFolders reads "trustedFolders" from Copilot's config.json, which
// starts with // comment lines Copilot writes itself.
func trustedFolders(data []byte) ([]string, error) {
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("not a JSON object")
	}
	for _, m := range obj.Members {
		if name, ok := m.Name.Value.(hujson.Literal); !ok || name.String() != "trustedFolders" {
			continue
		}
		arr, ok := m.Value.Value.(*hujson.Array)
		if !ok {
			return nil, fmt.Errorf(`"trustedFolders" is not an array`)
		}
		var out []string
		for _, el := range arr.Elements {
			if lit, ok := el.Value.(hujson.Literal); ok && lit.Kind() == '"' {
				out = append(out, strings.TrimSpace(lit.String()))
			}
		}
		return out, nil
	}
	return nil, nil
}
