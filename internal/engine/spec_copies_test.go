package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/trust"
)

// copyProject is a trusted project whose hook runs a pinned script that
// appends its version ("good" as trusted, "bad" as swapped in) to a
// marker file outside the project.
type copyProject struct {
	dir, mark, script string
	getenv            func(string) string
}

func guardScript(version string) string {
	return "#!/bin/sh\necho " + version + " >> \"$MARK\"\n"
}

// newCopyProject writes .hookexec/hooks.json with h as its one
// PreToolUse hook and the script at rel, and trusts the project as
// `hookexec trust` does (with copies unless noCopies).
func newCopyProject(t *testing.T, h hook, rel string, noCopies bool) *copyProject {
	t.Helper()
	if !trust.CopiesSupported {
		t.Skip("no copies on this platform")
	}
	base := t.TempDir()
	dir := filepath.Join(base, "project")
	data, home := filepath.Join(base, "data"), filepath.Join(base, "home")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".hookexec"), 0o755))
	require.NoError(t, os.MkdirAll(home, 0o755))
	cfg, err := json.Marshal(map[string]any{"hooks": map[string][]def{"PreToolUse": {group(h)}}})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".hookexec", "hooks.json"), cfg, 0o644))
	p := &copyProject{dir: dir, mark: filepath.Join(base, "ran"), script: filepath.Join(dir, filepath.FromSlash(rel))}
	require.NoError(t, os.MkdirAll(filepath.Dir(p.script), 0o755))
	require.NoError(t, os.WriteFile(p.script, []byte(guardScript("good")), 0o755))
	env := map[string]string{"XDG_DATA_HOME": data, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "HOME": home}
	p.getenv = func(k string) string { return env[k] }

	review, err := registry.ReviewProject(dir)
	require.NoError(t, err)
	require.Empty(t, review.Refused())
	store := trust.OpenStore(p.getenv)
	_, err = store.Add(review.Root, review.Version(time.Now()))
	require.NoError(t, err)
	if !noCopies {
		require.Empty(t, trust.BlobsOf(store).KeepAll(review.Root, review.Pins, review.Exec))
	}
	return p
}

// swap replaces the script with version by a rename, as an editor or a
// `git checkout` does.
func (p *copyProject) swap(t testing.TB, version string) {
	require.NoError(t, p.trySwap(version))
}

// trySwap is swap for another goroutine than the test's.
func (p *copyProject) trySwap(version string) error {
	tmp := p.script + ".tmp"
	if err := os.WriteFile(tmp, []byte(guardScript(version)), 0o755); err != nil {
		return err
	}
	return os.Rename(tmp, p.script)
}

// load decides trust and loads the project's hooks (what fire does
// before it runs anything).
func (p *copyProject) load(t testing.TB) *registry.Registry {
	reg, err := registry.Load(registry.Options{ProjectDir: p.dir, Getenv: p.getenv})
	require.NoError(t, err)
	return reg
}

// fire runs one PreToolUse event against reg.
func (p *copyProject) fire(t testing.TB, reg *registry.Registry) {
	ev, _ := event.ByKey("PreToolUse")
	in, err := event.ParseInput([]byte(`{"tool_name":"Bash"}`), time.Now(), p.dir)
	require.NoError(t, err)
	e := &Engine{Runner: runner.New(runner.Options{}), ProjectDir: p.dir, Environ: append(os.Environ(), "MARK="+p.mark), Log: zerolog.Nop()}
	e.Fire(context.Background(), reg, ev, in, planner.Options{Shell: "/bin/sh"})
}

func (p *copyProject) ran(t testing.TB) string {
	data, err := os.ReadFile(p.mark)
	if os.IsNotExist(err) {
		return ""
	}
	require.NoError(t, err)
	return string(data)
}

// The script is swapped after trust was decided and before the hook runs
// (the check-then-exec window, made certain): the hook
// runs the trusted copy (SPEC §2.4).
func TestCopiesRunWhatWasTrusted(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		hook hook
		rel  string
	}{
		{"interpreter and script under .hookexec", cmd("sh .hookexec/guard.sh"), ".hookexec/guard.sh"},
		{"program path named by a hook", cmd("./scripts/guard.sh"), "scripts/guard.sh"},
		{"script through the project variable", cmd(`bash "$HOOKEXEC_PROJECT_DIR/scripts/guard.sh" --strict`), "scripts/guard.sh"},
		{"exec form interpreter", hook{"type": "command", "command": "sh", "args": []string{"${HOOKEXEC_PROJECT_DIR}/.hookexec/guard.sh"}}, ".hookexec/guard.sh"},
		{"exec form program", hook{"type": "command", "command": "./scripts/guard.sh"}, "scripts/guard.sh"},
		{"the hook's shell", hook{"type": "command", "command": "true", "shell": "./scripts/guard.sh"}, "scripts/guard.sh"},
		{"a BASH_ENV file", hook{"type": "command", "command": "true", "shell": "bash", "env": map[string]string{"BASH_ENV": ".hookexec/guard.sh"}}, ".hookexec/guard.sh"},
		{"a BASH_ENV file outside .hookexec", hook{"type": "command", "command": "true", "shell": "bash", "env": map[string]string{"BASH_ENV": "$HOOKEXEC_PROJECT_DIR/scripts/guard.sh"}}, "scripts/guard.sh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newCopyProject(t, tt.hook, tt.rel, false)
			reg := p.load(t)
			require.True(t, reg.Trust.Trusted, reg.Trust.Why)
			p.swap(t, "bad")
			p.fire(t, reg)
			assert.Equal(t, "good\n", p.ran(t))
		})
	}
}

// A project trusted before copies existed: the first fire copies the
// file while it still has the trusted content; once it has changed, the
// hook fails to start rather than run the change as trusted.
func TestCopiesMadeAtFireTime(t *testing.T) {
	t.Parallel()
	p := newCopyProject(t, cmd("sh .hookexec/guard.sh"), ".hookexec/guard.sh", true)
	p.fire(t, p.load(t))
	assert.Equal(t, "good\n", p.ran(t))

	q := newCopyProject(t, cmd("sh .hookexec/guard.sh"), ".hookexec/guard.sh", true)
	reg := q.load(t)
	q.swap(t, "bad")
	q.fire(t, reg)
	assert.Empty(t, q.ran(t), "neither version ran")
}

// Hole 7 as reported: a background swapper rewrites the pinned script
// while events are fired. An event whose trust decision saw the good
// version must never run the bad one (before the copies, about 1 event
// in 4 did).
func TestCopiesBeatBackgroundSwapper(t *testing.T) {
	t.Parallel()
	p := newCopyProject(t, cmd("sh .hookexec/guard.sh"), ".hookexec/guard.sh", false)
	var stop atomic.Bool
	var wg sync.WaitGroup
	var swapErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; !stop.Load() && swapErr == nil; i++ {
			swapErr = p.trySwap([]string{"good", "bad"}[i%2])
		}
	}()
	const events = 100
	for i := 0; i < events; i++ {
		reg := p.load(t)
		if reg.Trust != nil && reg.Trust.Trusted {
			p.fire(t, reg)
		}
	}
	stop.Store(true)
	wg.Wait()
	require.NoError(t, swapErr)
	ran := p.ran(t)
	t.Logf("%d events: %d ran the trusted version, %d the swapped one", events, strings.Count(ran, "good"), strings.Count(ran, "bad"))
	assert.Zero(t, strings.Count(ran, "bad"), "the swapped script ran as trusted")
}
