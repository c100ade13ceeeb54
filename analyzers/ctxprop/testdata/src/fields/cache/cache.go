// Package cache memoizes a loader held in a field. Which loader a cache
// runs depends on the object: its constructor stores it, nothing else
// writes the field. Get's summary says so ("calls field load of its
// receiver"), and each caller resolves it against how it built its cache.
package cache

import "sync"

type Cache struct {
	mu   sync.Mutex
	m    map[string]string
	load func(string) (string, error)
}

// New returns a cache over load.
func New(load func(string) (string, error)) *Cache { // want New:`runs later parameter 0` New:`constructs result 0 field load from parameter 0`
	return &Cache{m: make(map[string]string), load: load}
}

// Get loads k on a miss.
func (c *Cache) Get(k string) (string, error) { // want Get:`calls field load of the receiver at cache.go:27:12`
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[k]; ok {
		return v, nil
	}
	v, err := c.load(k)
	if err == nil {
		c.m[k] = v
	}
	return v, err
}

// Lookup calls through a parameter's field.
func Lookup(c *Cache, k string) (string, error) { // want Lookup:`calls field load of parameter 0 at cache.go:36:9`
	return c.load(k)
}

// Settable's loader is written after construction, by a setter: which one
// runs is not the constructor's, but a caller that sees the object's
// setter calls knows it.
type Settable struct{ load func(string) (string, error) }

func (s *Settable) Set(f func(string) (string, error)) { s.load = f } // want Set:`runs later parameter 0` Set:`sets field load from parameter 0`

func (s *Settable) Get(k string) (string, error) { return s.load(k) } // want Get:`calls field load \(set by setters too\) of the receiver at cache.go:46:59`
