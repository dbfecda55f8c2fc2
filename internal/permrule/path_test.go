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
		{"Read(./.env)", "Read", "/work/proj/sub/.env", true},
		{"Read(./.env)", "Read", ".env", true}, // relative to cwd
		// "./" is dropped, as Claude Code drops it: no slash is left, so
		// the name matches at any depth below the cwd (a real run of
		// Claude Code 2.1.328 guards sub/.env with Write(./.env)).
		{"Read(./.env)", "Read", "/work/proj/sub/a/.env", true},
		{"Read(./.env)", "Read", "/work/proj/.env", false},
		{"Read(./src/*.ts)", "Read", "/work/proj/sub/src/a.ts", true},
		{"Edit(node_modules/)", "Edit", "/work/proj/sub/a/node_modules/x/y.js", true},
		{"Edit(node_modules/)", "Edit", "/work/proj/sub/a/modules/y.js", false},
		{"Read(./)", "Read", "/work/proj/sub/a/b", true},
		{"Read(./)", "Read", "/work/proj/other", false},
		{"Read(./src/*.ts)", "Read", "/work/proj/sub/lib/src/a.ts", false},
		{"Read(.env)", "Read", "/work/proj/sub/a/.env", true}, // no slash: any depth
		{"Read(.env)", "Read", "/elsewhere/.env", false},
		{"Edit(*.ts)", "Edit", "/work/proj/sub/src/a.ts", true},
		{"Edit(*.ts)", "Write", "src/deep/b.ts", true},
		{"Edit(*.ts)", "Edit", "/work/proj/sub/a.js", false},
		{"Edit(src/**)", "Edit", "/work/proj/sub/src/x/y.go", true},
		{"Edit(src/**)", "Edit", "/work/proj/src/y.go", false},
		{"Read(../secrets/*)", "Read", "/work/proj/secrets/k", true},
		// /: from the project root.
		{"Write(/src/**)", "Write", "/work/proj/src/a/b.go", true},
		{"Write(/src/**)", "Write", "/work/proj/sub/src/a.go", false},
		{"Edit(/src/**/*.ts)", "Edit", "/work/proj/src/a.ts", true}, // **/ may be empty
		{"Edit(/src/**/*.ts)", "Edit", "/work/proj/src/x/y/a.ts", true},
		{"Edit(/src/*.ts)", "Edit", "/work/proj/src/x/a.ts", false}, // * stays in a segment
		{"Edit(/docs/)", "Edit", "/work/proj/docs/a/b.md", true},
		{"Edit(/docs)", "Edit", "/work/proj/docs/a/b.md", true}, // a directory covers its contents
		// //: absolute; ~/: home.
		{"Read(//etc/passwd)", "Read", "/etc/passwd", true},
		{"Read(//etc/**)", "Read", "/etc/ssh/sshd_config", true},
		{"Read(~/.ssh/**)", "Read", "/home/u/.ssh/id_rsa", true},
		{"Read(~/.ssh/**)", "Read", "~/.ssh/id_rsa", true},
		{"Read(~/.ssh/**)", "Read", "/home/v/.ssh/id_rsa", false},
		// Read rules cover Grep and Glob's path.
		{"Read(./secret)", "Grep", "/work/proj/sub/secret", true},
		{"Read(./secret)", "Grep", "/work/proj/sub/public", false},
		// Paths are cleaned first: no escape with "..".
		{"Read(//etc/**)", "Read", "/work/../etc/shadow", true},
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
