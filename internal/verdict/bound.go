package verdict

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// minCut is the shortest text Bound cuts: a shorter one (a decision, a
// name, a short reason) is left as it is, and a cut one keeps at least
// this much room for its start and marker.
const minCut = 256

// Bound returns v with the text its hooks printed cut so that, written as
// the result JSON (WriteJSON), that text takes at most limit bytes besides
// the cut markers (SPEC §4.4, --max-total-output): what a hook prints can
// appear several times in a verdict (a plain-text hook's stdout, its
// output.systemMessage, the merged systemMessage) and a control byte takes
// 6 bytes escaped (\u0001), so the captured bytes alone do not bound it.
//
// The text is the verdict's and each report's stdout, stderr, error,
// reason, stopReason, systemMessage and the string values of
// hookSpecificOutput; hookSpecificOutput's other values count against
// limit but are never cut (a cut object would mean something else), nor
// is text of at most minCut bytes. When the text is over limit, every
// longer string is cut to the same length (the longest that fits: the
// short ones stay whole), keeping its start and ending with
// "… [hookexec: cut N bytes; see --max-total-output]", N counting the
// bytes left out. A cut stdout or stderr is marked truncated and ends with
// its one StreamMarker, which counts what the capture caps and Bound left
// out together. A verdict within limit is returned as it is; v itself is
// never modified.
func Bound(v Verdict, limit int64) Verdict {
	texts, fixed := boundedTexts(&v)
	level, ok := cutLevel(texts, limit-fixed)
	if ok {
		return v
	}
	v = detach(v)
	texts, _ = boundedTexts(&v) // the same texts, in the copies
	for _, t := range texts {
		if t.width > level {
			t.cut(int(max(level, minCut)))
		}
	}
	return v
}

// text is one string Bound may cut: its escaped width, and how to cut it
// to at most room bytes escaped, marker included.
type text struct {
	width int64
	cut   func(room int)
}

// boundedTexts lists v's cuttable texts (longer than minCut) and the
// escaped size of the rest of the hooks' text (fixed).
func boundedTexts(v *Verdict) (texts []text, fixed int64) {
	add := func(s string, cut func(room int)) {
		w := int64(escapedLen(s))
		if w <= minCut {
			fixed += w
			return
		}
		texts = append(texts, text{width: w, cut: cut})
	}
	str := func(p *string) {
		add(*p, func(room int) { *p, _ = cutTo(*p, room, 0, boundMarker) })
	}
	// A stream keeps one marker, which counts all it lost: to the caps and
	// here.
	stream := func(p *string, truncated *bool, dropped *int64) {
		add(*p, func(room int) {
			body := *p
			if *truncated {
				body = strings.TrimSuffix(body, StreamMarker(*dropped))
			}
			var n int64
			*p, n = cutTo(body, room, *dropped, StreamMarker)
			*dropped += n
			*truncated = true
		})
	}
	strMap := func(m map[string]any, depth int) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if val, ok := m[k].(string); ok {
				add(val, func(room int) { m[k], _ = cutTo(val, room, 0, boundMarker) })
			} else {
				fixed += valueSize(m[k], depth)
			}
		}
	}
	str(&v.Reason)
	str(&v.StopReason)
	str(&v.SystemMessage)
	strMap(v.HookSpecificOutput, 2)
	for i := range v.Hooks {
		h := &v.Hooks[i]
		stream(&h.Stdout, &h.StdoutTruncated, &h.StdoutDropped)
		stream(&h.Stderr, &h.StderrTruncated, &h.StderrDropped)
		str(&h.Error)
		if o := h.Output; o != nil {
			str(&o.Reason)
			str(&o.StopReason)
			str(&o.SystemMessage)
			strMap(o.HookSpecificOutput, 5)
		}
	}
	return texts, fixed
}

// cutLevel is the escaped width each text may keep so that all of them
// take at most room: the largest level with sum(min(width, level)) <= room.
// ok: they fit whole.
func cutLevel(texts []text, room int64) (level int64, ok bool) {
	widths := make([]int64, len(texts))
	var total int64
	for i, t := range texts {
		widths[i] = t.width
		total += t.width
	}
	if total <= room {
		return 0, true
	}
	slices.Sort(widths)
	// Texts below the level stay whole; the n from i on share what is
	// left.
	var below int64
	for i, w := range widths {
		n := int64(len(widths) - i)
		if share := (room - below) / n; share < w {
			return max(share, 0), false
		}
		below += w
	}
	return widths[len(widths)-1], false // not reached: total > room
}

// cutTo cuts s to its start that takes at most room bytes escaped with
// the marker, which counts the bytes left out (n) plus lost.
func cutTo(s string, room int, lost int64, marker func(int64) string) (_ string, n int64) {
	// The number of bytes cut is at most len(s): reserve its digits.
	keep := escapedPrefix(s, room-escapedLen(marker(lost+int64(len(s)))))
	n = int64(len(s) - keep)
	return s[:keep] + marker(lost+n), n
}

// boundMarker ends a text Bound cut: n bytes were left out.
func boundMarker(n int64) string {
	return "… [hookexec: cut " + strconv.FormatInt(n, 10) + " bytes; see --max-total-output]"
}

// StreamMarker ends a hook's stdout or stderr that was cut, by the capture
// caps (SPEC §4.4) or by Bound: dropped bytes of what the hook printed
// are not in the verdict.
func StreamMarker(dropped int64) string {
	return "… [hookexec: truncated; " + strconv.FormatInt(dropped, 10) + " more bytes not kept (--max-output, --max-total-output)]"
}

// detach copies what Bound changes: the hooks, their outputs and the
// hookSpecificOutput maps, so that v's own stay as they are.
func detach(v Verdict) Verdict {
	v.HookSpecificOutput = maps.Clone(v.HookSpecificOutput)
	v.Hooks = slices.Clone(v.Hooks)
	for i := range v.Hooks {
		if o := v.Hooks[i].Output; o != nil {
			c := *o
			c.HookSpecificOutput = maps.Clone(o.HookSpecificOutput)
			v.Hooks[i].Output = &c
		}
	}
	return v
}

// valueSize is the size of a hookSpecificOutput value as the result JSON
// writes it, indented depth levels (2 in the verdict's own map, 5 in a
// hook's output).
func valueSize(val any, depth int) int64 {
	e := verdictEncoder{}
	e.value(val, depth)
	return int64(len(e.b))
}
