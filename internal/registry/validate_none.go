package registry

import "fmt"

// NoneFound is validate's failure when it was asked to check the project's
// setup (no FILE named, configs, and no $HOOKEXEC_CONFIG in getenv) and
// found no config file at all: then not a pass. nil otherwise.
func (r *Report) NoneFound(configs []string, getenv func(string) string, projectDir string) error {
	if len(configs) > 0 || getenv("HOOKEXEC_CONFIG") != "" || len(r.Files) > 0 {
		return nil
	}
	return fmt.Errorf("no config files found (project directory %s: no .hookexec/; no user or system config); create one with 'hookexec init'", projectDir)
}
