// A controller whose owner-reference builder (blockOwnerDeletion set) is
// also used to build the reference it expects on an object, kept in a
// variable and only compared: that one is set on nothing, and the finding
// is where a reference is set.
package compared
