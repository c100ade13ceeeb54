// Package auth stands for an OAuth2 library of another module. NewClient
// builds an *http.Client whose requests, made later, carry a token; it
// only reads the context (for the HTTP client to wrap). Exchange trades a
// code for a token, and DefaultClient looks credentials up: both may make
// a round trip, and say so with their error.
package auth

import (
	"context"
	"net/http"
)

type ctxKey struct{}

func NewClient(ctx context.Context, token string) *http.Client {
	base, _ := ctx.Value(ctxKey{}).(*http.Client)
	if base == nil {
		base = http.DefaultClient
	}
	return &http.Client{Transport: base.Transport}
}

func Exchange(ctx context.Context, code string) (string, error) { return code, nil }

func DefaultClient(ctx context.Context) (*http.Client, error) { return NewClient(ctx, ""), nil }
