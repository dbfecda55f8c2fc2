package shellcmd

import "strings"

// xargsMaxInput bounds the input whose words are read: GNU xargs splits
// a longer one across several commands (its -s limit is at least 128 KiB
// on Linux, 4 KiB by POSIX), which this does not model.
const xargsMaxInput = 4 << 10

// xargsInput are the words xargs appends to its command: the words of its
// input when that is text known before the command runs (echo or printf
// of literal words, a here-string, a here-document piped or redirected
// into it) and xargs reads it in its default way (words split at blanks
// and newlines, quotes grouping, every word in one command); otherwise
// one dynamic word. The words read are marked Input. opts are xargs'
// options, before its command.
func xargsInput(opts []Word, in input) []Word {
	dynamic := []Word{{Text: "xargs input", Dynamic: true}}
	if !xargsDefaultReading(opts) {
		return dynamic
	}
	text, ok := in.text()
	if !ok || len(text) > xargsMaxInput {
		return dynamic
	}
	words, ok := xargsSplit(text)
	if !ok {
		return dynamic
	}
	return words
}

// xargsDefaultReading: the options leave xargs reading its standard input
// as words, all appended to one command. Options that change the reading
// (-0, -d, -a, -E, -e), split it across commands (-n, -L, -l, -s) or that
// this does not know make the input unknown.
func xargsDefaultReading(opts []Word) bool {
	for _, w := range opts {
		t := w.Text
		switch {
		case w.Dynamic:
			return false
		case t == "--":
		case strings.HasPrefix(t, "--"):
			name, _, _ := strings.Cut(t[2:], "=")
			if !contains([]string{"no-run-if-empty", "verbose", "interactive", "exit", "max-procs", "open-tty", "process-slot-var"}, name) {
				return false
			}
		case strings.HasPrefix(t, "-"):
			for k := 1; k < len(t); k++ {
				if strings.IndexByte("rtpxo", t[k]) >= 0 {
					continue
				}
				if t[k] == 'P' {
					break // its value follows
				}
				return false
			}
		default:
			// The value of -P or --max-procs.
		}
	}
	return true
}

// xargsSplit splits text as xargs does by default: at blanks and
// newlines, a single or double quote grouping up to its match on the same
// line. A backslash (an escape to xargs, and one echo or printf may have
// turned into another character) or a quote left open makes the words
// unknown (ok false).
func xargsSplit(text string) (words []Word, ok bool) {
	if strings.ContainsRune(text, '\\') {
		return nil, false
	}
	var b strings.Builder
	inWord := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch c {
		case ' ', '\t', '\n':
			if inWord {
				words = append(words, Word{Text: b.String(), Input: true})
				b.Reset()
				inWord = false
			}
		case '\'', '"':
			end := strings.IndexAny(text[i+1:], string(c)+"\n")
			if end < 0 || text[i+1+end] != c {
				return nil, false
			}
			b.WriteString(text[i+1 : i+1+end])
			inWord = true
			i += end + 1
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, Word{Text: b.String(), Input: true})
	}
	return words, true
}
