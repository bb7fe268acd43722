// Package e2e holds deletionlint's end-to-end tests: they build the real
// deletionlint command and a real golangci-lint with the deletionlint plugin
// linked in (make golangci-lint), run them on the annotated example operator
// through the three ways users run deletionlint, and check that every
// driver reports the same findings, that these are exactly the annotated
// ones, and that each driver exits with its conventional code.
//
// The tests are behind the build tag e2e (run them with make e2e, or
// go test -tags e2e ./e2e) rather than in a module of their own: they need
// the registry of rules (analyzers.Rules) from this module to know which
// annotations to hold the drivers to, and behind a tag they cost nothing to
// a plain go test ./..., which must stay fast while these take minutes
// (the first build of golangci-lint alone takes about 3.5 minutes on 2
// cores).
//
// # Example operator
//
// The tests run on the project's example operator, examples/: a Go module
// that uses the real controller-runtime and deletionlint's runtime helpers.
// Findings must be reported under buggy/... and nowhere under fixed/...
// Each line where a finding must be reported ends with a comment naming the
// rules:
//
//	ref := metav1.OwnerReference{...} // finding: blockownerdeletion
//
// Only registered rules are held to their annotations, so the example can
// be annotated for a rule before the rule lands.
//
// # Running deletionlint, and exit codes
//
// The command:
//
//	deletionlint ./...          findings on stderr as file:line:col: message (RULE)
//	deletionlint -json ./...    findings on stdout as JSON, by package and rule
//	deletionlint -fix ./...     apply the suggested fixes
//
// exits 3 when it reports findings of severity error, whatever the output
// format, 0 when there are none, 1 when the analysis failed (a package
// that cannot be loaded or has type errors) and 2 for a bad flag, package
// pattern or configuration file, which it names in one line; with -fix it
// exits 0 unless it failed.
//
// go vet:
//
//	go vet -vettool=/path/to/deletionlint ./...
//
// exits 1 when there are findings or errors, 0 otherwise (0 with -json).
// Since Go 1.26 go vet prints the text of the tool's JSON itself: the tool
// reports every finding of a package under its own name, "deletionlint",
// each message in the text form, so that go vet prints what the command
// prints (TestTextOutput compares them, and counts the lines the
// actions/setup-go problem matcher takes for problems). Rule settings are
// flags in both: -RULE=false to turn a rule off, -RULE.SETTING=VALUE; both
// read .deletionlint.yaml at the module root (TestConfigFile).
//
// golangci-lint (a custom binary with the plugin, see docs/golangci.md):
//
//	custom-gcl run ./...
//
// exits 1 when it reports issues, 0 when there are none, and 3 when it
// fails, for instance on a settings mistake, which it reports as
// "plugin(deletionlint): BuildAnalyzers settings.PATH: ...". Its issues read
// "RULE: message", with the finding's related information folded into the
// message by the plugin ("(related: dir/file.go:12:3: message; ...)"), which
// the tests compare with the related information in the other drivers'
// output. The tests run golangci-lint with the .golangci.yml the README
// shows, golangci-lint's defaults included (uniq-by-line).
package e2e
