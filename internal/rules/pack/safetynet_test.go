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

// The scores of the packs against cc-safety-net's cases. These numbers
// only go up (must-block blocked) or down (must-allow wrongly blocked):
// raise or lower them when a pack gets better, never the other way.
const (
	safetynetBlocked      = 214
	safetynetWrongBlocked = 0
	// hookexec:strict against the default, strict and paranoid modes'
	// cases: stopped is denied or asked.
	safetynetStrictStopped     = 236
	safetynetStrictWrongDenied = 1
)

type safetynetCase struct {
	File    string            `json:"file"`
	Line    int               `json:"line"`
	Command string            `json:"command"`
	Expect  string            `json:"expect"`
	Env     map[string]string `json:"env"`
	Cwd     *string           `json:"cwd"`
}

type safetynetFile struct {
	Commit string          `json:"commit"`
	Cases  []safetynetCase `json:"cases"`
}

func loadSafetynet(t *testing.T) safetynetFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "safetynet", "cases.json"))
	require.NoError(t, err)
	var file safetynetFile
	require.NoError(t, json.Unmarshal(data, &file))
	return file
}

// TestSafetynetScore scores hookexec:default against the cases of
// cc-safety-net's default mode (no env, no cwd: the guard knows no
// working directory, so a relative path is where it cannot tell).
func TestSafetynetScore(t *testing.T) {
	t.Parallel()
	file := loadSafetynet(t)
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

// strictModes are cc-safety-net's settings whose cases hookexec:strict is
// scored against besides the default mode's: its strict mode (fail closed
// on what it cannot analyze) and its paranoid modes (rm -rf inside the
// working directory, interpreter one-liners).
var strictModes = map[string]bool{"SAFETY_NET_STRICT": true, "SAFETY_NET_PARANOID": true, "SAFETY_NET_PARANOID_RM": true, "SAFETY_NET_PARANOID_INTERPRETERS": true}

// TestSafetynetStrictScore scores hookexec:strict against the cases of
// cc-safety-net's default, strict and paranoid modes: a must-block case is
// stopped when it is denied or asked for, a must-allow case wrongly
// stopped when it is denied (the asks are reported). A case run in the
// suite's temporary directory is run in the project root.
func TestSafetynetStrictScore(t *testing.T) {
	t.Parallel()
	file := loadSafetynet(t)
	p, ok := Lookup(Strict)
	require.True(t, ok)
	var mustBlock, denied, asked, mustAllow, wrong, allowAsked int
	for _, c := range file.Cases {
		pl := permrule.Places{Home: "/home/user"}
		if c.Cwd != nil {
			if *c.Cwd != "tmpDir" {
				continue
			}
			pl.Cwd, pl.ProjectDir = "/srv/proj", "/srv/proj"
		}
		modes := true
		for k := range c.Env {
			modes = modes && strictModes[k]
		}
		if !modes {
			continue
		}
		f, hit := p.Check(permrule.NewCall("Bash", map[string]any{"command": c.Command}, pl))
		switch c.Expect {
		case "block":
			mustBlock++
			switch {
			case hit && f.Decision == Deny:
				denied++
			case hit:
				asked++
			case testing.Verbose():
				t.Logf("missed %s:%d %q", c.File, c.Line, c.Command)
			}
		case "allow":
			mustAllow++
			switch {
			case hit && f.Decision == Deny:
				wrong++
				t.Logf("wrongly denied %s:%d %q: %s: %s", c.File, c.Line, c.Command, f.Check, f.Why)
			case hit:
				allowAsked++
				if testing.Verbose() {
					t.Logf("asked for %s:%d %q: %s: %s", c.File, c.Line, c.Command, f.Check, f.Why)
				}
			}
		}
	}
	score := fmt.Sprintf("hookexec:strict: stops %d of %d must-block (%d denied, %d asked), wrongly denies %d of %d must-allow, asks for %d of them (cc-safety-net %.7s default, strict and paranoid modes)",
		denied+asked, mustBlock, denied, asked, wrong, mustAllow, allowAsked, file.Commit)
	t.Log(score)
	fmt.Println(score)
	assert.GreaterOrEqual(t, denied+asked, safetynetStrictStopped, "the pack stops fewer must-block cases than it did")
	assert.LessOrEqual(t, wrong, safetynetStrictWrongDenied, "the pack wrongly denies more must-allow cases than it did")
}
