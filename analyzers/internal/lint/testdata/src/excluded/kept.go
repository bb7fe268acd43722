// Package excluded has a file that the configuration excludes for the rule,
// beside one it does not.
package excluded

import "k8s.io/apimachinery/pkg/types"

var _ types.UID

func Flag() {}

func kept() {
	Flag() // want `call of Flag`
}
