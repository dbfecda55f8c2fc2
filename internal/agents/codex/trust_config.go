package codex

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// Codex CLI runs a project's .codex/hooks.json only when the project is
// trusted in its config.toml ([projects."DIR"] trust_level = "trusted"),
// and any hook that is not managed only when [hooks.state."KEY"]
// trusted_hash holds the hook's current hash: an untrusted hook is skipped
// without a word. install codex trusts what it wrote; uninstall removes
// exactly that; doctor checks it.

// TrustOptions are the inputs of the trust step.
type TrustOptions struct {
	// ConfigPath is Codex's config.toml (ConfigPath).
	ConfigPath string
	// HooksPath is the hooks.json install wrote (absolute), and HooksData
	// its content (nil: read the file).
	HooksPath string
	HooksData []byte
	// ProjectDir is the project to trust; "" for the user scope, where no
	// project is trusted.
	ProjectDir string
	// Managed reports whether a command is one of hookexec's entries: only
	// those are trusted.
	Managed func(command string) bool
	// Files reads and writes config.toml.
	Files  agent.Files
	DryRun bool
}

// TrustResult is what the trust step did.
type TrustResult struct {
	// ConfigPath is Codex's config.toml.
	ConfigPath string
	// Project is the project trusted here ("" when none was, or it was
	// trusted already).
	Project string
	// Hooks are the keys of the hooks trusted by hash here.
	Hooks   []string
	Changed bool
	Data    []byte
}

// ConfigPath is Codex's config.toml in its directory home ($CODEX_HOME,
// else ~/.codex: agent.EnableInput's AgentHome).
func ConfigPath(home string) (string, error) {
	if home == "" {
		return "", fmt.Errorf("setup: neither $%s nor $HOME is set: cannot find Codex's config.toml", HomeVar)
	}
	return filepath.Join(home, "config.toml"), nil
}

// Trust trusts, in Codex's config.toml, the project (project scope only)
// and each hookexec entry of the hooks.json by its hash, in one block
// marked as hookexec's; the rest of the file keeps its bytes. It replaces
// a block an earlier install wrote.
func Trust(o TrustOptions) (*TrustResult, error) {
	cfgPath := o.ConfigPath
	hooksData := o.HooksData
	if hooksData == nil {
		var err error
		if hooksData, err = os.ReadFile(o.HooksPath); err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
	}
	handlers, err := Handlers(o.HooksPath, hooksData)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	data, exists, err := o.Files.Read(cfgPath)
	if err != nil {
		return nil, err
	}
	user, created, err := withoutBlock(data, o.HooksPath)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w", cfgPath, err)
	}
	cfg, err := parseConfig(user)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w; fix it, then run install again (nothing was changed)", cfgPath, err)
	}
	b := trustBlock{hooksPath: o.HooksPath}
	res := &TrustResult{ConfigPath: cfgPath}
	if o.ProjectDir != "" {
		switch level := cfg.trustLevel(o.ProjectDir); level {
		case "trusted":
		case "":
			b.project, res.Project = o.ProjectDir, o.ProjectDir
		default:
			return nil, fmt.Errorf("setup: %s sets trust_level = %q for %s, so Codex would not run its hooks; set it to \"trusted\" yourself, then run install again", cfgPath, level, o.ProjectDir)
		}
	}
	for _, h := range ownHandlers(handlers, o.Managed) {
		switch got, ok := cfg.trustedHash(h.Key); {
		case ok && got == h.Hash:
		case ok:
			return nil, fmt.Errorf("setup: %s trusts %s with another hash (%s); remove that [hooks.state] table, then run install again", cfgPath, h.Key, got)
		default:
			b.hooks = append(b.hooks, h)
			res.Hooks = append(res.Hooks, h.Key)
		}
	}
	res.Data = withBlock(user, b, !exists || created)
	if _, err := parseConfig(res.Data); err != nil {
		return nil, fmt.Errorf("setup: %s: the trust entries would make it invalid TOML (%w); trust the project and hooks by hand (codex /hooks), nothing was changed", cfgPath, err)
	}
	res.Changed = string(res.Data) != string(data)
	switch {
	case !res.Changed || o.DryRun:
		return res, nil
	case len(res.Data) == 0:
		// Nothing left to trust, in a file install created.
		return res, o.Files.Remove(cfgPath)
	}
	return res, o.Files.Write(cfgPath, res.Data)
}

// Untrust removes the block Trust wrote for hooksPath from Codex's
// config.toml at cfgPath, restoring the file's bytes; changed is false
// when there was none.
func Untrust(cfgPath, hooksPath string, files agent.Files, dryRun bool) (changed bool, err error) {
	data, exists, err := files.Read(cfgPath)
	if err != nil || !exists {
		return false, err
	}
	out, created, err := withoutBlock(data, hooksPath)
	if err != nil {
		return false, fmt.Errorf("setup: %s: %w", cfgPath, err)
	}
	switch {
	case string(out) == string(data) || dryRun:
		return string(out) != string(data), nil
	case created:
		return true, files.Remove(cfgPath)
	}
	return true, files.Write(cfgPath, out)
}

// ownHandlers are hookexec's own entries among handlers.
func ownHandlers(handlers []Handler, managed func(string) bool) []Handler {
	var out []Handler
	for _, h := range handlers {
		if managed(h.Command) {
			out = append(out, h)
		}
	}
	return out
}

// TrustProblems says what keeps Codex from running hookexec's entries of
// the hooks.json at o.HooksPath, as doctor reports it: the project is not
// trusted (o.ProjectDir "" skips that), an entry is not trusted, or is
// trusted with a hash that is no longer its own (its entry changed since;
// Codex then skips it in silence). None means every entry runs.
func TrustProblems(o TrustOptions) ([]string, error) {
	cfgPath := o.ConfigPath
	hooksData, err := os.ReadFile(o.HooksPath)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	handlers, err := Handlers(o.HooksPath, hooksData)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	data, _, err := o.Files.Read(cfgPath)
	if err != nil {
		return nil, err
	}
	cfg, err := parseConfig(data)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w", cfgPath, err)
	}
	var problems []string
	var top map[string]json.RawMessage
	if json.Unmarshal(hooksData, &top) == nil {
		for k := range top {
			if k != "hooks" && k != "description" {
				problems = append(problems, fmt.Sprintf("%s: Codex refuses the whole file for its key %q (it reads only \"description\" and \"hooks\"), so none of its hooks runs", o.HooksPath, k))
			}
		}
		sort.Strings(problems)
	}
	if o.ProjectDir != "" && cfg.trustLevel(o.ProjectDir) != "trusted" {
		problems = append(problems, fmt.Sprintf("%s does not trust the project %s: Codex does not load its .codex/ hooks", cfgPath, o.ProjectDir))
	}
	for _, h := range ownHandlers(handlers, o.Managed) {
		switch got, ok := cfg.trustedHash(h.Key); {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s: %s is not trusted: Codex skips it without a word", cfgPath, h.Key))
		case got != h.Hash:
			problems = append(problems, fmt.Sprintf("%s: %s is trusted as %s, but its entry now hashes to %s: Codex skips it without a word", cfgPath, h.Key, got, h.Hash))
		}
	}
	return problems, nil
}
