// Package recognize holds the recognisers every deletionlint rule shares:
// Kubernetes and controller-runtime types and calls matched by package path
// and name through go/types, never by the spelling of an identifier.
//
// A rule asks questions such as "is this a call of client.Client.Create?" or
// "is this type metav1.OwnerReference?" here, so that each question has one
// answer across the suite. Matching looks through aliases and generic
// instantiations to the origin type, and accepts vendored or forked copies of
// a package (a path that ends in "/"+path).
package recognize
