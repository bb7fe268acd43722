// Command cmd runs the controllers setup registers: the circular wait // want package:`waits\(finalizerblock/rangewait/shelves.Book waits while deleting finalizerblock/rangewait/shelves.Shelf, finalizerblock/rangewait/shelves.Shelf waits for finalizerblock/rangewait/shelves.Book\)`
// between them is setup's finding, not reported again here.
package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"finalizerblock/siblings/setup"
)

func main() {}

func run(mgr ctrl.Manager) error {
	for _, r := range setup.Reconcilers(mgr) {
		if err := r.SetupWithManager(mgr); err != nil {
			return err
		}
	}
	return nil
}
