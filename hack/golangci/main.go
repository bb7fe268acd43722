// Command golangci-lint is golangci-lint (the version this module requires)
// with the deletionlint module plugin linked in: what `golangci-lint custom`
// builds from .custom-gcl.yml, made here without its git clone of
// golangci-lint, which needs network access to GitHub.
//
// It behaves as upstream's command does: it runs golangci-lint's command
// tree and exits with golangci-lint's failure code when that returns an
// error. Build it with `make golangci-lint`, which sets the version and date
// reported by `golangci-lint version` through -ldflags:
//
//	-X main.version=2.15.0-custom-gcl-HASH -X main.commit=... -X main.date=...
//
// HASH is a hash of the plugin's sources. golangci-lint salts its result
// cache with the version, so a rebuilt plugin does not answer from the
// findings of the one before it.
package main

import (
	"cmp"
	"fmt"
	"os"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// The deletionlint plugin registers itself with golangci-lint's module
	// plugin registry when imported.
	_ "github.com/deletionlint/deletionlint/golangci-plugin"
)

// Set with -ldflags -X at build time; see the package comment.
var (
	version = "unknown"
	commit  = "?"
	date    = ""
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

var semver = regexp.MustCompile(`v\d+\.\d+\.\d+`)

// buildInfo returns what `golangci-lint version` reports: the values set at
// link time when a date was given, otherwise what the Go build recorded
// (module version, VCS revision and time).
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: version, Commit: commit, Date: date, GoVersion: "unknown"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	if date != "" {
		return info
	}
	info.Version = bi.Main.Version
	if semver.MatchString(bi.Main.Version) {
		info.Version = strings.TrimPrefix(bi.Main.Version, "v")
	}
	settings := make(map[string]string)
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	info.Date = cmp.Or(settings["vcs.time"], "(unknown)")
	info.Commit = fmt.Sprintf("(%s, modified: %s, mod sum: %q)",
		cmp.Or(settings["vcs.revision"], "unknown"), cmp.Or(settings["vcs.modified"], "?"), bi.Main.Sum)
	return info
}
