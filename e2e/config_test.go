//go:build e2e

package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// configA and configB are two versions of a configuration file of the
// example: the test writes A, then edits it to B.
const (
	configA = `# The example's configuration, as a team would write it.
disable: [ownerbyref]
exclude: [buggy/controller/direct]
ownschildren:
  severity: warning
`
	configB = `severity: warning
disable: [ownschildren]
`
)

// expect returns the annotated findings of the example's buggy/ tree that
// a configuration keeps: those of the rules it does not disable, outside
// the excluded directory.
func expect(t *testing.T, dir string, disabled []string, excluded string) []string {
	var out []string
	for _, a := range annotations(t, dir, "buggy") {
		rule := a[strings.LastIndex(a, " ")+1:]
		if slices.Contains(disabled, rule) || excluded != "" && strings.HasPrefix(a, excluded+"/") {
			continue
		}
		out = append(out, a)
	}
	return out
}

func writeConfig(t *testing.T, dir, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, ".deletionlint.yaml"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkFindings checks that a run reports exactly want (file:line: rule),
// with the findings of the rules in warnings marked as warnings in the
// text outputs.
func checkFindings(t *testing.T, r *result, want []string, warnings []string) {
	t.Helper()
	missing, extra := diff(want, lineKeys(r.findings))
	if len(missing)+len(extra) > 0 {
		t.Errorf("%s does not apply the configuration:\nexpected, not reported:\n\t%s\nreported, not expected:\n\t%s\n\n%s",
			r.driver, strings.Join(missing, "\n\t"), strings.Join(extra, "\n\t"), r.output())
	}
	if !r.text && r.driver != "go vet -json" {
		return
	}
	for _, f := range r.findings {
		if w := slices.Contains(warnings, f.Rule); f.Warning != w {
			t.Errorf("%s: %s is marked a warning: %v, want %v", r.driver, f, f.Warning, w)
		}
	}
}

// TestConfigFile runs the three drivers on a copy of the example with a
// configuration file, .deletionlint.yaml at the module root, and checks
// that each applies it (rules disabled, paths excluded, severity; the
// golangci-lint plugin with or without settings of its own), that flags
// override it, that editing it changes what go vet and golangci-lint report
// at once (both key their caches on the file), and that a mistake in it is
// one line naming the key.
func TestConfigFile(t *testing.T) {
	dir := copyModule(t, exampleDir())
	writeConfig(t, dir, configA)
	wantA := expect(t, dir, []string{"ownerbyref"}, "buggy/controller/direct")
	warnA := []string{"ownschildren"}

	cli := runCLIFlags(t, dir, false, nil, "./buggy/...")
	checkFindings(t, cli, wantA, warnA)
	if cli.exitCode != 3 {
		t.Errorf("deletionlint with findings of severity error exited %d, want 3", cli.exitCode)
	}
	checkFindings(t, runCLIFlags(t, dir, true, nil, "./buggy/..."), wantA, nil)
	vet := runVetFlags(t, dir, false, nil, "./buggy/...")
	checkFindings(t, vet, wantA, warnA)
	if vet.stderr != withoutClosingLines(cli.stderr) {
		t.Errorf("go vet and the command print different text:\n%s\n\n%s", cli.output(), vet.output())
	}
	gcl := runGolangci(t, dir, golangciConfig(indent(configA, "          ")), "./buggy/...")
	checkFindings(t, gcl, wantA, nil)
	// With no settings of its own, the plugin reads the file.
	noSettings := golangciConfig("          {}")
	checkFindings(t, runGolangci(t, dir, noSettings, "./buggy/..."), wantA, nil)

	// Flags override the file: -ownerbyref runs only that rule, even
	// though the file disables it.
	flagged := runCLIFlags(t, dir, true, []string{"-ownerbyref"}, "./buggy/...")
	var onlyOwnerbyref []string
	for _, a := range annotations(t, dir, "buggy") {
		if strings.HasSuffix(a, " ownerbyref") && !strings.HasPrefix(a, "buggy/controller/direct/") {
			onlyOwnerbyref = append(onlyOwnerbyref, a)
		}
	}
	checkFindings(t, flagged, onlyOwnerbyref, nil)

	// SARIF: the level of each result is its rule's severity.
	sarif := run(t, dir, nil, bins.deletionlint, "-format=sarif", "./buggy/...")
	if n, want := strings.Count(sarif.stdout, `"level": "warning"`), countRule(cli.findings, "ownschildren"); n != want || want == 0 {
		t.Errorf("SARIF has %d results of level warning, want the %d of ownschildren", n, want)
	}

	// Edit the file: every driver sees the change at once, go vet too
	// (whose cache would otherwise replay the results of configA).
	writeConfig(t, dir, configB)
	wantB := expect(t, dir, []string{"ownschildren"}, "")
	warnB := ruleNames()
	cli = runCLIFlags(t, dir, false, nil, "./buggy/...")
	checkFindings(t, cli, wantB, warnB)
	if cli.exitCode != 0 {
		t.Errorf("deletionlint with warnings only exited %d, want 0\n%s", cli.exitCode, cli.output())
	}
	for _, format := range []string{"-json", "-format=sarif"} {
		if r := run(t, dir, nil, bins.deletionlint, format, "./buggy/..."); r.exitCode != 0 {
			t.Errorf("deletionlint %s with warnings only exited %d, want 0", format, r.exitCode)
		}
	}
	vet = runVetFlags(t, dir, false, nil, "./buggy/...")
	checkFindings(t, vet, wantB, warnB)
	if vet.exitCode != 1 {
		t.Errorf("go vet with warnings only exited %d, want 1 (go vet fails on any finding)", vet.exitCode)
	}
	// golangci-lint, with the same cache and no settings of its own, sees
	// the edit too (its cache key holds a digest of the file).
	checkFindings(t, runGolangci(t, dir, noSettings, "./buggy/..."), wantB, nil)
	// Its settings left as configA now contradict the file: it names the
	// setting and both places instead of reporting.
	gcl = runGolangci(t, dir, golangciConfig(indent(configA, "          ")), "./buggy/...")
	if gcl.exitCode != 3 || !strings.Contains(gcl.stderr, "settings.disable is [ownerbyref] in .golangci.yml but [ownschildren] in ") {
		t.Errorf("golangci-lint with settings that contradict the file: exit %d, want 3 and the setting named in both places\n%s", gcl.exitCode, gcl.output())
	}
	checkFindings(t, runGolangci(t, dir, golangciConfig(indent(configB, "          ")), "./buggy/..."), wantB, nil)

	// A mistake: one line naming the file and the key, exit code 2; go
	// vet stops before analysing anything, with that line.
	writeConfig(t, dir, "ownschildren:\n  severity: fatal\n")
	r := run(t, dir, nil, bins.deletionlint, "./buggy/...")
	want := `deletionlint: .deletionlint.yaml: ownschildren.severity: want error or warning, got the string "fatal"` + "\n"
	if r.exitCode != 2 || r.stderr != want {
		t.Errorf("a bad configuration file: exit %d, stderr %q; want 2 and %q", r.exitCode, r.stderr, want)
	}
	r = run(t, dir, nil, "go", "vet", "-vettool="+bins.deletionlint, "./buggy/...")
	if r.exitCode == 0 || strings.Count(r.stderr, strings.TrimSpace(want)) != 1 {
		t.Errorf("go vet with a bad configuration file: exit %d, want a failure that says once %q\n%s", r.exitCode, want, r.output())
	}
}

func countRule(fs []finding, rule string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

// indent indents every line of a YAML document.
func indent(doc, prefix string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(doc, "\n"), "\n") {
		if l != "" {
			b.WriteString(prefix + l)
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}
