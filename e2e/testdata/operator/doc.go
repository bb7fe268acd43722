// Package operator is the end-to-end tests' own example operator: a small
// controller for a Widget custom resource, written twice, with deletion bugs
// under buggy/ and corrected under fixed/. Each line where deletionlint must
// report ends with a comment "// finding: RULE[, RULE...]".
package operator
