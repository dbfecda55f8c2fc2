package agent

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/event"
)

func TestInstallKeys(t *testing.T) {
	t.Parallel()
	before, _ := event.ByKey("BeforeTool")
	prompt, _ := event.ByKey("BeforeAgent")
	aliases := []Alias{{Key: "pre_shell", Event: "BeforeTool", Family: FamilyShell}, {Key: "pre_read", Event: "BeforeTool", Family: FamilyRead}}
	perFamily := Agent{Events: func(ev event.Event) (string, bool) { return "prompt", ev.Name == "BeforeAgent" }, Aliases: aliases}
	assert.Equal(t, []string{"pre_shell", "pre_read"}, perFamily.InstallKeys(before), "no generic name: every per-family one")
	assert.Equal(t, []string{"prompt"}, perFamily.InstallKeys(prompt))
	both := Agent{Events: func(ev event.Event) (string, bool) { return "preTool", ev.Name == "BeforeTool" }, Aliases: aliases}
	assert.Equal(t, []string{"preTool"}, both.InstallKeys(before), "the generic name alone, or policies run twice")
	assert.Nil(t, both.InstallKeys(prompt))
}
