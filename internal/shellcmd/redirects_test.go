package shellcmd

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWrites(t *testing.T) {
	t.Parallel()
	tests := []struct {
		command string
		want    []string
	}{
		{"echo x > a.txt", []string{"a.txt"}},
		{"echo x >> ~/.ssh/authorized_keys 2>/dev/null", []string{"/h/.ssh/authorized_keys", "/dev/null"}},
		{"bash -c 'cat y &> .env'", []string{".env"}},
		{"cat < in.txt; echo $(echo z >| 'q r')", []string{"q r"}},
		{"echo x", nil},
	}
	for _, tt := range tests {
		a := Analyze(tt.command, Options{Home: "/h"})
		var got []string
		for _, w := range a.Writes {
			got = append(got, w.Text)
		}
		assert.Equal(t, tt.want, got, tt.command)
	}
}
