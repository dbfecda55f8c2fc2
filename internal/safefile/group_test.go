//go:build unix

package safefile

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SPEC §2.5: a file writable by its owner's private group (the owner is
// the group's only member, as Debian and Ubuntu give each user, so that
// umask 002 makes files 0664) is the owner's; writable by a group with
// other members, or by others, it is not, and the reason names the owner,
// the mode and the fix. The user and group files are written for the test
// from the real file's owner and group.
func TestCheckOwnerPrivateGroup(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.json")
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0o600))
	require.NoError(t, os.Chmod(path, 0o664))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	st := fi.Sys().(*syscall.Stat_t)
	uid, gid := int(st.Uid), int(st.Gid)
	db := func(passwd, group string) groupDB {
		p, g := filepath.Join(dir, "passwd"+fmt.Sprint(len(passwd))), filepath.Join(dir, "group"+fmt.Sprint(len(group)))
		require.NoError(t, os.WriteFile(p, []byte(passwd), 0o600))
		require.NoError(t, os.WriteFile(g, []byte(group), 0o600))
		return groupDB{passwd: p, group: g}
	}
	me := fmt.Sprintf("me:x:%d:%d::/home/me:/bin/sh\n", uid, gid)
	other := fmt.Sprintf("other:x:%d:%d::/home/other:/bin/sh\n", uid+1000, gid+1000)

	private := db("# users\n"+me+other, fmt.Sprintf("me:x:%d:\nother:x:%d:\n", gid, gid+1000))
	assert.NoError(t, checkOwner(path, fi, private), "the owner's private group")
	assert.NoError(t, checkOwner(path, fi, db(me, fmt.Sprintf("me:x:%d:me\n", gid))), "the owner listed as its member")

	var u *Unsafe
	shared := db(me+other, fmt.Sprintf("me:x:%d:other\n", gid))
	require.ErrorAs(t, checkOwner(path, fi, shared), &u, "another member")
	assert.Contains(t, u.Reason, "mode 0664, owned by ")
	assert.Contains(t, u.Reason, ": writable by group ")
	assert.Contains(t, u.Reason, "which has members other than its owner")
	assert.Equal(t, "chmod g-w,o-w "+path, u.Fix)

	sharedPrimary := db(me+fmt.Sprintf("other:x:%d:%d::/:/bin/sh\n", uid+1000, gid), fmt.Sprintf("me:x:%d:\n", gid))
	assert.Error(t, checkOwner(path, fi, sharedPrimary), "another user's primary group")
	notPrimary := db(fmt.Sprintf("me:x:%d:%d::/:/bin/sh\n", uid, gid+1000), fmt.Sprintf("me:x:%d:\n", gid))
	assert.Error(t, checkOwner(path, fi, notPrimary), "not the owner's primary group")
	assert.Error(t, checkOwner(path, fi, db(me, "")), "no group entry")
	assert.Error(t, checkOwner(path, fi, groupDB{}), "no database (not Linux)")
	assert.Error(t, checkOwner(path, fi, groupDB{passwd: filepath.Join(dir, "none"), group: filepath.Join(dir, "none")}), "unreadable")

	require.NoError(t, os.Chmod(path, 0o666))
	fi, _ = os.Stat(path)
	require.ErrorAs(t, checkOwner(path, fi, private), &u, "writable by others, whatever the group")
	assert.Contains(t, u.Reason, "mode 0666, owned by ")
	assert.Contains(t, u.Reason, ": writable by others")
	assert.Equal(t, "chmod g-w,o-w "+path, u.Fix)
}

func TestShellWord(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "/home/me/proj/.claude/hooks.json", shellWord("/home/me/proj/.claude/hooks.json"))
	assert.Equal(t, `'/tmp/a b/it'\''s $x'`, shellWord("/tmp/a b/it's $x"))
}
