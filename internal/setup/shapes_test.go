package setup

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/copilot"
	"github.com/hookexec/hookexec/internal/testevent"
)

// shapeAgents are test-only agents, one per layout and flat variant, so
// that the generic test covers every shape before the agents that have
// them are in the table. They use Claude Code's event names.
func shapeAgents() []Agent {
	base := func(name string) Agent {
		a := claude.Agent()
		a.Name, a.Title, a.Dir = name, "Test "+name, "."+name
		a.OnFailure, a.FailPolicyIgnored, a.PluginManifest = false, nil, ""
		a.LocalProjectFile = ""
		return a
	}
	copilot := base("tcopilot")
	copilot.Layout = agentdesc.LayoutFlat
	copilot.Flat = agentdesc.Flat{Version: 1, Command: "bash", WindowsCommand: "powershell", Timeout: "timeoutSec", Type: true}
	copilot.ProjectFile, copilot.UserFile = ".github/hooks/hookexec.json", ".tcopilot/hooks/hookexec.json"
	kiro := base("tkiro")
	kiro.Layout = agentdesc.LayoutFlat
	kiro.Flat = agentdesc.Flat{Command: "command", Timeout: "timeout_ms", Matcher: "matcher", Top: []agentdesc.FlatKey{{Key: "tools", Value: []string{"*"}}}}
	kiro.SettingsFile = "agents/hookexec.json"
	cursor := base("tcursor")
	cursor.Layout = agentdesc.LayoutFlat
	cursor.Flat = agentdesc.Flat{Version: 1, Command: "command", Timeout: "timeout", Matcher: "matcher", Extra: []agentdesc.FlatKey{{Key: "failClosed", Value: true}}}
	cursor.SettingsFile = "hooks.json"
	windsurf := base("twindsurf")
	windsurf.Layout = agentdesc.LayoutFlat
	windsurf.Flat = agentdesc.Flat{Command: "command", Extra: []agentdesc.FlatKey{{Key: "show_output", Value: true}}}
	windsurf.SettingsFile = "hooks.json"
	named := base("tnamed")
	named.Layout = agentdesc.LayoutNamed
	named.ProjectFile, named.UserFile = "-", ".tnamed/config/hooks.json"
	scripts := base("tscripts")
	scripts.Layout = agentdesc.LayoutScripts
	scripts.ProjectFile, scripts.UserFile = ".tscripts/hooks", "Documents/TScripts/Hooks"
	tomlAgent := base("ttoml")
	tomlAgent.Layout = agentdesc.LayoutTOML
	tomlAgent.Flat = agentdesc.Flat{Command: "command"}
	tomlAgent.ProjectFile, tomlAgent.UserFile = "-", ".ttoml/config.toml"
	return []Agent{copilot, kiro, cursor, windsurf, named, scripts, tomlAgent}
}

// shapeEnv is a home and a project for one install: a project config with
// a BeforeTool hook, so that install sets up BeforeTool (and SessionStart
// where the agent has it) and doctor checks them.
type shapeEnv struct {
	home, project string
	getenv        func(string) string
}

func newShapeEnv(t *testing.T) shapeEnv {
	t.Helper()
	home, project := t.TempDir(), t.TempDir()
	env := map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_DATA_HOME": filepath.Join(home, ".local/share"),
		"XDG_STATE_HOME": filepath.Join(home, ".local/state"), "HOOKEXEC_SYSTEM_DIR": filepath.Join(home, "no-system"),
	}
	writeTestFile(t, filepath.Join(project, ".hookexec", "hooks.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"true"}]}]}}`, 0o644)
	return shapeEnv{home: home, project: project, getenv: func(k string) string { return env[k] }}
}

func writeTestFile(t *testing.T, path, data string, mode fs.FileMode) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), mode))
}

