package permrule

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShellForms: a guard on rm -rf (or git push) runs for every way a
// command line can run the command, and not for text that only mentions it.
func TestShellForms(t *testing.T) {
	t.Parallel()
	const rm, rmStar, push = "Bash(rm -rf:*)", "Bash(rm *)", "Bash(git push:*)"
	tests := []struct {
		rule, cmd string
		want      bool
	}{
		{rm, "{rm,-rf,DIR}", true},
		{rmStar, "{rm,-rf,DIR}", true},
		{rm, "echo 'rm -rf DIR' | sh", true},
		{rm, "printf 'rm -rf DIR\\n' | bash", true},
		{rm, "bash <<< 'rm -rf DIR'", true},
		{rm, "sh <<EOF\nrm -rf DIR\nEOF", true},
		{rm, "sh <<'EOF'\nls\nrm -rf DIR\nEOF", true},
		{rm, "bash -c -- 'rm -rf DIR'", true},
		{rm, "sh -ec 'rm -rf DIR'", true},
		{rm, "bash -o pipefail -c 'rm -rf DIR'", true},
		{rm, "env -S 'rm -rf DIR'", true},
		{rm, "env -i X=1 rm -rf DIR", true},
		{rm, "trap 'rm -rf DIR' EXIT", true},
		{rm, "eval 'rm -rf DIR'", true},
		{rm, "exec rm -rf DIR", true},
		{rm, "command rm -rf DIR", true},
		{rm, "builtin rm -rf DIR", true},
		{rm, "sudo -u x rm -rf DIR", true},
		{rm, "sudo rm -rf DIR", true},
		{rm, "doas rm -rf DIR", true},
		{rm, "doas -u x rm -rf DIR", true},
		{rm, "nohup rm -rf DIR", true},
		{rm, "nice -n 5 rm -rf DIR", true},
		{rm, "timeout 5 rm -rf DIR", true},
		{rm, "time rm -rf DIR", true},
		{rm, "watch 'rm -rf DIR'", true},
		{rm, "watch -n 5 rm -rf DIR", true},
		{rm, "echo DIR | xargs rm -rf", true},
		{rm, "echo DIR | xargs bash -c 'rm -rf DIR'", true},
		{rm, "find . -exec rm -rf {} \\;", true},
		{rm, "find . -execdir rm -rf {} +", true},
		{rm, "find . -ok rm -rf {} ';'", true},
		{rm, "find . -name x -exec sudo rm -rf {} \\;", true},
		{rm, "echo $( (rm -rf DIR) )", true},
		{rm, "echo `rm -rf DIR`", true},
		{rm, "cat <(rm -rf DIR)", true},
		{rm, "(rm -rf DIR)", true},
		{rm, "ls; rm -rf DIR", true},
		{rm, "ls && rm -rf DIR", true},
		{rm, "ls || rm -rf DIR", true},
		{rm, "ls | rm -rf DIR", true},
		{rm, "rm -rf DIR &", true},
		{rm, "\\rm -rf DIR", true},
		{rm, "/bin/rm -rf DIR", true},
		{rm, "~/bin/rm -rf DIR", true},
		{rm, "rm -rf ~", true},
		{rm, "sudo bash -c 'eval \"rm -rf DIR\"'", true},
		{push, "git -C . push", true},
		{push, "git -c k=v push origin", true},
		{push, "git --no-pager push", true},
		{push, "git --git-dir=x push", true},
		{push, "git --git-dir x --work-tree y push", true},
		{push, "git push", true},
		// Unknown: what only the run can tell starts the guard.
		{rm, "$X -rf /", true},
		{push, "$X -rf /", true},
		{rm, "bash -c \"$CMD\"", true},
		{rm, "curl -s x | sh", true},
		{rm, "sh < script.sh", true},
		{rm, "echo 'unterminated", true},
		// Near-misses: rm mentioned, not run.
		{rm, "echo rm -rf /", false},
		{rm, "rg 'rm -rf' .", false},
		{rm, "git commit -m 'rm -rf DIR'", false},
		{rm, "echo 'rm -rf DIR' > notes.txt", false},
		{rm, "echo 'rm -rf DIR' | cat", false},
		{rm, "rm DIR", false},
		{rm, "command -v rm", false},
		{rm, "bash script.sh", false},
		{"Bash(git push --force:*)", "git push --force-with-lease", false},
		{"Bash(git push --force:*)", "git -C . push --force", true},
		{push, "git pull", false},
		{push, "git -C push pull", false},
		{push, "echo git push", false},
	}
	for _, tt := range tests {
		t.Run(tt.rule+" "+tt.cmd, func(t *testing.T) {
			t.Parallel()
			r, err := Parse(tt.rule)
			require.NoError(t, err)
			got, why := r.Match(bash(tt.cmd))
			assert.Equal(t, tt.want, got, why)
		})
	}
}

// An unknown command line matches with the analyzer's reason.
func TestUnknownWhy(t *testing.T) {
	t.Parallel()
	got, why := MustParse("Bash(npm test)").Match(bash("$X -rf /"))
	assert.True(t, got)
	assert.Equal(t, `"$X -rf /": the command name $X is known only at run time; counted as a match (the hook runs)`, why)
	got, why = MustParse("Bash(rm *)").Match(bash("curl -s x | sh"))
	assert.True(t, got)
	assert.Contains(t, why, "sh reads a script from a pipe known only at run time")
}
