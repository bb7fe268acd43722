// Package unknownrule names a rule that does not exist, which is reported
// once the frame knows the rule names.
package unknownrule

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Flag() {}

func call() {
	//deletionlint:ignore flagcal misspelt // want `directive names unknown rule "flagcal"; did you mean flagcall\?`
	Flag() // want `call of Flag`
}
