package main

import (
	"fmt"
	"github.com/hookexec/hookexec/scripts/internal/machine"
	"html"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Chart geometry: one panel per series, side by side.
const (
	panelW, panelH           = 400, 300
	marginL, marginR         = 60, 16
	marginT, marginB         = 44, 46
	footerH                  = 36
	colorHookexec, colorBase = "#d9480f", "#1971c2"
)

// writeSVG draws wall time against the number of parallel hooks, hookexec
// against the minimal spawner, one panel per hook command.
func writeSVG(path string, series []scalingSeries, m machine.Info) error {
	w := panelW * len(series)
	h := panelH + footerH
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", w, h)
	for i, s := range series {
		panel(&b, float64(i*panelW), s)
	}
	foot := []string{
		"Median wall time of the whole process: hookexec fire vs the minimal Go spawner (each hook bash -c, all in parallel).",
		fmt.Sprintf("%d cores · %s · %s · %s", m.NProc, m.CPU, m.GoVersion, m.Date),
	}
	for i, line := range foot {
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="11" fill="#555">%s</text>`+"\n", w/2, panelH+8+16*i, html.EscapeString(line))
	}
	b.WriteString("</svg>\n")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// panel draws one series with its origin at x0.
func panel(b *strings.Builder, x0 float64, s scalingSeries) {
	plotW := float64(panelW - marginL - marginR)
	plotH := float64(panelH - marginT - marginB)
	left, top := x0+marginL, float64(marginT)
	bottom := top + plotH

	xMax := 100.0
	yMax := 0.0
	for i := range s.counts {
		yMax = max(yMax, msf(s.hookexec[i]), msf(s.base[i]))
	}
	step := niceStep(yMax / 5)
	yTop := math.Max(step, math.Ceil(yMax/step)*step)
	px := func(n int) float64 { return left + float64(n)/xMax*plotW }
	py := func(v float64) float64 { return bottom - v/yTop*plotH }

	fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="14" font-weight="bold">N parallel hooks of %s</text>`+"\n",
		left+plotW/2, 20, html.EscapeString("`"+s.command+"`"))
	// Grid and y ticks.
	for v := 0.0; v <= yTop+step/2; v += step {
		y := py(v)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#e5e5e5"/>`+"\n", left, y, left+plotW, y)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="end" dominant-baseline="middle" fill="#333">%s</text>`+"\n", left-6, y, tickLabel(v))
	}
	// x ticks at the measured counts.
	for _, n := range hookCounts {
		x := px(n)
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999"/>`+"\n", x, bottom, x, bottom+4)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333">%d</text>`+"\n", x, bottom+16, n)
	}
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`+"\n", left, bottom, left+plotW, bottom)
	fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#333"/>`+"\n", left, top, left, bottom)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333">hooks</text>`+"\n", left+plotW/2, bottom+34)
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333" transform="rotate(-90 %.1f %.1f)">wall time (ms)</text>`+"\n",
		x0+16, top+plotH/2, x0+16, top+plotH/2)

	line := func(vals []time.Duration, color string, dashed bool) {
		pts := make([]string, len(vals))
		for i, v := range vals {
			pts[i] = fmt.Sprintf("%.1f,%.1f", px(s.counts[i]), py(msf(v)))
		}
		dash := ""
		if dashed {
			dash = ` stroke-dasharray="5,3"`
		}
		fmt.Fprintf(b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"%s/>`+"\n", strings.Join(pts, " "), color, dash)
		for i, v := range vals {
			fmt.Fprintf(b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%d hooks: %s</title></circle>`+"\n",
				px(s.counts[i]), py(msf(v)), color, s.counts[i], ms(v))
		}
	}
	line(s.base, colorBase, true)
	line(s.hookexec, colorHookexec, false)

	// Legend, top left inside the plot.
	for i, l := range []struct{ label, color, dash string }{
		{"hookexec fire", colorHookexec, ""},
		{"minimal Go spawner", colorBase, ` stroke-dasharray="5,3"`},
	} {
		y := top + 10 + float64(i)*16
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"%s/>`+"\n", left+10, y, left+34, y, l.color, l.dash)
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" dominant-baseline="middle" fill="#333">%s</text>`+"\n", left+40, y, l.label)
	}
}

func msf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// niceStep rounds raw up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

func tickLabel(v float64) string {
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%g", math.Round(v*100)/100)
}
