package health

import (
	"net/http"
	"sync"
)

var defaultCatalog = sync.OnceValue(func() *Catalog { return NewCatalog() })

// Default returns the package-level catalog, started on first use with the
// default options. It is never closed.
func Default() *Catalog { return defaultCatalog() }

// RegisterLiveness registers a liveness component with the default catalog;
// see [Catalog.RegisterLiveness].
func RegisterLiveness(name string, opts ...Option) *Handle {
	return Default().RegisterLiveness(name, opts...)
}

// RegisterReadiness registers a readiness component with the default
// catalog; see [Catalog.RegisterReadiness].
func RegisterReadiness(name string, opts ...Option) *Handle {
	return Default().RegisterReadiness(name, opts...)
}

// RegisterStartup registers a startup component with the default catalog;
// see [Catalog.RegisterStartup].
func RegisterStartup(name string, opts ...Option) *Handle {
	return Default().RegisterStartup(name, opts...)
}

// Handler serves the default catalog's probes; see [Catalog.Handler].
func Handler() http.Handler { return Default().Handler() }
