package setup

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hookexec/hookexec/internal/agents/codex"
	"github.com/hookexec/hookexec/internal/dirs"
)

// Codex CLI runs a project's .codex/hooks.json only when the project is
// trusted in its config.toml ([projects."DIR"] trust_level = "trusted"),
// and any hook that is not managed only when [hooks.state."KEY"]
// trusted_hash holds the hook's current hash: an untrusted hook is skipped
// without a word. install codex trusts what it wrote; uninstall removes
// exactly that; doctor checks it.

// CodexEnableOptions are the inputs of the Codex trust step.
type CodexEnableOptions struct {
	// HooksPath is the hooks.json install wrote (absolute), and HooksData
	// its content (nil: read the file).
	HooksPath string
	HooksData []byte
	// ProjectDir is the project to trust; "" for the user scope, where no
	// project is trusted.
	ProjectDir string
	// Program is the hookexec binary the entries run: only its entries
	// are trusted.
	Program string
	// Getenv reads CODEX_HOME and HOME; nil: os.Getenv.
	Getenv func(string) string
	DryRun bool
}

// CodexEnableResult is what the trust step did.
type CodexEnableResult struct {
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

// CodexConfigPath is Codex's config.toml: in $CODEX_HOME, else ~/.codex.
func CodexConfigPath(getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	home := dirs.AgentHome(getenv, codex.HomeVar, codex.Agent().Dir)
	if home == "" {
		return "", fmt.Errorf("setup: neither $%s nor $HOME is set: cannot find Codex's config.toml", codex.HomeVar)
	}
	return filepath.Join(home, "config.toml"), nil
}

// EnableCodex trusts, in Codex's config.toml, the project (project scope
// only) and each hookexec entry of the hooks.json by its hash, in one
// block marked as hookexec's; the rest of the file keeps its bytes. It
// replaces a block an earlier install wrote.
func EnableCodex(opts CodexEnableOptions) (*CodexEnableResult, error) {
	cfgPath, err := CodexConfigPath(opts.Getenv)
	if err != nil {
		return nil, err
	}
	hooksData := opts.HooksData
	if hooksData == nil {
		if hooksData, err = os.ReadFile(opts.HooksPath); err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
	}
	handlers, err := codex.Handlers(opts.HooksPath, hooksData)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	f, err := readSettingsFile(cfgPath)
	if err != nil {
		return nil, err
	}
	user, created, err := withoutCodexBlock(f.Data, opts.HooksPath)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w", cfgPath, err)
	}
	cfg, err := parseCodexConfig(user)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w; fix it, then run install again (nothing was changed)", cfgPath, err)
	}
	b := codexBlock{hooksPath: opts.HooksPath}
	res := &CodexEnableResult{ConfigPath: cfgPath}
	if opts.ProjectDir != "" {
		switch level := cfg.trustLevel(opts.ProjectDir); level {
		case "trusted":
		case "":
			b.project, res.Project = opts.ProjectDir, opts.ProjectDir
		default:
			return nil, fmt.Errorf("setup: %s sets trust_level = %q for %s, so Codex would not run its hooks; set it to \"trusted\" yourself, then run install again", cfgPath, level, opts.ProjectDir)
		}
	}
	for _, h := range ownHandlers(handlers, opts.Program) {
		switch got, ok := cfg.trustedHash(h.Key); {
		case ok && got == h.Hash:
		case ok:
			return nil, fmt.Errorf("setup: %s trusts %s with another hash (%s); remove that [hooks.state] table, then run install again", cfgPath, h.Key, got)
		default:
			b.hooks = append(b.hooks, h)
			res.Hooks = append(res.Hooks, h.Key)
		}
	}
	res.Data = withCodexBlock(user, b, !f.Exists || created)
	if _, err := parseCodexConfig(res.Data); err != nil {
		return nil, fmt.Errorf("setup: %s: the trust entries would make it invalid TOML (%w); trust the project and hooks by hand (codex /hooks), nothing was changed", cfgPath, err)
	}
	res.Changed = string(res.Data) != string(f.Data)
	switch {
	case !res.Changed || opts.DryRun:
		return res, nil
	case len(res.Data) == 0:
		// Nothing left to trust, in a file install created.
		return res, removeFile(f.Real)
	}
	return res, writeAtomic(f.Real, res.Data, f.Mode)
}

// DisableCodex removes the block EnableCodex wrote for hooksPath from
// Codex's config.toml, restoring the file's bytes; changed is false when
// there was none.
func DisableCodex(hooksPath string, getenv func(string) string, dryRun bool) (path string, changed bool, err error) {
	path, err = CodexConfigPath(getenv)
	if err != nil {
		return "", false, err
	}
	f, err := readSettingsFile(path)
	if err != nil || !f.Exists {
		return path, false, err
	}
	data, created, err := withoutCodexBlock(f.Data, hooksPath)
	if err != nil {
		return path, false, fmt.Errorf("setup: %s: %w", path, err)
	}
	switch {
	case string(data) == string(f.Data) || dryRun:
		return path, string(data) != string(f.Data), nil
	case created:
		return path, true, removeFile(f.Real)
	}
	return path, true, writeAtomic(f.Real, data, f.Mode)
}

// ownHandlers are hookexec's own entries among handlers: a fire command of
// program (or of any hookexec) in the shape install writes.
func ownHandlers(handlers []codex.Handler, program string) []codex.Handler {
	var out []codex.Handler
	for _, h := range handlers {
		if c, ok := parseFireCommand(h.Command, program); ok && c.Managed {
			out = append(out, h)
		}
	}
	return out
}

// CodexTrustProblems says what keeps Codex from running hookexec's
// entries of the hooks.json at hooksPath, as doctor reports it: the
// project is not trusted (projectDir "" skips that), an entry is not
// trusted, or is trusted with a hash that is no longer its own (its
// entry changed since; Codex then skips it in silence). None means every
// entry runs.
func CodexTrustProblems(hooksPath, projectDir, program string, getenv func(string) string) ([]string, error) {
	cfgPath, err := CodexConfigPath(getenv)
	if err != nil {
		return nil, err
	}
	hooksData, err := os.ReadFile(hooksPath)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	handlers, err := codex.Handlers(hooksPath, hooksData)
	if err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	f, err := readSettingsFile(cfgPath)
	if err != nil {
		return nil, err
	}
	cfg, err := parseCodexConfig(f.Data)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w", cfgPath, err)
	}
	var problems []string
	var top map[string]json.RawMessage
	if json.Unmarshal(hooksData, &top) == nil {
		for k := range top {
			if k != "hooks" && k != "description" {
				problems = append(problems, fmt.Sprintf("%s: Codex refuses the whole file for its key %q (it reads only \"description\" and \"hooks\"), so none of its hooks runs", hooksPath, k))
			}
		}
		sort.Strings(problems)
	}
	if projectDir != "" && cfg.trustLevel(projectDir) != "trusted" {
		problems = append(problems, fmt.Sprintf("%s does not trust the project %s: Codex does not load its .codex/ hooks", cfgPath, projectDir))
	}
	for _, h := range ownHandlers(handlers, program) {
		switch got, ok := cfg.trustedHash(h.Key); {
		case !ok:
			problems = append(problems, fmt.Sprintf("%s: %s is not trusted: Codex skips it without a word", cfgPath, h.Key))
		case got != h.Hash:
			problems = append(problems, fmt.Sprintf("%s: %s is trusted as %s, but its entry now hashes to %s: Codex skips it without a word", cfgPath, h.Key, got, h.Hash))
		}
	}
	return problems, nil
}
