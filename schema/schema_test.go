package schema

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/rules/pack"
)

// repoRoot is the module root: examples and fixtures are found from it,
// and it is the project directory their commands are resolved against.
const repoRoot = ".."

func loadSchema(t *testing.T) *validator {
	t.Helper()
	data, err := os.ReadFile("hooks.schema.json")
	require.NoError(t, err)
	root, err := decodeJSON(data)
	require.NoError(t, err)
	return &validator{root: root.(map[string]any)}
}

func validateSchema(t *testing.T, v *validator, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	doc, err := decodeJSON(data)
	require.NoError(t, err, path)
	return v.validate(doc)
}

// validateHookexec runs `hookexec validate`'s checks on path.
func validateHookexec(t *testing.T, path string) []registry.Diagnostic {
	t.Helper()
	root, err := filepath.Abs(repoRoot)
	require.NoError(t, err)
	report, err := registry.Validate(context.Background(), registry.Options{Configs: []string{path}, ProjectDir: root, Getenv: os.Getenv})
	require.NoError(t, err)
	return report.Findings()
}

// hookConfigs lists the JSON files under dir that are hook configs (have a
// top-level "hooks" or "hooksConfig"), so that event inputs are skipped.
func hookConfigs(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		doc, err := decodeJSON(data)
		if err != nil {
			return err
		}
		if obj, ok := doc.(map[string]any); ok && (obj["hooks"] != nil || obj["hooksConfig"] != nil) {
			out = append(out, path)
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

func TestSchemaEventsAreTheCatalogue(t *testing.T) {
	t.Parallel()
	v := loadSchema(t)
	hooks := v.resolve("#/definitions/hooks")
	var keys []string
	for k := range hooks["properties"].(map[string]any) {
		keys = append(keys, k)
	}
	names := agents.EventKeys()
	slices.Sort(keys)
	slices.Sort(names)
	assert.Equal(t, names, keys, "the schema's event keys must be every agent's event names (agents.EventKeys): each is an alias of its canonical event")
	assert.Equal(t, false, hooks["additionalProperties"], "unknown event keys must be flagged")
}

// The schema uses only keywords the test validator implements, so that
// the tests below check everything it says.
func TestSchemaKeywordsAreSupported(t *testing.T) {
	t.Parallel()
	v := loadSchema(t)
	known := append(annotationKeywords(), assertionKeywords()...)
	var walk func(schema map[string]any, path string)
	walk = func(schema map[string]any, path string) {
		for key, val := range schema {
			assert.Contains(t, known, key, "unsupported keyword at %s", path)
			switch key {
			case "properties", "definitions":
				for name, sub := range val.(map[string]any) {
					walk(sub.(map[string]any), path+"/"+key+"/"+name)
				}
			case "items", "propertyNames":
				walk(val.(map[string]any), path+"/"+key)
			case "additionalProperties":
				if sub, ok := val.(map[string]any); ok {
					walk(sub, path+"/"+key)
				}
			case "oneOf", "anyOf":
				for i, sub := range val.([]any) {
					walk(sub.(map[string]any), path+"/"+key+"/"+string(rune('0'+i)))
				}
			case "$ref":
				assert.NotPanics(t, func() { v.resolve(val.(string)) }, "unresolvable $ref at %s", path)
			}
		}
	}
	walk(v.root, "#")
}

// Every shipped example and every valid fixture passes both the schema and
// `hookexec validate` (no error, no warning).
func TestValidConfigsPassSchemaAndValidate(t *testing.T) {
	t.Parallel()
	v := loadSchema(t)
	files := append(hookConfigs(t, filepath.Join(repoRoot, "examples")), hookConfigs(t, filepath.Join(repoRoot, "testdata", "validate", "valid"))...)
	require.GreaterOrEqual(t, len(files), 5, "examples and fixtures found: %v", files)
	for _, path := range files {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			assert.Empty(t, validateSchema(t, v, path), "schema")
			var findings []string
			for _, d := range validateHookexec(t, path) {
				findings = append(findings, d.String())
			}
			assert.Empty(t, findings, "hookexec validate")
		})
	}
}

