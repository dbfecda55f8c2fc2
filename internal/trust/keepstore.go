package trust

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
)

// The config bytes of a project's trusted versions are kept in a file
// beside its entry ("<entry>.json.configs", which List's "*.json" does not
// match), so that the entry keeps the format a previous release reads and
// the bytes are read only when a change is pending:
//
//	hookexec-trust-configs	1
//	config	"sha256:<version hash>"	".hookexec/hooks.json"	"{…}"
const configsMagic = "hookexec-trust-configs\t1"

// configsPath is the file of root's config bytes.
func (s Store) configsPath(root string) string { return s.entryPath(root) + ".configs" }

// writeConfigs writes the config bytes of e's versions: a version's own
// Configs, else those already stored for it (a version read from the
// entry has none loaded). The file is removed when no version has any.
func (s Store) writeConfigs(e *Entry) error {
	old := s.readConfigs(e.Root)
	var b strings.Builder
	b.WriteString(configsMagic + "\n")
	n := 0
	for _, v := range e.Versions {
		configs := v.Configs
		if configs == nil {
			configs = old[v.Hash]
		}
		for _, rel := range slices.Sorted(maps.Keys(configs)) {
			fmt.Fprintf(&b, "config\t%s\t%s\t%s\n", strconv.Quote(v.Hash), strconv.Quote(rel), strconv.Quote(string(configs[rel])))
			n++
		}
	}
	if n == 0 {
		_ = os.Remove(s.configsPath(e.Root))
		return nil
	}
	return s.writeFile(s.configsPath(e.Root), []byte(b.String()))
}

// loadConfigs fills in the Configs of e's versions from the store. A file
// that is missing, refused or malformed loads nothing: those versions keep
// only the config files that are unchanged (Version.KeptConfig).
func (s Store) loadConfigs(e *Entry) {
	stored := s.readConfigs(e.Root)
	for i := range e.Versions {
		if c, ok := stored[e.Versions[i].Hash]; ok {
			e.Versions[i].Configs = c
		}
	}
}

// readConfigs reads root's config bytes by version hash.
func (s Store) readConfigs(root string) map[string]map[string][]byte {
	data, err := readStoreFile(s.configsPath(root))
	if data == nil || err != nil {
		return nil
	}
	first, rest, _ := strings.Cut(string(data), "\n")
	if first != configsMagic {
		return nil
	}
	out := map[string]map[string][]byte{}
	for _, line := range strings.Split(rest, "\n") {
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || f[0] != "config" {
			return nil
		}
		hash, err1 := strconv.Unquote(f[1])
		rel, err2 := strconv.Unquote(f[2])
		text, err3 := strconv.Unquote(f[3])
		if err1 != nil || err2 != nil || err3 != nil {
			return nil
		}
		if out[hash] == nil {
			out[hash] = map[string][]byte{}
		}
		out[hash][rel] = []byte(text)
	}
	return out
}
