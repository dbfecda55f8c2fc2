package pack

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/permrule"
)

// The score of hookexec:default against cc-safety-net's default-mode
// cases. These numbers only go up (must-block blocked) or down (must-allow
// wrongly blocked): raise or lower them when the pack gets better, never
// the other way.
const (
	safetynetBlocked      = 214
	safetynetWrongBlocked = 0
)

type safetynetCase struct {
	File    string            `json:"file"`
	Line    int               `json:"line"`
	Command string            `json:"command"`
	Expect  string            `json:"expect"`
	Env     map[string]string `json:"env"`
	Cwd     *string           `json:"cwd"`
}

// TestSafetynetScore scores the pack against the cases of cc-safety-net's
// default mode (no env, no cwd: the guard knows no working directory, so
// a relative path is where it cannot tell).
func TestSafetynetScore(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "safetynet", "cases.json"))
	require.NoError(t, err)
	var file struct {
		Commit string          `json:"commit"`
		Cases  []safetynetCase `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	p, ok := Lookup(Default)
	require.True(t, ok)
	pl := permrule.Places{Home: "/home/user"}
	var mustBlock, blocked, mustAllow, wrong, asked int
	for _, c := range file.Cases {
		if c.Env != nil || c.Cwd != nil {
			continue
		}
		f, hit := p.Check(permrule.NewCall("Bash", map[string]any{"command": c.Command}, pl))
		deny := hit && f.Decision == Deny
		if hit && f.Decision == Ask {
			asked++
		}
		switch c.Expect {
		case "block":
			mustBlock++
			if deny {
				blocked++
			} else if testing.Verbose() {
				t.Logf("missed %s:%d %q", c.File, c.Line, c.Command)
			}
		case "allow":
			mustAllow++
			if deny {
				wrong++
				if testing.Verbose() {
					t.Logf("wrongly blocked %s:%d %q: %s: %s", c.File, c.Line, c.Command, f.Category, f.Why)
				}
			}
		}
	}
	score := fmt.Sprintf("hookexec:default: blocks %d of %d must-block, wrongly blocks %d of %d must-allow, asks for %d (cc-safety-net %.7s default mode)",
		blocked, mustBlock, wrong, mustAllow, asked, file.Commit)
	t.Log(score)
	fmt.Println(score)
	assert.GreaterOrEqual(t, blocked, safetynetBlocked, "the pack blocks fewer must-block cases than it did")
	assert.LessOrEqual(t, wrong, safetynetWrongBlocked, "the pack wrongly blocks more must-allow cases than it did")
}
