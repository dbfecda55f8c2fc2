package setup

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/hookexec/hookexec/internal/agents/codex"
)

// The lines that open and close the block install writes into Codex's
// config.toml. The opening line says whether install added a newline
// before it (the file did not end with one), so that uninstall restores
// the exact bytes.
const (
	codexBegin    = "# >>> hookexec: trust added by 'hookexec install codex'; 'hookexec uninstall codex' removes it"
	codexBeginNL  = codexBegin + " (and the newline before it)"
	codexBeginNew = codexBegin + " (and created the file)"
	codexEnd      = "# <<< hookexec"
)

// codexBlock is what the block trusts.
type codexBlock struct {
	project string
	hooks   []codex.Handler
}

// withCodexBlock appends b's block to data (unchanged when b is empty);
// created says the file did not exist.
func withCodexBlock(data []byte, b codexBlock, created bool) []byte {
	if b.project == "" && len(b.hooks) == 0 {
		return data
	}
	var s strings.Builder
	s.Write(data)
	begin := codexBegin
	switch {
	case created:
		begin = codexBeginNew
	case len(data) > 0 && data[len(data)-1] != '\n':
		s.WriteByte('\n')
		begin = codexBeginNL
	}
	s.WriteString(begin + "\n")
	if b.project != "" {
		fmt.Fprintf(&s, "[projects.%s]\ntrust_level = \"trusted\"\n", tomlQuote(b.project))
	}
	for _, h := range b.hooks {
		fmt.Fprintf(&s, "[hooks.state.%s]\ntrusted_hash = %s\n", tomlQuote(h.Key), tomlQuote(h.Hash))
	}
	s.WriteString(codexEnd + "\n")
	return []byte(s.String())
}

// withoutCodexBlock removes the block (and the newline install added
// before it) from data; data itself when it has none. created: install
// created the file, so nothing else in it is the user's.
func withoutCodexBlock(data []byte) (out []byte, created bool, err error) {
	s := string(data)
	start := lineIndex(s, codexBegin)
	if start < 0 {
		return data, false, nil
	}
	rest := s[start:]
	stop := lineIndex(rest, codexEnd)
	if stop < 0 {
		return nil, false, errors.New("hookexec's trust block has no closing line (" + codexEnd + "); remove the block by hand")
	}
	end := start + stop + len(codexEnd)
	if end < len(s) && s[end] == '\n' {
		end++
	}
	cut := start
	if strings.HasPrefix(rest, codexBeginNL) && cut > 0 && s[cut-1] == '\n' {
		cut--
	}
	out = []byte(s[:cut] + s[end:])
	return out, strings.HasPrefix(rest, codexBeginNew) && len(out) == 0, nil
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

// codexConfig is Codex's config.toml as parsed (go-toml), for what the
// trust step reads.
type codexConfig map[string]any

func parseCodexConfig(data []byte) (codexConfig, error) {
	cfg := codexConfig{}
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
func (c codexConfig) table(path ...string) map[string]any {
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
func (c codexConfig) trustLevel(dir string) string {
	level, _ := c.table("projects", dir)["trust_level"].(string)
	return level
}

// trustedHash is the trusted_hash of the hook key, and whether one is set.
func (c codexConfig) trustedHash(key string) (string, bool) {
	h, ok := c.table("hooks", "state", key)["trusted_hash"].(string)
	return h, ok
}
