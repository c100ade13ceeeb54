// Package grpc stands for google.golang.org/grpc: Dial returns at once
// unless WithBlock (or WithReturnConnectionError) makes it wait.
package grpc

import "context"

type ClientConn struct{}

type DialOption interface{ apply() }

type option struct{}

func (option) apply() {}

func WithBlock() DialOption                 { return option{} }
func WithReturnConnectionError() DialOption { return option{} }
func WithInsecure() DialOption              { return option{} }

func Dial(target string, opts ...DialOption) (*ClientConn, error) {
	return DialContext(context.Background(), target, opts...)
}

func DialContext(ctx context.Context, target string, opts ...DialOption) (*ClientConn, error) {
	return &ClientConn{}, ctx.Err()
}
