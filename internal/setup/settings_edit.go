package setup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tailscale/hujson"
)

// Edits change the file's syntax tree with JSON Patch operations (hujson's
// Patch, which keeps the comments around what it moves or removes). What
// is not edited keeps its bytes; a new member or element is laid out as
// its siblings are (on lines of its own at their indentation, or on their
// line), and a new value gets the file's indentation step.

// pointer is the JSON pointer (RFC 6901) of keys (strings) and indexes
// (ints).
func pointer(keys ...any) string {
	var b strings.Builder
	for _, p := range keys {
		b.WriteByte('/')
		switch v := p.(type) {
		case string:
			b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(v))
		case int:
			b.WriteString(strconv.Itoa(v))
		}
	}
	return b.String()
}

// set gives key of the object at ptr the value v: where it is when the key
// is there, else as the object's last member.
func (d *settingsDoc) set(ptr, key string, v any) error {
	return d.add(ptr, ptr+pointer(key), v)
}

// push appends v to the array at ptr.
func (d *settingsDoc) push(ptr string, v any) error {
	return d.add(ptr, ptr+"/-", v)
}

func (d *settingsDoc) add(container, path string, v any) error {
	c := d.ast.Find(container)
	if c == nil {
		return fmt.Errorf("editing settings: no %q", container)
	}
	st := d.styleOf(c)
	prefix := st.indent
	old := d.ast.Find(path)
	if old != nil {
		prefix = lineIndent(d.text, old.StartOffset)
	}
	text, err := d.render(v, prefix, st)
	if err != nil {
		return err
	}
	return d.patch(`[{"op":"add","path":`+quote(path)+`,"value":`+text+`}]`, container, st, old == nil)
}

// move takes the value at from to the end of the array at to.
func (d *settingsDoc) move(from, to string) error {
	c := d.ast.Find(to)
	if c == nil {
		return fmt.Errorf("editing settings: no %q", to)
	}
	return d.patch(`[{"op":"move","from":`+quote(from)+`,"path":`+quote(to+"/-")+`}]`, to, d.styleOf(c), true)
}

// remove takes the member or element at path out.
func (d *settingsDoc) remove(path string) error {
	container := path[:strings.LastIndexByte(path, '/')]
	c, target := d.ast.Find(container), d.ast.Find(path)
	if c == nil || target == nil {
		return fmt.Errorf("editing settings: no %q", path)
	}
	// On one line, the new first member takes the old one's place; the
	// closing bracket keeps its line and indentation (Patch may leave the
	// removed member's indentation there, or take a "\r" away).
	was := partsOf(c)
	lead := bytes.Clone(*was.before[0])
	keep := was.values[0] == target && isSpace(lead) && !bytes.ContainsRune(lead, '\n')
	closing := bytes.Clone(*was.after)
	return d.apply(`[{"op":"remove","path":`+quote(path)+`}]`, func(v *hujson.Value) {
		p := partsOf(v.Find(container))
		if keep && len(p.before) > 0 && isSpace(*p.before[0]) {
			*p.before[0] = lead
		}
		i, j := bytes.LastIndexByte(*p.after, '\n'), bytes.LastIndexByte(closing, '\n')
		switch {
		case isSpace(*p.after) && isSpace(closing):
			*p.after = closing
		case i >= 0 && j >= 0 && isSpace((*p.after)[i+1:]) && isSpace(closing[j+1:]):
			*p.after = append(bytes.Clone((*p.after)[:i+1]), closing[j+1:]...)
		}
		if len(p.values) == 0 && isSpace(*p.after) {
			*p.after = nil
		}
	})
}

func (d *settingsDoc) patch(p, container string, st style, appended bool) error {
	return d.apply(p, func(v *hujson.Value) {
		if appended {
			d.layoutLast(v.Find(container), st)
		}
	})
}

// apply patches a copy of the tree, lays it out with fix and reads the
// result as the file's new text.
func (d *settingsDoc) apply(p string, fix func(*hujson.Value)) error {
	// A copy of the tree from the text: hujson's Clone would drop a
	// trailing comma with nothing after it.
	v, err := hujson.Parse(bytes.Clone(d.text))
	if err != nil {
		return fmt.Errorf("editing settings: %w", err)
	}
	if err := v.Patch([]byte(p)); err != nil {
		return fmt.Errorf("editing settings: %w", err)
	}
	fix(&v)
	if err := d.load(v.Pack()); err != nil {
		return fmt.Errorf("editing settings: %w", err)
	}
	d.edited = true
	return nil
}

// style is how the members or elements of a container are laid out.
type style struct {
	multiline bool
	empty     bool
	indent    string       // a member's line (multiline)
	closing   string       // the container's line
	sep       hujson.Extra // before a member on the container's line
	colon     hujson.Extra // between a name and its value
}

