package shellcmd

import "testing"

// FuzzAnalyze: no command line makes Analyze panic, and an analysis that
// is unknown says why.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{
		"{rm,-rf,x} && echo 'rm -rf x' | sh",
		"env -S'-S -i X=1 rm' -S 'a b' x",
		"sudo -u x timeout 5 env -i nice -n 1 xargs -I{} find . -exec bash -c 'eval \"$1\"' _ {} \\;",
		"bash <<< 'trap \"watch -x git -C . push\" EXIT'",
		"cat <<'E' | sh\n$(rm x)\nE",
		"echo {1..3}{a..c} ~ ~/x $'\\n' `ls`",
		"git -C", "env -S", "find -exec", "watch -n", "trap --", "su -c", "sh -o",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a := Analyze(s, Options{Home: "/h"})
		if a.Unknown && a.Reason == "" {
			t.Fatalf("%q: unknown without a reason", s)
		}
	})
}
