package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// manifestName is the name in the plugin manifest install writes beside
// hookexec's own plugin hooks file (goose's .agents/plugins/hookexec/).
const manifestName = "hookexec"

// pluginManifest is the manifest of the plugin whose hooks file path is,
// for an agent that reads hooks from plugins (Agent.PluginManifest) when
// install writes a plugin's hooks/hooks.json; "" otherwise.
func pluginManifest(ag Agent, path string) string {
	dir := filepath.Dir(path)
	if ag.PluginManifest == "" || filepath.Base(path) != "hooks.json" || filepath.Base(dir) != "hooks" {
		return ""
	}
	return filepath.Join(filepath.Dir(dir), filepath.FromSlash(ag.PluginManifest))
}

// manifestBytes is the manifest install writes: the plugin's name only.
func manifestBytes() []byte {
	return []byte(`{"name": "` + manifestName + `"}` + "\n")
}

// ownManifest reads the manifest at path: exists, and whether it is
// hookexec's (a JSON object with "name": "hookexec" and nothing else).
func ownManifest(path string) (exists, own bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, false, nil
	}
	if err != nil {
		return false, false, fmt.Errorf("setup: %w", err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	if dec.Decode(&m) != nil || len(m) != 1 || m["name"] != manifestName {
		return true, false, nil
	}
	return true, true, nil
}

// checkManifest refuses a manifest at path that hookexec did not write.
// verb is "install" or "uninstall".
func checkManifest(path, verb string) error {
	if path == "" {
		return nil
	}
	exists, own, err := ownManifest(path)
	if err != nil {
		return err
	}
	if exists && !own {
		return fmt.Errorf("setup: %s is not hookexec's own plugin manifest (it should hold only {\"name\": %q}); %s writes and removes that plugin whole, so nothing was changed: rename the plugin directory and run %s again", path, manifestName, verb, verb)
	}
	return nil
}

// writeManifest writes hookexec's plugin manifest at path when it is
// missing, and says so; nothing with dryRun but the line.
func writeManifest(path string, dryRun bool) ([]string, error) {
	if path == "" {
		return nil, nil
	}
	exists, _, err := ownManifest(path)
	if err != nil || exists {
		return nil, err
	}
	line := "wrote the plugin manifest " + path
	if dryRun {
		return []string{"would write the plugin manifest " + path}, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	return []string{line}, writeAtomic(path, manifestBytes(), 0o644)
}

// removeManifest removes hookexec's plugin manifest once the plugin's
// hooks file is gone.
func removeManifest(manifest, hooksFile string) error {
	if manifest == "" {
		return nil
	}
	if _, err := os.Lstat(hooksFile); err == nil {
		return nil
	}
	if _, own, err := ownManifest(manifest); err != nil || !own {
		return err
	}
	return removeFile(manifest)
}
