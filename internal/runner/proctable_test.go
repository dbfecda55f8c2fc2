package runner

import (
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestProcTableGroupAlive runs groupAlive's logic over process tables as
// macOS and FreeBSD report them (decoded from kinfo_proc records), with
// kill(2)'s probe injected: the path those systems take, run on Linux.
func TestProcTableGroupAlive(t *testing.T) {
	t.Parallel()
	const pgid = 4242
	found := func(int) error { return nil }
	gone := func(int) error { return syscall.ESRCH }
	tests := []struct {
		name   string
		probe  func(int) error
		procs  []procInfo
		noList bool
		want   bool
	}{
		{
			name:  "live member",
			probe: found,
			procs: []procInfo{{pid: 1, pgid: 1}, {pid: pgid, ppid: 1, pgid: pgid, zombie: true}, {pid: 4250, ppid: pgid, pgid: pgid}},
			want:  true,
		},
		{
			name:  "zombies only",
			probe: found, // kill(2) still finds the unreaped members
			procs: []procInfo{{pid: 1, pgid: 1}, {pid: pgid, ppid: 1, pgid: pgid, zombie: true}, {pid: 4250, ppid: 1, pgid: pgid, zombie: true}},
			want:  false,
		},
		{
			name:  "no member in the table",
			probe: found, // the group ended between the probe and the read
			procs: []procInfo{{pid: 1, pgid: 1}, {pid: 4250, ppid: 1, pgid: 4250}},
			want:  false,
		},
		{
			name:  "no member for kill",
			probe: gone,
			procs: []procInfo{{pid: pgid, ppid: 1, pgid: pgid}}, // not consulted
			want:  false,
		},
		{
			name:   "no table: kill decides",
			probe:  found,
			noList: true,
			want:   true,
		},
	}
	for _, tt := range tests {
		for name, l := range map[string]kinfoLayout{"darwin": darwinKinfo, "freebsd": freebsdKinfo64} {
			t.Run(tt.name+"/"+name, func(t *testing.T) {
				t.Parallel()
				table := procTable{
					probe: tt.probe,
					list: func() ([]procInfo, bool) {
						if tt.noList {
							return nil, false
						}
						procs, err := decodeKinfo(kinfoRecords(l, tt.procs...), l)
						return procs, err == nil
					},
				}
				assert.Equal(t, tt.want, table.groupAlive(pgid))
			})
		}
	}
}
