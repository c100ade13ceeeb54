// Package etcdstore implements discovery.Store over the etcd v2 client
// (go.etcd.io/etcd/client/v2). It has no monitored loop: its calls are
// reported at the loops that reach them (discovery/config.go).
//
// Expected reports at this file's lines: none (a report's site is the call
// in the loop's package). With -whole-program the chains of the reports at
// discovery/config.go pass through Store.Get and Store.List here.
package etcdstore

import (
	"context"
	"strings"
	"time"

	"go.etcd.io/etcd/client/v2"
)

// Store reads keys from etcd.
type Store struct {
	kapi client.KeysAPI
}

// New connects to the endpoints. HeaderTimeoutPerRequest bounds the wait for
// response headers only, and is not the loop's deadline.
func New(endpoints []string) (*Store, error) {
	c, err := client.New(client.Config{
		Endpoints:               endpoints,
		Transport:               client.DefaultTransport,
		HeaderTimeoutPerRequest: 30 * time.Second,
	})
	if err != nil {
		return nil, err
	}
	return &Store{kapi: client.NewKeysAPI(c)}, nil
}

// Get reads one key under the caller's context.
func (s *Store) Get(ctx context.Context, key string) (string, error) {
	resp, err := s.kapi.Get(ctx, key, nil)
	if err != nil {
		return "", err
	}
	return resp.Node.Value, nil
}

// List reads a directory. It replaces the caller's context with one of its
// own: a bug the whole-program mode reports at discovery/config.go.
func (s *Store) List(ctx context.Context, dir string) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	resp, err := s.kapi.Get(ctx, dir, &client.GetOptions{Recursive: true, Sort: true})
	if err != nil {
		return nil, err
	}
	var names []string
	for _, n := range resp.Node.Nodes {
		names = append(names, strings.TrimPrefix(n.Key, dir+"/"))
	}
	return names, nil
}
