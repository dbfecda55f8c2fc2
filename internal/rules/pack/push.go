package pack

import (
	"strings"

	"github.com/hookexec/hookexec/internal/shellcmd"
)

// protectedBranches are the branch names a push to which hookexec:strict
// asks for (and any name starting with "release").
var protectedBranches = []string{"main", "master", "trunk", "develop", "dev", "stable", "staging", "production", "prod"}

// pushValueOptions are git push's options that take the next word.
var pushValueOptions = []string{"-o", "--push-option", "--repo", "--receive-pack", "--exec"}

// checkPush: a push that rewrites the remote's history (--force, -f,
// --mirror, +refspec; --force-with-lease is the safe form), one that
// deletes a remote branch, and one to a protected branch or where git
// picks the branch (no refspec, HEAD, --all).
func checkPush(args []shellcmd.Word, show string) []Finding {
	short, long, _ := flags(args)
	found := func(id, why string) Finding { return hit(id, "git "+why+": "+quote(show)) }
	var out []Finding
	lease := hasLong(long, "--force-with-lease")
	if !lease && (hasLong(long, "--force", "--mirror") || strings.Contains(short, "f")) {
		out = append(out, found(idGitPushForce, "push --force rewrites the remote's history (use --force-with-lease)"))
	}
	var operands []shellcmd.Word
	for i := 0; i < len(args); i++ {
		w := args[i]
		switch {
		case w.Dynamic || !strings.HasPrefix(w.Text, "-") || w.Text == "-":
			operands = append(operands, w)
		case w.Text == "--":
			operands = append(operands, args[i+1:]...)
			i = len(args)
		case contains(pushValueOptions, w.Text):
			i++
		}
	}
	var refspecs []shellcmd.Word
	if len(operands) > 1 {
		refspecs = operands[1:]
	}
	for _, w := range refspecs {
		if !lease && !w.Dynamic && strings.HasPrefix(w.Text, "+") {
			out = append(out, found(idGitPushForce, "push +refspec rewrites the remote's history (use --force-with-lease)"))
			break
		}
	}
	deleting := hasLong(long, "--delete") || strings.Contains(short, "d")
	for _, w := range refspecs {
		if deleting || !w.Dynamic && strings.HasPrefix(w.Text, ":") {
			out = append(out, found(idGitPushDelete, "push --delete deletes a branch of the remote"))
			break
		}
	}
	switch {
	case hasLong(long, "--all", "--branches", "--mirror"):
		out = append(out, found(idGitPushBranch, "push --all pushes every branch, the protected ones too"))
	case len(refspecs) == 0 && !hasLong(long, "--tags"):
		out = append(out, found(idGitPushBranch, "push without a refspec pushes the branch git picks, a protected one too"))
	}
	for _, w := range refspecs {
		if dst, ok := protectedDestination(w); ok {
			out = append(out, found(idGitPushBranch, "push to "+dst+", a protected branch"))
			break
		}
	}
	return out
}

// protectedDestination: the branch a refspec pushes to is protected, or
// known only at run time (a variable, HEAD: the branch checked out).
func protectedDestination(w shellcmd.Word) (string, bool) {
	if w.Dynamic {
		return w.Text, true
	}
	spec := strings.TrimPrefix(w.Text, "+")
	dst := spec
	if i := strings.LastIndexByte(spec, ':'); i >= 0 {
		dst = spec[i+1:]
	}
	dst = strings.TrimPrefix(strings.TrimPrefix(dst, "refs/heads/"), "heads/")
	switch {
	case dst == "" || strings.HasPrefix(dst, "refs/tags/"):
		return "", false
	case dst == "HEAD" || dst == "@":
		return "the branch checked out (" + w.Text + ")", true
	case contains(protectedBranches, dst) || strings.HasPrefix(dst, "release"):
		return dst, true
	}
	return "", false
}
