package main

import (
	"os"
	"path/filepath"
	"time"

	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/trust"
)

// trustedProject writes a project whose .hookexec/ holds a config with one
// `true` hook, a test case and a README, and whose hook names a script
// outside .hookexec/; it trusts the project in a store of its own and
// returns the project directory and the environment that finds both (and
// no user or system config).
func (fx fixtures) trustedProject() (dir string, env []string) {
	dir = filepath.Join(fx.dir, "trusted-project")
	files := map[string]string{
		".hookexec/hooks.json":      `{"hooks":{"BeforeTool":[{"matcher":"Bash","hooks":[{"type":"command","command":"true ./hooks/check.sh"}]}]}}`,
		".hookexec/tests/case.json": `{"name":"x","event":"BeforeTool","input":{"tool_name":"Bash"},"expect":{"blocked":false}}`,
		".hookexec/README.md":       "# policies\n",
		"hooks/check.sh":            "#!/bin/sh\nexit 0\n",
	}
	for rel, body := range files {
		path := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fatalf("trusted project: %v", err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			fatalf("trusted project: %v", err)
		}
	}
	empty := filepath.Join(fx.dir, "empty")
	env = []string{
		"HOOKEXEC_PROJECT_DIR=" + dir,
		"XDG_DATA_HOME=" + filepath.Join(fx.dir, "data"),
		"XDG_CONFIG_HOME=" + empty,
		"HOOKEXEC_SYSTEM_DIR=" + empty,
	}
	review, err := registry.ReviewProject(dir)
	if err != nil {
		fatalf("trusted project: %v", err)
	}
	store := trust.OpenStore(func(k string) string {
		if k == "XDG_DATA_HOME" {
			return filepath.Join(fx.dir, "data")
		}
		return ""
	})
	if _, err := store.Add(review.Root, review.Version(time.Now())); err != nil {
		fatalf("trusted project: %v", err)
	}
	return dir, env
}
