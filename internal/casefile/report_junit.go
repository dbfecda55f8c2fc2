package casefile

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hookexec/hookexec/internal/termstyle"
)

// The JUnit XML report of `test --junit FILE`: one <testsuite> per case
// file, one <testcase> per case, a <failure> with the expected-vs-actual
// text for each failed case. It is the de-facto schema CI systems (GitHub
// Actions reporters, GitLab, Jenkins) read.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Time     string       `xml:"time,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Skipped  int         `xml:"skipped,attr"`
		Time     string      `xml:"time,attr"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		File      string        `xml:"file,attr"`
		Line      int           `xml:"line,attr"`
		Time      string        `xml:"time,attr"`
		Failure   *junitFailure `xml:"failure,omitempty"`
	}
	junitFailure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",cdata"`
	}
)

// WriteJUnit writes the JUnit XML report of runs, which took total.
func WriteJUnit(w io.Writer, runs []Run, total time.Duration) error {
	doc := junitSuites{Name: "hookexec test", Time: seconds(total)}
	index := map[string]int{} // case file -> suite
	var suiteTime []time.Duration
	for _, r := range runs {
		file := r.Case.Pos.File
		i, ok := index[file]
		if !ok {
			i = len(doc.Suites)
			index[file] = i
			doc.Suites = append(doc.Suites, junitSuite{Name: file})
			suiteTime = append(suiteTime, 0)
		}
		s := &doc.Suites[i]
		tc := junitCase{Name: r.Case.Name, Classname: file, File: file, Line: r.Case.Pos.Line, Time: seconds(r.Duration)}
		if !r.Passed() {
			tc.Failure = &junitFailure{Message: failureMessage(r), Type: "expectation", Text: xmlText(failureDetail(r, termstyle.Style{}))}
			s.Failures++
			doc.Failures++
		}
		s.Cases = append(s.Cases, tc)
		s.Tests++
		doc.Tests++
		suiteTime[i] += r.Duration
	}
	for i := range doc.Suites {
		doc.Suites[i].Time = seconds(suiteTime[i])
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// failureMessage is the one-line summary: the mismatched fields.
func failureMessage(r Run) string {
	fields := make([]string, len(r.Mismatches))
	for i, m := range r.Mismatches {
		fields[i] = m.Field
	}
	return "unexpected " + strings.Join(fields, ", ")
}

// xmlText replaces what XML 1.0 cannot carry (most control characters,
// invalid UTF-8) with U+FFFD: CDATA sections are written unescaped.
func xmlText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			return r
		case r < 0x20, r == utf8.RuneError, r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
			return '\uFFFD'
		}
		return r
	}, s)
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%.3f", d.Seconds())
}

// WriteJUnitFile writes the JUnit XML report of `test --junit FILE` to
// path, replacing it.
func WriteJUnitFile(path string, runs []Run, total time.Duration) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	if err := WriteJUnit(f, runs, total); err != nil {
		_ = f.Close()
		return fmt.Errorf("--junit: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	return nil
}
