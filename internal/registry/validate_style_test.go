package registry

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/termstyle"
)

// TestDiagnosticStyled: plain it is String; coloured, the position is
// bold and the severity red or yellow; clean runs before the colour.
func TestDiagnosticStyled(t *testing.T) {
	t.Parallel()
	on := termstyle.New(true)
	e := Diagnostic{Pos: Position{File: "h.json", Line: 3, Col: 7}, Severity: SeverityError, Message: "bad \x1b[2J"}
	w := Diagnostic{Pos: Position{File: "h.json", Line: 1, Col: 1}, Severity: SeverityWarning, Message: "odd"}
	assert.Equal(t, e.String(), e.Styled(termstyle.Style{}, nil))
	assert.Equal(t, w.String(), w.Styled(termstyle.Style{}, nil))
	assert.Equal(t, on.Bold("h.json:3:7")+": "+on.Fail("error")+": bad \x1b[2J", e.Styled(on, nil))
	assert.Equal(t, on.Bold("h.json:1:1")+": "+on.Warn("warning")+": odd", w.Styled(on, nil))
	cleaned := e.Styled(on, func(s string) string { return "<" + s + ">" })
	assert.Equal(t, on.Bold("<h.json:3:7>")+": "+on.Fail("error")+": <bad \x1b[2J>", cleaned)
}

// TestValidateTextStyled: stdout and stderr are coloured by their own
// Style; off, the text is what it always was.
func TestValidateTextStyled(t *testing.T) {
	t.Parallel()
	on := termstyle.New(true)
	warn := Diagnostic{Pos: Position{File: "b", Line: 2, Col: 1}, Severity: SeverityWarning, Message: "odd"}
	r := &Report{Files: []FileReport{{Path: "a"}, {Path: "b", Findings: []Diagnostic{warn}}}}

	var out, errs bytes.Buffer
	require.NoError(t, r.WriteText(&out, &errs, false, termstyle.Style{}, termstyle.Style{}))
	assert.Equal(t, "b:2:1: warning: odd\n", out.String())
	assert.NotContains(t, errs.String(), "\x1b")
	assert.Contains(t, errs.String(), "2 files OK, 1 warning\n")

	out.Reset()
	errs.Reset()
	require.NoError(t, r.WriteText(&out, &errs, false, termstyle.Style{}, on))
	assert.Equal(t, "b:2:1: warning: odd\n", out.String(), "stdout is plain when its own Style is")
	assert.Contains(t, errs.String(), on.OK("2 files OK")+", "+on.Warn("1 warning")+"\n")

	out.Reset()
	errs.Reset()
	require.NoError(t, r.WriteText(&out, &errs, true, on, on))
	assert.Equal(t, warn.Styled(on, nil)+"\n", out.String())
	assert.Contains(t, errs.String(), on.Fail("2 files: 1 warning (--strict)")+"\n")

	assert.Equal(t, on.OK("1 file OK"), summaryStyled("1 file OK", &Report{Files: []FileReport{{Path: "a"}}}, true, on))
	assert.Equal(t, on.Fail("no config files found"), summaryStyled("no config files found", &Report{}, true, on))
}