// Every invalid fixture fails the schema and gets a finding from
// `hookexec validate` (the schema is never more lenient than hookexec).
func TestInvalidConfigsFailSchemaAndValidate(t *testing.T) {
	t.Parallel()
	v := loadSchema(t)
	files, err := filepath.Glob(filepath.Join(repoRoot, "testdata", "validate", "invalid", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			assert.NotEmpty(t, validateSchema(t, v, path), "schema")
			assert.NotEmpty(t, validateHookexec(t, path), "hookexec validate")
		})
	}
}

// The test validator itself: each keyword can fail.
func TestValidatorKeywords(t *testing.T) {
	t.Parallel()
	v := loadSchema(t)
	tests := []struct {
		doc  string
		want string // a substring of a violation
	}{
		{`[]`, "$: want type object, got array"},
		{`{"hooks": {"Nope": []}}`, "$.hooks.Nope: additional property not allowed"},
		{`{"hooks": {"BeforeTool": [{}]}}`, `$.hooks.BeforeTool[0]: missing required "hooks"`},
		{`{"hooks": {"BeforeTool": [{"priority": 1.5, "hooks": []}]}}`, "$.hooks.BeforeTool[0].priority: want type integer, got number"},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "http", "command": "x"}]}]}}`, `$.hooks.BeforeTool[0].hooks[0]: missing required "url"`},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "prompt", "prompt": "x"}]}]}}`, `$.hooks.BeforeTool[0].hooks[0].type: prompt is not one of [command]`},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "http", "url": "ftp://x"}]}]}}`, `$.hooks.BeforeTool[0].hooks[0].url: "ftp://x" does not match`},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "onFailure": "stop"}]}]}}`, `onFailure: stop is not one of [continue block]`},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": " "}]}]}}`, `$.hooks.BeforeTool[0].hooks[0].command: " " does not match \S`},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": ""}]}]}}`, `is shorter than 1`},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "timeout": 0}]}]}}`, "timeout: oneOf: 0 of 2 subschemas match"},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "env": {"A=B": "c"}}]}]}}`, `env{A=B}: "A=B" does not match`},
		{`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "env": {"A": 1}}]}]}}`, `env.A: want type string, got integer`},
	}
	for _, tt := range tests {
		doc, err := decodeJSON([]byte(tt.doc))
		require.NoError(t, err)
		errs := v.validate(doc)
		assert.Contains(t, strings.Join(errs, "\n"), tt.want, tt.doc)
	}
	for _, ok := range []string{`{}`, `{"other": 1}`, `{"hooks": {}}`, `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "timeout": "1m30s"}]}]}}`,
		`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "timeout": 0.5}]}]}}`, `{"hooks": {"BeforeTool": [{"priority": 2.0, "hooks": []}]}}`,
		`{"hooks": {"BeforeTool": [{"hooks": [{"type": "http", "url": "https://x/y", "headers": {"Authorization": "Bearer $T"}, "allowedEnvVars": ["T"], "onFailure": "block"}]}]}}`,
		`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "x", "onFailure": "continue"}]}]}}`} {
		doc, err := decodeJSON([]byte(ok))
		require.NoError(t, err)
		assert.Empty(t, v.validate(doc), ok)
	}
}

// The schema names the built-in packs and their checks as the pack
// package has them.
func TestSchemaPacks(t *testing.T) {
	t.Parallel()
	v := loadSchema(t)
	props := v.root["definitions"].(map[string]any)["rulesHook"].(map[string]any)["properties"].(map[string]any)
	enum := func(key string) []string {
		var out []string
		for _, x := range props[key].(map[string]any)["items"].(map[string]any)["enum"].([]any) {
			out = append(out, x.(string))
		}
		return out
	}
	assert.Equal(t, pack.Names(), enum("use"))
	assert.Equal(t, pack.IDs(), enum("except"))
}
