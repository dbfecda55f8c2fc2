package casefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/trust"
)

const inlineCase = `{"name": "inline", "event": "BeforeTool", "config": {"hooks": {}}, "expect": {"blocked": false}}`

// gateProject is a project with a case file under .hookexec/tests, one
// outside .hookexec/ and a store of its own, both in a temporary directory.
func gateProject(t *testing.T) (root string, vars map[string]string) {
	t.Helper()
	dir, err := trust.Canonical(t.TempDir())
	require.NoError(t, err)
	root = filepath.Join(dir, "proj")
	for path, content := range map[string]string{
		".hookexec/hooks.json":           `{"hooks": {}}`,
		".hookexec/tests/case.json":      inlineCase,
		".hookexec/tests/names-in.json":  `{"name": "in", "event": "BeforeTool", "config": "../hooks.json", "expect": {}}`,
		".hookexec/tests/names-out.json": `{"name": "out", "event": "BeforeTool", "config": "../../policy.json", "expect": {}}`,
		".hookexec/tests/names-far.json": `{"name": "far", "event": "BeforeTool", "config": "../../../far.json", "expect": {}}`,
		"policy.json":                    `{"hooks": {}}`,
		"cases.json":                     inlineCase,
		"../far.json":                    `{"hooks": {}}`,
	} {
		path = filepath.Join(root, filepath.FromSlash(path))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	return root, map[string]string{"XDG_DATA_HOME": filepath.Join(dir, "data")}
}

func getenv(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func trustNow(t *testing.T, root string, vars map[string]string) {
	t.Helper()
	r, err := registry.ReviewProject(root)
	require.NoError(t, err)
	_, err = trust.OpenStore(getenv(vars)).Add(r.Root, r.Version(time.Now()))
	require.NoError(t, err)
}

func gateErr(t *testing.T, err error) string {
	t.Helper()
	var ce *Error
	require.True(t, errors.As(err, &ce), "want a *casefile.Error, got %v", err)
	return ce.Error()
}

func TestGateRefusesUntrustedProjectCases(t *testing.T) {
	t.Parallel()
	root, vars := gateProject(t)
	g := &Gate{Getenv: getenv(vars)}
	file := filepath.Join(root, ".hookexec", "tests", "case.json")

	_, err := g.ReadFile(file)
	assert.Equal(t, file+": not trusted; review it and run 'hookexec trust'", gateErr(t, err))

	// Outside .hookexec/: read as before.
	cases, err := g.ReadFile(filepath.Join(root, "cases.json"))
	require.NoError(t, err)
	assert.Len(t, cases, 1)
}

func TestGateReadsTrustedProjectCases(t *testing.T) {
	t.Parallel()
	root, vars := gateProject(t)
	trustNow(t, root, vars)
	file := filepath.Join(root, ".hookexec", "tests", "case.json")

	cases, err := (&Gate{Getenv: getenv(vars)}).ReadFile(file)
	require.NoError(t, err)
	assert.Len(t, cases, 1)

	// A changed case file is untrusted again (a fresh gate: decisions are
	// cached per gate).
	require.NoError(t, os.WriteFile(file, []byte(inlineCase+"\n"), 0o644))
	_, err = (&Gate{Getenv: getenv(vars)}).ReadFile(file)
	assert.Equal(t, file+": not trusted (changed since it was trusted); review it and run 'hookexec trust'", gateErr(t, err))

	// HOOKEXEC_TRUST_PROJECT=1 trusts it as it is; a wrong hash does not.
	one := map[string]string{"XDG_DATA_HOME": vars["XDG_DATA_HOME"], trust.EnvVar: "1"}
	_, err = (&Gate{Getenv: getenv(one)}).ReadFile(file)
	require.NoError(t, err)
	wrong := map[string]string{"XDG_DATA_HOME": vars["XDG_DATA_HOME"], trust.EnvVar: "sha256:00"}
	_, err = (&Gate{Getenv: getenv(wrong)}).ReadFile(file)
	assert.Contains(t, gateErr(t, err), "not trusted (HOOKEXEC_TRUST_PROJECT does not match the project")
}

// TestGateNamedConfigs: a project case file names only configs under its
// project's .hookexec/, which trust pins and shows (SPEC §2.4); a config
// outside the project, or a project file outside .hookexec/, is one the
// review never showed, and is refused with the reason. A case file outside
// every project names what it likes.
func TestGateNamedConfigs(t *testing.T) {
	t.Parallel()
	root, vars := gateProject(t)
	trustNow(t, root, vars)
	g := &Gate{Getenv: getenv(vars)}
	tests := filepath.Join(root, ".hookexec", "tests")

	_, err := g.ReadFile(filepath.Join(tests, "names-in.json"))
	assert.NoError(t, err, "a config under .hookexec/ is pinned")

	for name, cfg := range map[string]string{
		"names-out.json": filepath.Join(root, "policy.json"),
		"names-far.json": filepath.Join(filepath.Dir(root), "far.json"),
	} {
		file := filepath.Join(tests, name)
		_, err := g.ReadFile(file)
		assert.Contains(t, gateErr(t, err), file+`:1:1: case "`, name)
		assert.Contains(t, gateErr(t, err), "config "+cfg+": outside "+filepath.Join(root, ".hookexec")+
			"/, so 'hookexec trust' did not show or pin it: a project's case file may name only configs under its .hookexec/", name)
	}

	outside := filepath.Join(filepath.Dir(root), "ci")
	require.NoError(t, os.MkdirAll(outside, 0o755))
	file := filepath.Join(outside, "cases.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"name": "ci", "event": "BeforeTool", "config": "../far.json", "expect": {}}`), 0o644))
	_, err = g.ReadFile(file)
	assert.NoError(t, err, "a case file of no project names any config")
}

func TestGateFollowsLinks(t *testing.T) {
	t.Parallel()
	root, vars := gateProject(t)
	g := &Gate{Getenv: getenv(vars)}
	// A link outside the project to an untrusted project case file.
	link := filepath.Join(filepath.Dir(root), "link.json")
	require.NoError(t, os.Symlink(filepath.Join(root, ".hookexec", "tests", "case.json"), link))
	_, err := g.ReadFile(link)
	assert.Contains(t, gateErr(t, err), "not trusted")

	// A link under a trusted .hookexec/ to a file elsewhere in the project:
	// the link is pinned by the content it reaches, so
	// the case file is read while that content is unchanged, and not once
	// it is rewritten.
	trustNow(t, root, vars)
	inner := filepath.Join(root, ".hookexec", "tests", "z-link.json")
	require.NoError(t, os.Symlink(filepath.Join(root, "cases.json"), inner))
	trustNow(t, root, vars)
	_, err = (&Gate{Getenv: getenv(vars)}).ReadFile(inner)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(root, "cases.json"), []byte(inlineCase+"\n"), 0o644))
	_, err = (&Gate{Getenv: getenv(vars)}).ReadFile(inner)
	assert.Contains(t, gateErr(t, err), "not trusted")
}

func TestParseRejectsTrustVariableInEnv(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"HOOKEXEC_TRUST_PROJECT", "hookexec_trust_project"} {
		data := `{"name": "n", "event": "BeforeTool", "expect": {},
 "env": {"A": "1", "` + name + `": "1"}}`
		_, err := Parse("c.json", []byte(data))
		assert.Equal(t, "c.json:2:20: env: a case cannot set HOOKEXEC_TRUST_PROJECT", gateErr(t, err), name)
	}
}
