package pack

import (
	"testing"

	"github.com/hookexec/hookexec/internal/permrule"
)

// FuzzDefault: no command line makes the pack panic, and whatever it
// finds has a decision and a category.
func FuzzDefault(f *testing.F) {
	for _, seed := range []string{
		"rm -rf /", "git push -f", "echo $( (git reset --hard) )", "parallel bash -c ::: 'rm -rf /'",
		"python -c \"import os; os.system('find . -delete')\"", "echo / | xargs -J {} rm -rf {}", "command -v git reset --hard",
		"rm -rf /x 'oops", "find . -exec rm -rf {} +", "echo x > ~/.ssh/config", "1A=2 git reset --hard",
	} {
		f.Add(seed)
	}
	p, _ := Lookup(Default)
	f.Fuzz(func(t *testing.T, command string) {
		for _, tool := range []string{"Bash", "Write"} {
			in := map[string]any{"command": command, "path": command}
			got, hit := p.Check(permrule.NewCall(tool, in, places))
			if hit && (got.Decision != Deny && got.Decision != Ask || got.Category == "") {
				t.Fatalf("%q: finding without a decision or category: %+v", command, got)
			}
		}
	})
}
