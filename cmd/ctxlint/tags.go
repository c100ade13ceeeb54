package main

import (
	"flag"
	"fmt"
	"strings"
)

// buildTags is the -tags value of ctxlint's own driver and of ctxlint
// todo; loadPackages hands it to the go command. addTagsFlag resets it, so
// that one in-process run does not leak its tags into the next.
var buildTags string

// addTagsFlag defines -tags on fs, for the modes that load the packages
// themselves.
func addTagsFlag(fs *flag.FlagSet) {
	buildTags = ""
	fs.StringVar(&buildTags, "tags", "", "a comma-separated list of build tags, as for the go command")
}

// buildFlags are the go command's flags for loading the packages.
func buildFlags() []string {
	if buildTags == "" {
		return nil
	}
	return []string{"-tags=" + buildTags}
}

// tagList is -tags as a list (the go command takes commas, and spaces).
func tagList() []string {
	return strings.FieldsFunc(buildTags, func(r rune) bool { return r == ',' || r == ' ' })
}

// plainTags refuses -tags in the plain mode (x/tools' multichecker), where
// it is a deprecated no-op: the packages would load without the tags, and
// give other findings than the user asked for. Under the go vet / go fix
// protocol (an argument naming a .cfg file) the go command has applied its
// -tags already, so it is allowed there; so is an empty value, which
// changes nothing. Every argument before "--" counts, after the packages
// too: no package pattern begins with "-".
func plainTags(args []string) error {
	if isVetUnit(args) {
		return nil
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return nil
		}
		if !strings.HasPrefix(arg, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-"), "=")
		if name != "tags" {
			continue
		}
		if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		if value == "" {
			continue
		}
		return fmt.Errorf("-tags is not honoured in this mode: set GOFLAGS=-tags=%s instead (the go command reads it), or add -format=text to run ctxlint's own driver, which takes -tags", value)
	}
	return nil
}
