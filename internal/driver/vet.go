package driver

import (
	"encoding/gob"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/deletionlint/deletionlint/internal/config"
)

// go vet runs the program once per package, dependencies first, as
// "NAME [flags] vet.cfg" (the unit checker protocol of
// golang.org/x/tools/go/analysis/unitchecker), after asking it for its
// flags (-flags) and its identity (-V=full, the key of go vet's cache of
// the results). The program answers those queries and -fix units through
// multichecker, as every analysis tool does. Every other unit runs one
// analyzer, the printer (textPrinter), which requires the selected rules
// and reports their findings itself: sorted by position, each message
// ending with its rule's name and followed by its related positions on
// lines of their own that a file:line:col: matcher does not take for
// findings. Since Go 1.26, go vet runs each unit with -json, whether it
// prints text or JSON, and formats the text itself from the JSON (one
// line per diagnostic and one per related position, in no fixed order of
// the analyzers): so the JSON of a unit holds the printer's diagnostics,
// under the program's name, which makes go vet's text what the command
// prints. The command's own -json output is not affected.
//
// Each unit reads the configuration file of its package's module when
// that module is a main module (one go vet was run in, not a dependency
// from the module cache), before the flags, which override it; -V=full
// adds the files of the main modules to the program's identity, so that
// editing one makes go vet analyse again instead of replaying its cache.
// go vet decides its exit status from the findings (1 when there is any,
// whatever their severity): a rule's severity shows in its findings'
// messages, "(RULE, warning)".

// vet runs a go vet query or unit and exits.
func (p Program) vet(args []string) {
	log.SetFlags(0)
	log.SetPrefix(p.Name + ": ")
	conf := Configuration(defaults{p.Options})
	if n := len(args); n > 0 && strings.HasSuffix(args[n-1], ".cfg") {
		u, err := readUnit(args[n-1])
		if err != nil {
			log.Fatal(err)
		}
		if conf, err = p.configure(u.configRoot()); err != nil {
			log.Fatal(err)
		}
		if printer, ok := p.vetPrinter(args, conf); ok {
			p.registerFlags(true)
			os.Args = append([]string{os.Args[0]}, args...)
			multichecker.Main(printer)
			return // not reached: multichecker exits
		}
	}
	// Multichecker's protocol: its flags are exactly those of the
	// analyzers, every analyzer's, also those off by default, so that go
	// vet, which asks for the flags before it runs the tool, accepts -NAME
	// for each. It selects analyzers as Main does (-NAME runs only those
	// named, -NAME=false leaves one out); an analyzer off by default (or
	// by the configuration file) starts deselected, as if the command line
	// began with -NAME=false.
	p.registerFlags(false)
	argv := []string{os.Args[0]}
	for _, a := range p.Analyzers {
		if !conf.Enabled(a) {
			argv = append(argv, "-"+a.Name+"=false")
		}
	}
	os.Args = append(argv, args...)
	multichecker.Main(p.Analyzers...)
}

// registerFlags registers the program's shared settings as flags of the
// process; with rules, also each rule's -NAME and -NAME.SETTING, as
// multichecker would for the rules, for a unit whose analyzer is the
// printer: their values were parsed by vetPrinter already.
func (p Program) registerFlags(rules bool) {
	if p.Flags != nil {
		p.Flags.VisitAll(func(f *flag.Flag) { flag.Var(f.Value, f.Name, f.Usage) })
	}
	if rules {
		ruleFlags(flag.CommandLine, p.Analyzers)
	}
}

// unit is what the program reads of a go vet unit's configuration file
// (unitchecker.Config).
type unit struct {
	GoFiles       []string
	ModulePath    string
	ModuleVersion string
	Module        *analysis.Module
	VetxOnly      bool
}

func readUnit(file string) (*unit, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	u := new(unit)
	if err := json.Unmarshal(data, u); err != nil {
		return nil, fmt.Errorf("cannot decode JSON config file %s: %v", file, err)
	}
	return u, nil
}

