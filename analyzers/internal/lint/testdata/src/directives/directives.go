// Package directives holds every shape of //deletionlint: directive: the
// test analyzer flagcall reports each call of Flag, and other reports each
// call of Other.
package directives

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Flag()  {}
func Other() {}

func plain() {
	Flag() // want `call of Flag`
}

func trailing() {
	Flag() //deletionlint:ignore flagcall the test says so
}

func lineAbove() {
	//deletionlint:ignore flagcall the next line is fine
	Flag()
}

func twoLinesAbove() {
	//deletionlint:ignore flagcall too far away // want `unused //deletionlint:ignore directive: flagcall reports nothing on this line or the next`

	Flag() // want `call of Flag`
}

func listed() {
	//deletionlint:ignore other,flagcall both rules are named
	Flag()
}

func otherRuleOnly() {
	//deletionlint:ignore other not this rule, and other is not running
	Flag() // want `call of Flag`
}

func noReason() {
	//deletionlint:ignore flagcall // want `directive needs a reason after the rule names`
	Flag() // want `call of Flag`
}

func otherNoReason() {
	//deletionlint:ignore other
	Flag() // want `call of Flag`
}

func misspeltOther() {
	//deletionlint:ignore othr misspelt, and not this rule's either
	Flag() // want `call of Flag`
}

func noRule() {
	//deletionlint:ignore // want `directive names no rule`
	Flag() // want `call of Flag`
}

func unknownVerb() {
	//deletionlint:ignored flagcall reason // want `unknown directive //deletionlint:ignored`
	Flag() // want `call of Flag`
}

func unused() {
	//deletionlint:ignore flagcall nothing is reported here // want `unused //deletionlint:ignore directive`
	_ = 1
}

func ordinaryComment() {
	// deletionlint:ignore flagcall with a space is an ordinary comment
	Flag() // want `call of Flag`
}
