package providers

import (
	"os"
	"path/filepath"
	"strings"
)

// FileProvider reads one configuration per *.yaml file of a directory.
type FileProvider struct {
	dir string
}

// NewFileProvider returns a provider reading dir; an empty dir has no
// configurations.
func NewFileProvider(dir string) *FileProvider { return &FileProvider{dir: dir} }

func (p *FileProvider) String() string { return "file" }

// Collect lists the directory.
func (p *FileProvider) Collect() ([]Config, error) {
	if p.dir == "" {
		return nil, nil
	}
	paths, err := filepath.Glob(filepath.Join(p.dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	configs := make([]Config, 0, len(paths))
	for _, path := range paths {
		body, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		configs = append(configs, Config{Name: name, Source: "file:" + path, Instance: string(body)})
	}
	return configs, nil
}
