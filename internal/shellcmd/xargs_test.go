package shellcmd

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// xargs appends the words it reads. When its input is text known before
// the command runs and it reads it in its default way, those words are
// the command's (marked Input); otherwise one word known only at run time.
func TestXargsInput(t *testing.T) {
	t.Parallel()
	tests := []struct{ cmd, runs string }{
		{"echo ok | xargs sudo --", "sudo -- ok"},
		{"echo / | xargs rm -rf", "rm -rf /"},
		{"echo -n a b | xargs rm", "rm a b"},
		{"printf 'a\\nb\\n' | xargs rm", "rm a b"},
		{"printf 'a\\tb' | xargs -r -t -P 4 rm", "rm a b"},
		{"echo '\"a b\" c' | xargs rm", "rm a b c"},
		{"xargs rm <<< '/x /y'", "rm /x /y"},
		{"cat <<EOF | xargs rm -rf\n/etc\nEOF", "rm -rf /etc"},
		{"xargs rm <<'EOF'\n/etc ~\nEOF", "rm /etc ~"},
		{"echo x | sudo xargs --no-run-if-empty --max-procs=2 rm", "rm x"},
		{"echo | xargs rm -rf", "rm -rf"},
		// Read in another way, split across commands, or from what only
		// the run knows: unknown.
		{"cat list | xargs rm", "rm <xargs input>"},
		{"xargs rm < list", "rm <xargs input>"},
		{"xargs rm", "rm <xargs input>"},
		{"echo $D | xargs rm", "rm <xargs input>"},
		{"echo a | xargs -0 rm", "rm <xargs input>"},
		{"echo a | xargs -d , rm", "rm <xargs input>"},
		{"echo a | xargs -n 1 rm", "rm <xargs input>"},
		{"echo a | xargs -L1 rm", "rm <xargs input>"},
		{"echo a | xargs -s 10 rm", "rm <xargs input>"},
		{"echo a _ b | xargs -E _ rm", "rm <xargs input>"},
		{"echo a | xargs -a f rm", "rm <xargs input>"},
		{"echo a | xargs --delimiter=, rm", "rm <xargs input>"},
		{"echo a | xargs --weird rm", "rm <xargs input>"},
		{"echo 'a\\x2f' | xargs rm", "rm <xargs input>"},
		{"printf 'a\\057' | xargs rm", "rm <xargs input>"},
		{"echo \"'a\" | xargs rm", "rm <xargs input>"},
		{"printf '\"a\\nb\"' | xargs rm", "rm <xargs input>"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			a := Analyze(tt.cmd, Options{})
			assert.Contains(t, commands(a), tt.runs)
			assert.False(t, a.Unknown, a.Reason)
			for _, c := range a.Commands {
				if c.From != "xargs" {
					continue
				}
				for _, w := range c.Words[1:] {
					if w.Input {
						assert.False(t, w.Dynamic, "a word read is known")
					}
				}
			}
		})
	}
	a := Analyze("echo a b | xargs rm -f", Options{})
	assert.Equal(t, []Word{{Text: "rm"}, {Text: "-f"}, {Text: "a", Input: true}, {Text: "b", Input: true}}, a.Commands[len(a.Commands)-1].Words)
	// The input is too long for one command: unknown.
	long := Analyze("echo "+strings.Repeat("a ", xargsMaxInput)+" | xargs rm", Options{})
	assert.Contains(t, commands(long), "rm <xargs input>")
}
