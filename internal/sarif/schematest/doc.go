// Package schematest validates deletionlint's SARIF output against the
// official SARIF 2.1.0 JSON schema. It is a module of its own so that the
// JSON-schema validator stays out of deletionlint's dependencies; the schema
// file comes from the npm registry (package @microsoft/jest-sarif ships
// sarif-2.1.0-rtm.5.json, the final 2.1.0 schema) and is fetched by
// "make sarif-schema-test" (part of make test), which passes its path in
// SARIF_SCHEMA. It is the project's one SARIF validator: what the schema
// cannot express (references between objects, the order of region bounds)
// is checked by the sarif package's own tests.
package schematest
