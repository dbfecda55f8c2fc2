package casefile

import (
	"bytes"
	"encoding/xml"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestJUnitReportParses(t *testing.T) {
	t.Parallel()
	ev, err := event.Resolve("BeforeTool")
	require.NoError(t, err)
	two := 2
	blocked := verdict.Verdict{Event: "BeforeTool", Blocked: true, Reason: "no <way> & \x1b[31mred\x1b[0m ]]> end",
		Hooks: []verdict.HookReport{{Name: "guard", Outcome: verdict.Blocked, ExitCode: &two, Stderr: "bad \x00 byte \xff"}}}
	mk := func(file, name string, res Result, expect Expect) Run {
		c := Case{Name: name, Event: ev, Pos: Position{File: file, Line: 3, Col: 5}, Expect: expect}
		return Run{Case: c, Result: res, Mismatches: expect.Check(res), Duration: 1500 * time.Microsecond}
	}
	no := false
	runs := []Run{
		mk("a.json", "passes", Result{Verdict: &blocked}, Expect{}),
		mk("a.json", `fails "quoted" <name>`, Result{Verdict: &blocked}, Expect{Blocked: &no, ReasonContains: []string{"x"}}),
		mk("b.json", "config error", Result{Err: errors.New("b.json:1:2: invalid \x01 JSON")}, Expect{}),
	}
	var buf bytes.Buffer
	require.NoError(t, WriteJUnit(&buf, runs, 5*time.Millisecond))

	var doc struct {
		XMLName  xml.Name `xml:"testsuites"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Time     string   `xml:"time,attr"`
		Suites   []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Time     string `xml:"time,attr"`
			Cases    []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				Line      int    `xml:"line,attr"`
				Time      string `xml:"time,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	require.NoError(t, xml.Unmarshal(buf.Bytes(), &doc), "the report is well-formed XML:\n%s", buf.String())
	assert.Equal(t, 3, doc.Tests)
	assert.Equal(t, 2, doc.Failures)
	assert.Equal(t, "0.005", doc.Time)
	require.Len(t, doc.Suites, 2, "one suite per case file")
	a, b := doc.Suites[0], doc.Suites[1]
	assert.Equal(t, "a.json", a.Name)
	assert.Equal(t, 2, a.Tests)
	assert.Equal(t, 1, a.Failures)
	assert.Equal(t, "0.003", a.Time)
	require.Len(t, a.Cases, 2)
	assert.Equal(t, "passes", a.Cases[0].Name)
	assert.Equal(t, "a.json", a.Cases[0].Classname)
	assert.Equal(t, 3, a.Cases[0].Line)
	assert.Equal(t, "0.002", a.Cases[0].Time)
	assert.Nil(t, a.Cases[0].Failure)
	f := a.Cases[1].Failure
	assert.Equal(t, `fails "quoted" <name>`, a.Cases[1].Name)
	require.NotNil(t, f)
	assert.Equal(t, "unexpected blocked, reason", f.Message)
	assert.Contains(t, f.Text, "blocked:\n    expected: false\n    actual:   true\n")
	assert.Contains(t, f.Text, `]]>`, "a CDATA terminator in the text survives")
	assert.Equal(t, "b.json", b.Name)
	require.NotNil(t, b.Cases[0].Failure)
	assert.Contains(t, b.Cases[0].Failure.Text, "invalid \uFFFD JSON", "control characters are replaced")
}
