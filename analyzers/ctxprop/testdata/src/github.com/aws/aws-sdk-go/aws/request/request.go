// Package request stands for the AWS SDK v1's request package: a request
// carries its context, set with SetContext, and Send runs the round trip
// under it.
package request

import "context"

type Request struct{ ctx context.Context }

func (r *Request) SetContext(ctx context.Context) { r.ctx = ctx }

func (r *Request) Send() error { return nil }
