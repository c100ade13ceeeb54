module github.com/ctxlint/ctxlint

go 1.26.0

require (
	github.com/dave/dst v0.28.0
	github.com/golangci/plugin-module-register v0.1.2
	github.com/pmezard/go-difflib v1.0.0
	github.com/stretchr/testify v1.12.1
	golang.org/x/sync v0.24.0
	golang.org/x/tools v0.52.0
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/mod v0.42.0 // indirect
)
