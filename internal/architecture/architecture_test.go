package architecture

import (
	"bufio"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/hookexec/hookexec/"

// root is the repository root, two levels above this package.
var root = filepath.Join("..", "..")

// row is one line of the map: a package and the packages it may import,
// both in short form (without "internal/").
type row struct {
	pkg   string
	may   map[string]bool
	index int
}

// short is a package path relative to the module without "internal/".
func short(rel string) string { return strings.TrimPrefix(filepath.ToSlash(rel), "internal/") }

func readMap(t *testing.T) []row {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "docs", "development", "architecture.md"))
	require.NoError(t, err)
	defer func() { _ = f.Close() }()
	var rows []row
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		require.Len(t, cells, 3, "a row has three cells: %s", line)
		r := row{pkg: short(strings.Trim(strings.TrimSpace(cells[0]), "`")), may: map[string]bool{}, index: len(rows)}
		if may := strings.TrimSpace(cells[2]); may != "—" {
			for _, p := range strings.Split(may, ",") {
				r.may[strings.TrimSpace(p)] = true
			}
		}
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, rows)
	return rows
}

// packages returns each package directory under internal/, cmd/, schema
// and examples (short form) with the module's packages its non-test files
// import, in any build (every OS's files count).
func packages(t *testing.T) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	for _, top := range []string{"internal", "cmd", "schema", "examples"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			name := d.Name()
			if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				return nil
			}
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			pkg := short(rel)
			if out[pkg] == nil {
				out[pkg] = map[string]bool{}
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p, err := strconv.Unquote(imp.Path.Value)
				if err != nil {
					return err
				}
				if strings.HasPrefix(p, module) {
					out[pkg][short(strings.TrimPrefix(p, module))] = true
				}
			}
			return nil
		})
		require.NoError(t, err)
	}
	return out
}

func TestMapIsTrue(t *testing.T) {
	t.Parallel()
	rows := readMap(t)
	pkgs := packages(t)
	byName := map[string]row{}
	for _, r := range rows {
		_, dup := byName[r.pkg]
		assert.False(t, dup, "%s is listed twice", r.pkg)
		byName[r.pkg] = r
	}
	var names []string
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		r, ok := byName[p]
		if !assert.True(t, ok, "package %s is not on the map: add a row", p) {
			continue
		}
		for imp := range pkgs[p] {
			assert.True(t, r.may[imp], "%s imports %s, which its row does not allow", p, imp)
		}
	}
	for _, r := range rows {
		_, ok := pkgs[r.pkg]
		assert.True(t, ok, "the map lists %s, which does not exist", r.pkg)
		for imp := range r.may {
			dep, ok := byName[imp]
			if assert.True(t, ok, "%s may import %s, which is not on the map", r.pkg, imp) {
				assert.Less(t, dep.index, r.index, "%s may import %s, which is listed below it: imports point down the table", r.pkg, imp)
			}
		}
	}
}
