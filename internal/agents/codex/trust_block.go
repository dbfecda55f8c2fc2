package codex

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// The lines that open and close a block install writes into Codex's
// config.toml, one block per hooks.json it trusts (the opening line names
// it). The opening line also says whether install added a newline before
// it (the file did not end with one) or created the file, so that
// uninstall restores the exact bytes.
const (
	blockBegin   = "# >>> hookexec: trust added by 'hookexec install codex' for "
	blockNL      = " (and the newline before it)"
	blockCreated = " (and created the file)"
	blockEnd     = "# <<< hookexec"
	blockRemoves = "; 'hookexec uninstall codex' removes it"
)

// trustBlock is what one block trusts.
type trustBlock struct {
	hooksPath string
	project   string
	hooks     []Handler
}

// withBlock appends b's block to data (unchanged when b trusts
// nothing); created says the file did not exist.
func withBlock(data []byte, b trustBlock, created bool) []byte {
	if b.project == "" && len(b.hooks) == 0 {
		return data
	}
	var s strings.Builder
	s.Write(data)
	begin := blockBegin + b.hooksPath + blockRemoves
	switch {
	case created:
		begin += blockCreated
	case len(data) > 0 && data[len(data)-1] != '\n':
		s.WriteByte('\n')
		begin += blockNL
	}
	s.WriteString(begin + "\n")
	if b.project != "" {
		fmt.Fprintf(&s, "[projects.%s]\ntrust_level = \"trusted\"\n", tomlQuote(b.project))
	}
	for _, h := range b.hooks {
		fmt.Fprintf(&s, "[hooks.state.%s]\ntrusted_hash = %s\n", tomlQuote(h.Key), tomlQuote(h.Hash))
	}
	s.WriteString(blockEnd + "\n")
	return []byte(s.String())
}

// withoutBlock removes the block for hooksPath (and the newline
// install added before it) from data; data itself when it has none.
// created: install created the file, and nothing else is left in it.
func withoutBlock(data []byte, hooksPath string) (out []byte, created bool, err error) {
	s := string(data)
	head := blockBegin + hooksPath + blockRemoves
	start, suffix := -1, ""
	for i := 0; i < len(s); {
		line, _, _ := strings.Cut(s[i:], "\n")
		if rest, ok := strings.CutPrefix(line, head); ok && (rest == "" || rest == blockNL || rest == blockCreated) {
			start, suffix = i, rest
			break
		}
		i += len(line) + 1
	}
	if start < 0 {
		return data, false, nil
	}
	stop := lineIndex(s[start:], blockEnd)
	if stop < 0 {
		return nil, false, errors.New("hookexec's trust block for " + hooksPath + " has no closing line (" + blockEnd + "); remove the block by hand")
	}
	end := start + stop + len(blockEnd)
	if end < len(s) && s[end] == '\n' {
		end++
	}
	cut := start
	if suffix == blockNL && cut > 0 && s[cut-1] == '\n' {
		cut--
	}
	out = []byte(s[:cut] + s[end:])
	return out, suffix == blockCreated && len(out) == 0, nil
}

// lineIndex is the index of the first line of s that starts with prefix,
// -1 for none.
func lineIndex(s, prefix string) int {
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], prefix) {
			return i
		}
		n := strings.IndexByte(s[i:], '\n')
		if n < 0 {
			break
		}
		i += n + 1
	}
	return -1
}

// tomlQuote is s as a TOML basic string.
func tomlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// config is Codex's config.toml as parsed (go-toml), for what the
// trust step reads.
type config map[string]any

func parseConfig(data []byte) (config, error) {
	cfg := config{}
	if err := toml.Unmarshal(data, (*map[string]any)(&cfg)); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, fmt.Errorf("line %d, column %d: %s", row, col, de.Error())
		}
		return nil, err
	}
	return cfg, nil
}

// table is the table at the dotted path, nil when it is absent or not a
// table.
func (c config) table(path ...string) map[string]any {
	t := map[string]any(c)
	for _, k := range path {
		next, _ := t[k].(map[string]any)
		if next == nil {
			return nil
		}
		t = next
	}
	return t
}

// trustLevel is the project's trust_level, "" when it has none.
func (c config) trustLevel(dir string) string {
	level, _ := c.table("projects", dir)["trust_level"].(string)
	return level
}

// trustedHash is the trusted_hash of the hook key, and whether one is set.
func (c config) trustedHash(key string) (string, bool) {
	h, ok := c.table("hooks", "state", key)["trusted_hash"].(string)
	return h, ok
}
