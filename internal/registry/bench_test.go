package registry

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/trust"
)

// config1000 returns a native config with 1,000 hooks: 100 definitions of 10
// hooks spread over a few events, with matchers, env and timeouts.
func config1000() string {
	var b strings.Builder
	b.WriteString("{\n  \"hooksConfig\": {\"disabled\": [\"hook-7\"]},\n  \"hooks\": {\n")
	events := []string{"BeforeTool", "AfterTool", "PreToolUse", "SessionStart"}
	for e, ev := range events {
		fmt.Fprintf(&b, "    %q: [\n", ev)
		for d := 0; d < 25; d++ {
			fmt.Fprintf(&b, "      {\"matcher\": \"write_*|edit_%d|re:^mcp__\", \"priority\": %d, \"hooks\": [\n", d, d%3)
			for h := 0; h < 10; h++ {
				n := (e*25+d)*10 + h
				fmt.Fprintf(&b, "        {\"type\": \"command\", \"command\": \"./hooks/h%d.sh --flag \\\"x\\\"\", \"name\": \"hook-%d\", \"timeout\": %d, \"env\": {\"N\": \"%d\", \"MODE\": \"strict\"}, \"description\": \"hook number %d\"}", n, n, 1000+n, n, n)
				if h < 9 {
					b.WriteString(",")
				}
				b.WriteString("\n")
			}
			b.WriteString("      ]}")
			if d < 24 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("    ]")
		if e < len(events)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

func TestConfig1000Loads(t *testing.T) {
	t.Parallel()
	reg, _ := loadString(t, "hooks.json", config1000(), "")
	require.Empty(t, reg.Warnings)
	require.Len(t, reg.Hooks, 1000)
}

func BenchmarkLoad1000Hooks(b *testing.B) {
	path := writeFile(b, filepath.Join(b.TempDir(), "hooks.json"), config1000())
	opts := Options{Configs: []string{path}, Getenv: env(nil)}
	b.ReportAllocs()
	for b.Loop() {
		reg, err := Load(opts)
		if err != nil || len(reg.Hooks) != 1000 {
			b.Fatalf("load: %v", err)
		}
	}
}

// BenchmarkLoadTrustedProject is what trust adds to a discovered project
// (SPEC §2.4): scan .hookexec/, read the store entry, hash the named script
// and the config's bytes. Compare with BenchmarkLoadProjectUnchecked.
func BenchmarkLoadTrustedProject(b *testing.B) {
	project, getenv := benchProject(b)
	time.Sleep(2100 * time.Millisecond) // files settle, so their status is recorded (trust.FileStat)
	review, err := ReviewProject(project)
	require.NoError(b, err)
	_, err = trust.OpenStore(getenv).Add(review.Root, review.Version(time.Now()))
	require.NoError(b, err)
	opts := Options{ProjectDir: project, Getenv: getenv}
	b.ReportAllocs()
	for b.Loop() {
		reg, err := Load(opts)
		if err != nil || len(reg.Hooks) != 1 {
			b.Fatalf("load: %v, %d hooks, %v", err, len(reg.Hooks), reg.Warnings)
		}
	}
}

// BenchmarkLoadProjectTrustedByEnv discovers the same project with
// HOOKEXEC_TRUST_PROJECT=1, which checks nothing: a discovered load as it
// was before trust, the baseline of BenchmarkLoadTrustedProject.
func BenchmarkLoadProjectTrustedByEnv(b *testing.B) {
	project, getenv := benchProject(b)
	opts := Options{ProjectDir: project, Getenv: func(k string) string {
		if k == trust.EnvVar {
			return "1"
		}
		return getenv(k)
	}}
	b.ReportAllocs()
	for b.Loop() {
		reg, err := Load(opts)
		if err != nil || len(reg.Hooks) != 1 {
			b.Fatalf("load: %v", err)
		}
	}
}

// BenchmarkLoadProjectUnchecked loads the same config with --config (no
// discovery, no trust check).
func BenchmarkLoadProjectUnchecked(b *testing.B) {
	project, getenv := benchProject(b)
	opts := Options{Configs: []string{filepath.Join(project, ".hookexec", "hooks.json")}, Getenv: getenv}
	b.ReportAllocs()
	for b.Loop() {
		reg, err := Load(opts)
		if err != nil || len(reg.Hooks) != 1 {
			b.Fatalf("load: %v", err)
		}
	}
}

func benchProject(b *testing.B) (string, func(string) string) {
	dir := b.TempDir()
	project := filepath.Join(dir, "project")
	writeFile(b, filepath.Join(project, ".hookexec", "hooks.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"./hooks/check.sh"}]}]}}`)
	writeFile(b, filepath.Join(project, ".hookexec", "tests", "case.json"), `{}`)
	writeFile(b, filepath.Join(project, ".hookexec", "README.md"), "# policies\n")
	writeFile(b, filepath.Join(project, "hooks", "check.sh"), "exit 0\n")
	return project, env(map[string]string{"XDG_DATA_HOME": filepath.Join(dir, "data"), "HOOKEXEC_SYSTEM_DIR": filepath.Join(dir, "etc")})
}
