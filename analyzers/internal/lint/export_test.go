package lint

// SetRuleNames replaces the names of the known rules for a test (nil: any
// name is known) and returns a function that restores them.
func SetRuleNames(names []string) (restore func()) {
	old := ruleNames
	ruleNames = names
	return func() { ruleNames = old }
}

// PatternRoot is patternRoot, for tests.
var PatternRoot = patternRoot
