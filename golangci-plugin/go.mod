module github.com/deletionlint/deletionlint/golangci-plugin

go 1.26.0

require (
	github.com/deletionlint/deletionlint v0.1.0
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/tools v0.52.0
)

require go.yaml.in/yaml/v3 v3.0.4 // indirect

replace github.com/deletionlint/deletionlint => ../
