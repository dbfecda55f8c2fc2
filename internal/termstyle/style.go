package termstyle

// Style colours text for one stream; the zero value leaves text as it
// is. The roles, not the colours, are the API: OK (passed), Fail (failed,
// an error), Warn (a warning), Dim (where: file:line), Bold (a heading or
// a name).
type Style struct{ on bool }

// SGR sequences: ECMA-48 Select Graphic Rendition.
const (
	reset  = "\x1b[0m"
	bold   = "\x1b[1m"
	dim    = "\x1b[2m"
	red    = "\x1b[31m"
	green  = "\x1b[32m"
	yellow = "\x1b[33m"
)

// On reports whether the Style colours.
func (s Style) On() bool { return s.on }

// OK is s in green: ok, PASS, a summary without failures.
func (s Style) OK(text string) string { return s.wrap(green, text) }

// Fail is s in bold red: FAIL, error, a summary with failures.
func (s Style) Fail(text string) string { return s.wrap(bold+red, text) }

// Warn is s in yellow: warning.
func (s Style) Warn(text string) string { return s.wrap(yellow, text) }

// Dim is s faint: where something is (file:line:col), durations.
func (s Style) Dim(text string) string { return s.wrap(dim, text) }

// Bold is s in bold: headings and names.
func (s Style) Bold(text string) string { return s.wrap(bold, text) }

// wrap puts text between code and a reset; empty text stays empty.
func (s Style) wrap(code, text string) string {
	if !s.on || text == "" {
		return text
	}
	return code + text + reset
}
