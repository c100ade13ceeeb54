package plugin

import (
	"os"
	"strings"
	"testing"
)

// TestDocumentedConfigs: every golangci-lint configuration the project
// ships or documents turns uniq-by-line off (golangci-lint's default keeps
// one issue per line, and one call can reach several sinks) and says what
// the related setting does.
func TestDocumentedConfigs(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	configs := map[string]string{}
	for i, block := range strings.Split(string(readme), "```yaml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if strings.Contains(block, "linters:") {
			configs["README.md block "+string(rune('1'+i))] = block
		}
	}
	if len(configs) == 0 {
		t.Fatal("no golangci-lint configuration in README.md")
	}
	doc, _ := os.ReadFile("plugin.go")
	configs["plugin.go"], _, _ = strings.Cut(string(doc), "package plugin")
	for _, path := range []string{"testdata/golangci.yml", "../.custom-gcl.yml"} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		configs[path] = string(b)
	}
	for name, config := range configs {
		if !strings.Contains(config, "issues:") || !strings.Contains(config, "uniq-by-line: false") {
			t.Errorf("%s does not set issues: uniq-by-line: false:\n%s", name, config)
		}
		if !strings.Contains(config, "related: false") {
			t.Errorf("%s does not show ctxprop's related setting:\n%s", name, config)
		}
	}
	if !strings.Contains(string(readme), "uniq-by-line") || !strings.Contains(string(readme), "related information") {
		t.Error("README.md does not say why uniq-by-line is off and what related does")
	}
}
