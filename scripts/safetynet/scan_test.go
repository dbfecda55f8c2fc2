package main

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The scanner reads every form the suite writes its assertions in: quotes
// of three kinds with escapes, a call over several lines, a cwd argument,
// withEnv (nested), comments and strings that only mention the names, and
// a template literal with an expression, which is not a plain command.
func TestExtract(t *testing.T) {
	t.Parallel()
	src := `import { assertAllowed, assertBlocked } from '../helpers.ts';
// assertBlocked('in a comment', 'x');
describe('rm', () => {
  test('rm -rf blocked', () => {
    assertBlocked('rm -rf /some/path', 'rm -rf');
  });
  test("double quotes", () => {
    assertBlocked("bash -c 'rm -rf /x'", "rm -rf");
    assertAllowed(` + "`echo \\`date\\``" + `);
  });
  /* assertAllowed('in a block comment') */
  test('with a cwd', () => {
    assertAllowed('rm -rf build', tmpDir);
    assertBlocked(
      'git reset --hard',
      'git reset --hard',
      fixture.cwd,
    );
  });
  test('strict', () => {
    withEnv({ SAFETY_NET_STRICT: '1' }, () => {
      withEnv({ SAFETY_NET_PARANOID: '1' }, () => {
        assertBlocked('python -c \'import os\'', 'dangerous');
      });
      assertAllowed('ls');
    });
    assertAllowed('echo "assertBlocked(\'x\')"');
    assertBlocked(` + "`rm -rf ${dir}`" + `, 'rm -rf');
  });
});
`
	cases, skipped := extract("tests/core/x.test.ts", src)
	strict := map[string]string{"SAFETY_NET_STRICT": "1"}
	want := []Case{
		{Line: 5, Test: "rm -rf blocked", Command: "rm -rf /some/path", Expect: "block", Reason: "rm -rf"},
		{Line: 8, Test: "double quotes", Command: "bash -c 'rm -rf /x'", Expect: "block", Reason: "rm -rf"},
		{Line: 9, Test: "double quotes", Command: "echo `date`", Expect: "allow"},
		{Line: 13, Test: "with a cwd", Command: "rm -rf build", Expect: "allow", Cwd: "tmpDir"},
		{Line: 14, Test: "with a cwd", Command: "git reset --hard", Expect: "block", Reason: "git reset --hard", Cwd: "fixture.cwd"},
		{Line: 23, Test: "strict", Command: "python -c 'import os'", Expect: "block", Reason: "dangerous", Env: map[string]string{"SAFETY_NET_STRICT": "1", "SAFETY_NET_PARANOID": "1"}},
		{Line: 25, Test: "strict", Command: "ls", Expect: "allow", Env: strict},
		{Line: 27, Test: "strict", Command: `echo "assertBlocked('x')"`, Expect: "allow"},
	}
	for i := range want {
		want[i].File = "tests/core/x.test.ts"
	}
	assert.Equal(t, want, cases)
	assert.Equal(t, []string{"tests/core/x.test.ts:28: assertBlocked: the command is not a plain string literal"}, skipped)
}

// The committed cases are what the extractor writes: each names its place
// in the suite, a command and what the suite expects of it, and the file
// records where it came from.
func TestCommittedCases(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../testdata/safetynet/cases.json")
	require.NoError(t, err)
	var out Output
	require.NoError(t, json.Unmarshal(data, &out))
	assert.Equal(t, "github.com/kenryu42/claude-code-safety-net", out.Source)
	assert.Len(t, out.Commit, 40)
	require.NotEmpty(t, out.Cases)
	seen := map[string]int{}
	for _, c := range out.Cases {
		assert.NotEmpty(t, c.File)
		assert.Positive(t, c.Line)
		assert.Contains(t, []string{"block", "allow"}, c.Expect, "%s:%d", c.File, c.Line)
		if c.Env == nil && c.Cwd == "" {
			seen[c.Expect]++
		}
	}
	assert.Positive(t, seen["block"], "no must-block case of the default mode")
	assert.Positive(t, seen["allow"], "no must-allow case of the default mode")
}