// userSeed writes the user's own settings where the agent's layout has a
// file of the user's, and returns the file and its bytes ("" for none).
func userSeed(t *testing.T, ag Agent, path string) (string, string) {
	t.Helper()
	key, _ := ag.EventKey(testevent.Get(t, "AfterAgent"))
	var seed string
	switch ag.Layout {
	case agentdesc.LayoutScripts:
		p := filepath.Join(path, key)
		writeTestFile(t, p, "#!/bin/sh\necho mine\n", 0o755)
		return p, "#!/bin/sh\necho mine\n"
	case agentdesc.LayoutTOML:
		seed = "model = \"x\" # mine\n\n[[hooks]]\nevent = \"" + key + "\"\ncommand = \"./mine.sh\"\n"
	case agentdesc.LayoutNamed:
		seed = `{"mine": {"enabled": true, "` + key + `": [{"hooks": [{"type": "command", "command": "./mine.sh"}]}]}}` + "\n"
	case agentdesc.LayoutFlat:
		if isOwnFile(path) {
			// The agent reads the whole directory: the user's file is
			// beside hookexec's own.
			p := filepath.Join(filepath.Dir(path), "mine.json")
			seed = `{"version": 1, "hooks": {"` + key + `": [{"` + ag.Flat.Command + `": "./mine.sh"}]}}` + "\n"
			writeTestFile(t, p, seed, 0o644)
			return p, seed
		}
		version := ""
		if ag.Flat.Version != 0 {
			version = `"version": 1, `
		}
		seed = `{` + version + `"model": "x", "hooks": {"` + key + `": [{"` + ag.Flat.Command + `": "./mine.sh"}]}}` + "\n"
	default:
		// A key of the user's own beside the hooks: a setting in a
		// settings.json, a description in a file of hooks only (Codex
		// refuses any other key there).
		other := `"model": "x"`
		if filepath.Base(path) != "settings.json" {
			other = `"description": "mine"`
		}
		seed = `{` + other + `, "hooks": {"` + key + `": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./mine.sh"}]}]}}` + "\n"
	}
	writeTestFile(t, path, seed, 0o644)
	return path, seed
}

// snapshot is the bytes of path, or of every file under it.
func snapshot(t *testing.T, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := os.ReadFile(p)
			out[p] = string(data)
		}
		return nil
	})
	return out
}

func checkNamed(r *Report, name string) (Check, bool) {
	for _, c := range r.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return Check{}, false
}

// TestInstallEveryAgent: for every agent of the table (and a test agent
// per layout) and every scope it has, install into a home or project that
// already holds the user's own settings writes entries in the agent's
// shape under its event names, a second install changes no byte, doctor
// passes, uninstall gives back the user's exact bytes (or removes
// hookexec's own file), and doctor then reports the missing entries.
func TestInstallEveryAgent(t *testing.T) {
	t.Parallel()
	for _, ag := range append(agents.All(), shapeAgents()...) {
		for _, scope := range []Scope{ProjectScope, UserScope} {
			if !ag.HasScope(scope) {
				continue
			}
			t.Run(ag.Name+"/"+scope.String(), func(t *testing.T) {
				t.Parallel()
				testInstallAgent(t, ag, scope)
			})
		}
	}
}

