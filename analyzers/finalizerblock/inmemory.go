package finalizerblock

import (
	"fmt"
	"go/types"

	"github.com/deletionlint/deletionlint/analyzers/internal/lint"
)

// categoryInMemory marks a finalizer removed from an object in memory that
// nothing writes back.
const categoryInMemory = "inmemory"

// reportInMemory reports the removals that change only an object in
// memory (deletionpath.Unstored): the API server's copy keeps the
// finalizer whatever the deletion does.
func (c *checker) reportInMemory() {
	for _, u := range c.code.UnstoredRemovals() {
		r := u.Removal
		at := r.Node()
		if c.reported[at] {
			continue
		}
		c.reported[at] = true
		obj := types.ExprString(r.Object)
		kind := kindName(c.info.TypeOf(r.Object))
		if kind == "" {
			kind = "object"
		}
		var why, fix string
		var opts []lint.Option
		switch {
		case u.Instead != nil:
			written := types.ExprString(u.InsteadObject)
			why = fmt.Sprintf("nothing writes %s back (%s writes %s, which still holds it)", obj, describeCall(u.Instead), written)
			fix = fmt.Sprintf("write back the object the finalizer was removed from (%s), or remove it from %s", obj, written)
			opts = append(opts, lint.Related(u.Instead, "writes "+written+" instead"))
		case u.Status:
			why = fmt.Sprintf("%s is written back only through its status, which drops changes to metadata", obj)
			fix = fmt.Sprintf("write %s back with Update or Patch after the removal", obj)
		default:
			why = fmt.Sprintf("nothing writes %s back", obj)
			fix = fmt.Sprintf("write %s back with Update or Patch after the removal", obj)
		}
		lint.Report(c.pass, at, categoryInMemory, fmt.Sprintf(
			"%s removes %s from %s in memory only: %s, so the %s keeps the finalizer and is never deleted; %s",
			describeEdit(at), c.finalizerName(&r), obj, why, kind, fix), opts...)
	}
}
