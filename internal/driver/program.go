package driver

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/deletionlint/deletionlint/internal/config"
)

// A Program is a command built on this driver: deletionlint, or the
// benchmark's floor. Run gives every such command the same ways to be run.
type Program struct {
	Options
	// Summary is the first paragraph of "NAME help": what the command
	// reports, as wrapped lines.
	Summary string
	// Inputs describes the files the analyzers read for the packages of
	// the module around dir besides the packages' own (finalizersrbac's
	// RBAC manifests): go vet keys its cache of results on -V=full's line,
	// so it is folded into the build ID there, and an edit of them is seen
	// by the next go vet. Nil means none.
	Inputs func(dir string) []byte
}

// Run runs the program with the process's arguments and exits with its
// exit code. It answers -version, -V=full (the line go vet keys its cache
// on) and "help" itself; a go vet query or unit of work (-flags, -V=full
// among other flags, a .cfg file) goes to vet; everything else is the
// standalone command, Main, or a subcommand (help, graph). Version defaults to the module version the
// binary was built from; when stderr is a terminal, a progress line is
// shown, and elsewhere (a CI log) progress lines when the run takes long;
// the text output ends with a summary.
func Run(p Program) {
	if p.Version == "" {
		p.Version = buildVersion()
	}
	p.Progress = isTerminal(os.Stderr)
	p.ProgressLines = !p.Progress
	p.ClosingLine = true
	args := os.Args[1:]
	if code, ok := p.answer(args, os.Stdout, os.Stderr); ok {
		os.Exit(code)
	}
	if vetQuery(args) {
		p.vet(args)
		return // not reached: vet exits
	}
	os.Exit(Main(p.Options, args, os.Stdout, os.Stderr))
}

// answer answers the questions the program answers itself: -version and
// -V=full alone on the command line, and its subcommands. ok is false for
// any other command line.
func (p Program) answer(args []string, stdout, stderr io.Writer) (code int, ok bool) {
	if len(args) > 0 {
		if sub := p.subcommand(args[0]); sub != nil {
			return sub(args[1:], stdout, stderr), true
		}
	}
	if len(args) != 1 {
		return 0, false
	}
	switch args[0] {
	case "-version", "--version", "version":
		fmt.Fprintln(stdout, p.Name, p.Version)
	case "-V=full":
		// go vet keys its cache of this tool's results on this line.
		line, err := p.fullVersion()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", p.Name, err)
			return 2, true
		}
		fmt.Fprintln(stdout, line)
	default:
		return 0, false
	}
	return 0, true
}

// subcommand returns the program's own command called name ("NAME help
// ..."), nil when there is none: the arguments after the name are its.
func (p Program) subcommand(name string) func(args []string, stdout, stderr io.Writer) int {
	switch name {
	case "help":
		return p.help
	case "graph":
		if p.Topology != nil {
			return func(args []string, stdout, stderr io.Writer) int {
				return GraphMain(p.Options, args, stdout, stderr)
			}
		}
	}
	return nil
}

// vetQuery reports whether the command was started by go vet (a query of
// its flags or version, or a unit of work described by a .cfg file), in
// which case its flags must be exactly those of the analyzers.
func vetQuery(args []string) bool {
	if len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	return strings.HasSuffix(last, ".cfg") || slices.Contains(args, "-flags") || slices.Contains(args, "-V=full")
}

// isTerminal reports whether f is a terminal (a character device), where a
// person waits for the command.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// fullVersion is the answer to go vet's -V=full: the module version (devel
// and the VCS revision for a build from a checkout) and a build ID, the
// hash of the executable and of the Inputs, so that go vet's cache never
// reuses results of another build or of the rules' other inputs, followed
// by a digest of the configuration files of the main modules of the
// current directory (config.Key), so that it never reuses results of
// another configuration either. go vet asks once, in the directory it runs
// in, before any unit: a configuration file with a mistake fails it there,
// with one line.
func (p Program) fullVersion() (string, error) {
	key := ""
	if p.Configure != nil {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		if key, err = config.Key(wd); err != nil {
			return "", err
		}
		if key != "" {
			if err := p.checkConfigs(wd); err != nil {
				return "", errors.New(relativeError(err, wd))
			}
			key = "-" + key
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	sum, err := fileHash(exe)
	if err != nil {
		return "", err
	}
	if p.Inputs != nil {
		// go vet asks from the directory it runs in.
		if wd, err := os.Getwd(); err == nil {
			h := sha256.New()
			h.Write(sum)
			h.Write(p.Inputs(wd))
			sum = h.Sum(nil)
		}
	}
	v := p.Version
	if strings.HasPrefix(v, "(devel)") || v == "(unknown)" {
		// go vet reads "devel" as a build from source, identified by
		// the build ID alone.
		v = "devel" + strings.TrimPrefix(strings.TrimPrefix(v, "(devel)"), "(unknown)")
	}
	return fmt.Sprintf("%s version %s buildID=%x%s", p.Name, v, sum, key), nil
}

// fileHash returns the SHA-256 of the named file.
func fileHash(name string) (_ []byte, err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer func() { err = errors.Join(err, f.Close()) }()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// checkConfigs applies the configuration files of the main modules of dir,
// to report the first mistake.
func (p Program) checkConfigs(dir string) error {
	roots, err := config.MainModules(dir)
	if err != nil {
		return err
	}
	for _, root := range roots {
		if _, err := p.configure(root); err != nil {
			return err
		}
	}
	return nil
}

// buildVersion returns the module version the binary was built from
// ("(devel)" for a build from a checkout), with the VCS revision when known.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			v += " " + s.Value
		}
	}
	return v
}
