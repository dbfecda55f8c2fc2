package spelling

import "strings"

// Closest returns the entry of known nearest to name for a "did you mean":
// one equal to it but for case, else the one the fewest edits away
// (case-insensitively) if that is at most maxDist, else "".
func Closest(name string, known []string, maxDist int) string {
	lower := strings.ToLower(name)
	best, bestDist := "", maxDist+1
	for _, k := range known {
		if strings.EqualFold(k, name) {
			return k
		}
		if d := distance(lower, strings.ToLower(k)); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

// distance is the Levenshtein edit distance between a and b.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