func (d *settingsDoc) styleOf(c *hujson.Value) style {
	st := style{closing: lineIndent(d.text, c.StartOffset), colon: hujson.Extra(" ")}
	p := partsOf(c)
	n := len(p.values)
	if n == 0 {
		st.empty, st.multiline, st.indent = true, true, st.closing+d.unit
		return st
	}
	if p.object && isSpace(p.values[n-1].BeforeExtra) {
		st.colon = p.values[n-1].BeforeExtra
	}
	switch last := *p.before[n-1]; {
	case bytes.ContainsRune(last, '\n'):
		st.multiline = true
		st.indent = leadingSpace(last[bytes.LastIndexByte(last, '\n')+1:])
	case n == 1:
		// One member on the line: a space after the comma, unless the
		// object has none after its colon either.
		st.sep = hujson.Extra(" ")
		if p.object && len(st.colon) == 0 {
			st.sep = nil
		}
	default:
		st.sep = hujson.Extra(leadingSpace(last))
	}
	return st
}

// layoutLast lays out the last member or element of c, just added.
func (d *settingsDoc) layoutLast(c *hujson.Value, st style) {
	p := partsOf(c)
	before, after := p.before[len(p.before)-1], p.after
	if p.object {
		p.values[len(p.values)-1].BeforeExtra = bytes.Clone(st.colon)
	}
	switch {
	case st.multiline:
		if isSpace(*after) {
			// Patch may have taken a line break's "\r" away.
			*after = bytes.ReplaceAll(bytes.ReplaceAll(*after, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte(d.newline))
		}
		// A comment that came along (the previous member's, after its
		// comma) stays on the line before.
		var b []byte
		if comment := bytes.TrimSpace(*before); len(comment) > 0 {
			b = append(append(b, ' '), comment...)
		}
		*before = append(append(b, d.newline...), st.indent...)
		if st.empty {
			rest := bytes.TrimRight(*after, " \t\r\n")
			*after = append(append(bytes.Clone(rest), d.newline...), st.closing...)
		}
	case isSpace(*before):
		*before = bytes.Clone(st.sep)
	}
}

// render is v as JSON for a container of style st: indented for a member
// whose line starts with prefix, or on one line, with a space after colons
// and commas when the container has one after its colons.
func (d *settingsDoc) render(v any, prefix string, st style) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a command's "<" and "&" stay as they are
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("editing settings: %w", err)
	}
	out := bytes.TrimRight(b.Bytes(), "\n")
	if !st.multiline {
		if len(st.colon) > 0 {
			out = spaced(out)
		}
		return string(out), nil
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, out, prefix, d.unit); err != nil {
		return "", fmt.Errorf("editing settings: %w", err)
	}
	return strings.ReplaceAll(ind.String(), "\n", d.newline), nil
}

// spaced puts a space after each colon and comma of compact JSON.
func spaced(compact []byte) []byte {
	v, err := hujson.Parse(compact)
	if err != nil {
		return compact
	}
	for x := range v.All() {
		switch t := x.Value.(type) {
		case *hujson.Object:
			for i := range t.Members {
				t.Members[i].Value.BeforeExtra = hujson.Extra(" ")
				if i > 0 {
					t.Members[i].Name.BeforeExtra = hujson.Extra(" ")
				}
			}
		case *hujson.Array:
			for i := 1; i < len(t.Elements); i++ {
				t.Elements[i].BeforeExtra = hujson.Extra(" ")
			}
		}
	}
	return v.Pack()
}

func quote(s string) string {
	b, _ := json.Marshal(s) // a string always encodes
	return string(b)
}

// parts are the places of a container's layout: what comes before each
// member (its name) or element, the values, and what comes before the
// closing bracket.
type parts struct {
	object bool
	before []*hujson.Extra
	values []*hujson.Value
	after  *hujson.Extra
}

func partsOf(c *hujson.Value) parts {
	var p parts
	switch t := c.Value.(type) {
	case *hujson.Object:
		p.object, p.after = true, &t.AfterExtra
		for i := range t.Members {
			p.before = append(p.before, &t.Members[i].Name.BeforeExtra)
			p.values = append(p.values, &t.Members[i].Value)
		}
	case *hujson.Array:
		p.after = &t.AfterExtra
		for i := range t.Elements {
			p.before = append(p.before, &t.Elements[i].BeforeExtra)
			p.values = append(p.values, &t.Elements[i])
		}
	default:
		p.after = new(hujson.Extra)
	}
	return p
}

// lineIndent is the white space that starts the line of text holding
// offset off.
func lineIndent(text []byte, off int) string {
	start := bytes.LastIndexByte(text[:min(off, len(text))], '\n') + 1
	return leadingSpace(text[start:])
}

func leadingSpace(b []byte) string {
	return string(b[:len(b)-len(bytes.TrimLeft(b, " \t"))])
}

func isSpace(b []byte) bool { return len(bytes.TrimLeft(b, " \t\r\n")) == 0 }
