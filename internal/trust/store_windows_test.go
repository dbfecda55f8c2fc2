package trust

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWindowsStoreLocation(t *testing.T) {
	t.Parallel()
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	assert.Equal(t, `C:\Users\u\AppData\Local\hookexec\trust`, OpenStore(env(map[string]string{"LOCALAPPDATA": `C:\Users\u\AppData\Local`, "HOME": `C:\h`})).Dir)
	assert.Equal(t, `D:\data\hookexec\trust`, OpenStore(env(map[string]string{"LOCALAPPDATA": `C:\L`, "XDG_DATA_HOME": `D:\data`})).Dir, "XDG_DATA_HOME wins")
	assert.Empty(t, OpenStore(env(map[string]string{"HOME": `C:\h`})).Dir)
}
