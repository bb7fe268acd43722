// Package generatedincluded is run with IncludeGenerated set: its generated
// file is reported like any other.
package generatedincluded

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Flag() {}

func handWritten() {
	Flag() // want `call of Flag`
}
