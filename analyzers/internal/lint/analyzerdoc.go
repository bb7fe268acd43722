package lint

import (
	"go/parser"
	"go/token"
	"strings"
)

// Doc returns an analyzer's documentation from its package's doc.go source
// (embedded with //go:embed doc.go), so that the documentation lives in one
// place: the text below the "# Analyzer <name>" heading of the package
// comment, with the "<name>: " prefix of its summary line removed. The first
// line is then the one-line summary go vet and golangci-lint show.
//
// A doc.go without the heading is a programming error and panics when the
// analyzer's package is initialised, which every test of the rule catches.
func Doc(src, name string) string {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		panic(name + ": doc.go has no package comment")
	}
	text := f.Doc.Text()
	heading := "# Analyzer " + name + "\n"
	i := strings.Index(text, heading)
	if i < 0 {
		panic(name + ": doc.go lacks the heading " + strings.TrimSpace(heading))
	}
	body := strings.TrimSpace(text[i+len(heading):])
	return strings.TrimSpace(strings.TrimPrefix(body, name+":"))
}
