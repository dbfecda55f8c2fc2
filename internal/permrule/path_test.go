package permrule

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPathRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		rule, tool, path string
		want             bool
	}{
		// ./ and bare: from the working directory.
		{"Read(./.env)", "Read", "/srv/proj/sub/.env", true},
		{"Read(./.env)", "Read", ".env", true}, // relative to cwd
		// "./" is dropped, as Claude Code drops it: no slash is left, so
		// the name matches at any depth below the cwd (a real run of
		// Claude Code 2.1.328 guards sub/.env with Write(./.env)).
		{"Read(./.env)", "Read", "/srv/proj/sub/a/.env", true},
		{"Read(./.env)", "Read", "/srv/proj/.env", false},
		{"Read(./src/*.ts)", "Read", "/srv/proj/sub/src/a.ts", true},
		{"Edit(node_modules/)", "Edit", "/srv/proj/sub/a/node_modules/x/y.js", true},
		{"Edit(node_modules/)", "Edit", "/srv/proj/sub/a/modules/y.js", false},
		{"Read(./)", "Read", "/srv/proj/sub/a/b", true},
		{"Read(./)", "Read", "/srv/proj/other", false},
		{"Read(./src/*.ts)", "Read", "/srv/proj/sub/lib/src/a.ts", false},
		{"Read(.env)", "Read", "/srv/proj/sub/a/.env", true}, // no slash: any depth
		{"Read(.env)", "Read", "/elsewhere/.env", false},
		{"Edit(*.ts)", "Edit", "/srv/proj/sub/src/a.ts", true},
		{"Edit(*.ts)", "Write", "src/deep/b.ts", true},
		{"Edit(*.ts)", "Edit", "/srv/proj/sub/a.js", false},
		{"Edit(src/**)", "Edit", "/srv/proj/sub/src/x/y.go", true},
		{"Edit(src/**)", "Edit", "/srv/proj/src/y.go", false},
		{"Read(../secrets/*)", "Read", "/srv/proj/secrets/k", true},
		// /: from the project root.
		{"Write(/src/**)", "Write", "/srv/proj/src/a/b.go", true},
		{"Write(/src/**)", "Write", "/srv/proj/sub/src/a.go", false},
		{"Edit(/src/**/*.ts)", "Edit", "/srv/proj/src/a.ts", true}, // **/ may be empty
		{"Edit(/src/**/*.ts)", "Edit", "/srv/proj/src/x/y/a.ts", true},
		{"Edit(/src/*.ts)", "Edit", "/srv/proj/src/x/a.ts", false}, // * stays in a segment
		{"Edit(/docs/)", "Edit", "/srv/proj/docs/a/b.md", true},
		{"Edit(/docs)", "Edit", "/srv/proj/docs/a/b.md", true}, // a directory covers its contents
		// //: absolute; ~/: home.
		{"Read(//etc/passwd)", "Read", "/etc/passwd", true},
		{"Read(//etc/**)", "Read", "/etc/ssh/sshd_config", true},
		{"Read(~/.ssh/**)", "Read", "/home/u/.ssh/id_rsa", true},
		{"Read(~/.ssh/**)", "Read", "~/.ssh/id_rsa", true},
		{"Read(~/.ssh/**)", "Read", "/home/v/.ssh/id_rsa", false},
		// Read rules cover Grep and Glob's path.
		{"Read(./secret)", "Grep", "/srv/proj/sub/secret", true},
		{"Read(./secret)", "Grep", "/srv/proj/sub/public", false},
		// Paths are cleaned first: no escape with "..".
		{"Read(//etc/**)", "Read", "/srv/../etc/shadow", true},
	}
	for _, tt := range tests {
		t.Run(tt.rule+" "+tt.path, func(t *testing.T) {
			t.Parallel()
			c := file(tt.tool, tt.path)
			if tt.tool == "Grep" {
				c.Input = map[string]any{"path": tt.path}
			}
			got, why := MustParse(tt.rule).Match(c)
			assert.Equal(t, tt.want, got, why)
		})
	}
}