// configRoot returns the root directory of the unit's module when its
// configuration file applies: the package is in a main module (no version:
// not a dependency from the module cache, nor a vendored one). It is ""
// otherwise: dependencies are analysed with the flags alone.
func (u *unit) configRoot() string {
	version := u.ModuleVersion
	if u.Module != nil {
		version = u.Module.Version
	}
	if version != "" || len(u.GoFiles) == 0 {
		return ""
	}
	root, _ := config.ModuleRoot(filepath.Dir(u.GoFiles[0]))
	return root
}

// vetPrinter parses the flags of a go vet unit and returns its printer.
// ok is false for a -fix unit and for a command line it cannot parse (a
// flag it does not know): those go to multichecker as they are.
func (p Program) vetPrinter(args []string, conf Configuration) (printer *analysis.Analyzer, ok bool) {
	fs := flag.NewFlagSet(p.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	enable := ruleFlags(fs, p.Analyzers)
	if p.Flags != nil {
		p.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	}
	// multichecker's own flags
	fix, diff := fs.Bool("fix", false, ""), fs.Bool("diff", false, "")
	fs.Int("c", -1, "")
	for _, name := range []string{"json", "flags", "source", "v", "all"} {
		fs.Bool(name, false, "")
	}
	fs.String("tags", "", "")
	fs.String("V", "", "")
	if fs.Parse(args) != nil || fs.NArg() != 1 || *fix || *diff {
		return nil, false
	}
	// The facts of every analyzer can be in the files of the
	// dependencies, as in multichecker: their types must be known to gob.
	for _, a := range p.Analyzers {
		registerFacts(a, make(map[*analysis.Analyzer]bool))
	}
	return textPrinter(p.Name, selectAnalyzers(p.Analyzers, conf.Enabled, enable), conf), true
}

func registerFacts(a *analysis.Analyzer, seen map[*analysis.Analyzer]bool) {
	if seen[a] {
		return
	}
	seen[a] = true
	for _, f := range a.FactTypes {
		gob.Register(f)
	}
	for _, r := range a.Requires {
		registerFacts(r, seen)
	}
}

// collected is the result of a rule run by a collector: the rule's own
// result, its findings and its error.
type collected struct {
	result any
	diags  []analysis.Diagnostic
	err    error
}

// collector returns a copy of a whose findings are kept in its result
// (*collected) instead of reported, and whose error is kept there too, so
// that the printer sees both.
func collector(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.ResultType = reflect.TypeFor[*collected]()
	c.Run = func(pass *analysis.Pass) (any, error) {
		res := new(collected)
		p := *pass
		p.Report = func(d analysis.Diagnostic) { res.diags = append(res.diags, d) }
		res.result, res.err = a.Run(&p)
		return res, nil
	}
	return &c
}

// textPrinter returns the analyzer a go vet unit runs: it requires the
// selected analyzers, as collectors, and reports their findings itself,
// sorted, each message naming its rule and followed by the lines of its
// related positions, with no related information apart. Errors of the
// analyzers are the printer's error.
func textPrinter(name string, analyzers []*analysis.Analyzer, conf Configuration) *analysis.Analyzer {
	collectors := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		collectors[i] = collector(a)
	}
	return &analysis.Analyzer{
		Name:     name,
		Doc:      "reports the findings of " + name + "'s rules to go vet, sorted, each naming its rule",
		Requires: collectors,
		Run: func(pass *analysis.Pass) (any, error) {
			var fs []finding
			var errs []error
			for _, c := range collectors {
				res := pass.ResultOf[c].(*collected)
				if res.err != nil {
					errs = append(errs, fmt.Errorf("%s: %v", c.Name, res.err))
					continue
				}
				for _, d := range res.diags {
					fs = append(fs, newFinding(pass.Fset, c.Name, conf.Warning(c.Name, d.Category), d))
				}
			}
			sortFindings(fs)
			for _, f := range fs {
				d := f.diag
				d.Message = strings.Join(append([]string{f.message()}, f.details(-1)...), "\n")
				d.Related = nil
				pass.Report(d)
			}
			return nil, errors.Join(errs...)
		},
	}
}
