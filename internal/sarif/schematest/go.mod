module github.com/deletionlint/deletionlint/internal/sarif/schematest

go 1.26.0

require github.com/santhosh-tekuri/jsonschema/v6 v6.0.2

require golang.org/x/text v0.14.0 // indirect

replace github.com/deletionlint/deletionlint => ../../..
