// Package deletionruntime is the companion of the deletionlint analyzers:
// small controller-runtime helpers that implement, and are recognised as,
// the correct pattern for each rule.
//
//   - [github.com/deletionlint/deletionlint/runtime/deletion]: deletion-aware
//     adapter selection and a typed dependency-not-found error (adapterdeletion,
//     finalizerblock).
//   - [github.com/deletionlint/deletionlint/runtime/ownership]: controller
//     references that block owner deletion, children created with one, and owner
//     lookup through ownerReferences (ownschildren, blockownerdeletion, ownerbyref).
//   - [github.com/deletionlint/deletionlint/runtime/finalizer]: conflict-safe
//     finalizer add/remove and a runner that treats a missing dependency as gone
//     (finalizerblock).
//   - [github.com/deletionlint/deletionlint/runtime/cascade]: deletion with an
//     explicit propagation policy that reports whether the object is gone and what
//     holds it (foregrounddeletion).
//   - [github.com/deletionlint/deletionlint/runtime/drift]: detection of missing
//     or foreign-modified children independent of generation (driftgate).
package deletionruntime
