module github.com/ctxlint/ctxlint

go 1.26