func testInstallAgent(t *testing.T, ag Agent, scope Scope) {
	env := newShapeEnv(t)
	path := installedPath(ag, scope, env)
	userFile, userBytes := userSeed(t, ag, path)
	before := snapshot(t, filepath.Dir(path))

	opts := InstallOptions{Agent: ag, Scope: scope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram}
	res, err := Install(opts)
	require.NoError(t, err)
	assert.True(t, res.Changed)
	pol, err := LoadPolicies(env.project, env.getenv)
	require.NoError(t, err)
	events, err := installEvents(ag, nil, pol)
	require.NoError(t, err)
	require.NotEmpty(t, events)

	as, err := readInstalled(ag, scope, path, testProgram)
	require.NoError(t, err)
	require.NotNil(t, as, "install wrote nothing at %s", path)
	for _, ev := range events {
		for _, key := range ag.InstallKeys(ev) {
			var found *hookEntry
			for i, e := range as.fires {
				if e.Key == key && e.Fire.Managed {
					found = &as.fires[i]
				}
			}
			require.NotNil(t, found, "no hookexec entry under %q", key)
			assert.Equal(t, ag.Format, found.Fire.Format)
			assert.Equal(t, key, found.Fire.Event, "the entry fires the agent's own name of the event")
			assertShape(t, ag, *found)
		}
	}
	if userFile != "" {
		data, err := os.ReadFile(userFile)
		require.NoError(t, err)
		assert.Contains(t, string(data), "mine", "the user's own entry stays")
	}

	if isOwnFile(path) {
		for _, x := range ag.Flat.Top {
			_, ok := as.doc.top.get(x.Key)
			assert.True(t, ok, "hookexec's own file has the agent's top-level key %q", x.Key)
		}
	}

	installed := snapshot(t, filepath.Dir(path))
	res, err = Install(opts)
	require.NoError(t, err)
	assert.False(t, res.Changed, "a second install changes nothing")
	assert.Equal(t, installed, snapshot(t, filepath.Dir(path)), "a second install changes no byte")

	dopts := DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{ag}, Program: testProgram, Version: "dev"}
	r := Doctor(context.Background(), dopts)
	for _, name := range []string{"settings", "events"} {
		c, ok := checkNamed(r, ag.Name+" "+name)
		require.True(t, ok, "doctor has no %s check", name)
		assert.True(t, c.OK, "after install, %s: %s", name, c.Detail)
	}

	if ag.Enable != nil {
		d := newAgentDoctor(ag, dopts, env.home, pol)
		if _, folderTrust := ag.Enable.(copilot.FolderTrust); folderTrust && scope == ProjectScope {
			// install reports the folder's trust and leaves the decision
			// to the user (copilot.FolderTrust): doctor fails until the
			// user trusts the folder, then passes.
			c := d.enableCheck()
			assert.False(t, c.OK, "before the user trusts the folder, the %s check fails", c.Name)
			writeTestFile(t, filepath.Join(env.home, ".copilot", "config.json"), `{"trustedFolders": [`+strconv.Quote(env.project)+`]}`, 0o600)
		}
		c := d.enableCheck()
		assert.True(t, c.OK, "after install, the %s check: %s", c.Name, c.Detail)
	}

	_, err = Uninstall(UninstallOptions{Agent: ag, Scope: scope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	after := snapshot(t, filepath.Dir(path))
	assert.Equal(t, before, after, "uninstall gives back the user's bytes")
	if userFile != "" {
		data, err := os.ReadFile(userFile)
		require.NoError(t, err)
		assert.Equal(t, userBytes, string(data))
	}

	r = Doctor(context.Background(), dopts)
	c, _ := checkNamed(r, ag.Name+" events")
	key, _ := ag.EventKey(events[0])
	assert.False(t, c.OK, "after uninstall doctor reports the missing entries")
	assert.Contains(t, c.Detail, key)
}

// assertShape checks that hookexec's entry has the agent's keys.
func assertShape(t *testing.T, ag Agent, e hookEntry) {
	t.Helper()
	switch ag.Layout {
	case agentdesc.LayoutFlat:
		require.NotNil(t, e.Group)
		assert.True(t, e.Group.flat, "a flat entry")
		_, ok := e.Hook.str(ag.Flat.Command)
		assert.True(t, ok, "the command under %q", ag.Flat.Command)
		if ag.Flat.Timeout != "" {
			_, ok = e.Hook.get(ag.Flat.Timeout)
			assert.True(t, ok, "the timeout under %q", ag.Flat.Timeout)
		}
		if ag.Flat.WindowsCommand != "" {
			ps, _ := e.Hook.str(ag.Flat.WindowsCommand)
			assert.Contains(t, ps, " fire "+e.Key+" --format "+ag.Format)
		}
		typ, ok := e.Hook.str("type")
		assert.Equal(t, ag.Flat.Type, ok && typ == "command")
		for _, x := range ag.Flat.Extra {
			_, ok := e.Hook.get(x.Key)
			assert.True(t, ok, "the constant key %q", x.Key)
		}
	case agentdesc.LayoutNested, agentdesc.LayoutNamed:
		require.NotNil(t, e.Group)
		assert.False(t, e.Group.flat)
		typ, _ := e.Hook.str("type")
		assert.Equal(t, "command", typ)
		_, ok := e.Hook.get("timeout")
		assert.True(t, ok)
	case agentdesc.LayoutScripts, agentdesc.LayoutTOML:
		assert.True(t, strings.Contains(e.Command, " fire "+e.Key))
	}
}

// installedPath is the file install writes for ag in scope: the
// project's uncommitted settings file where the agent has one.
func installedPath(ag Agent, scope Scope, env shapeEnv) string {
	if local := localPath(ag, env.project); scope == ProjectScope && local != "" {
		return local
	}
	return ag.SettingsPath(scope, env.project, env.home)
}
