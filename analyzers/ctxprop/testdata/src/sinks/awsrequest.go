// want package:"dispatch method embedded.query, method named.query"

package sinks

import (
	"context"

	"github.com/aws/aws-sdk-go/aws/request"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func newRequest() *request.Request { return &request.Request{} }

// The AWS SDK v1's (*request.Request).Send runs under the context the
// request was given with SetContext: unbounded without one.
func awsRequests() {
	h := health.RegisterLiveness("aws")
	for deadline := range h.C {
		req := newRequest()
		req.Send() // want `"aws" \(liveness\): \(\*github.com/aws/aws-sdk-go/aws/request.Request\).Send without the health deadline \(the request's context was never set \(SetContext\)\)`

		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		req2 := newRequest()
		req2.SetContext(ctx)
		req2.Send()

		req3 := newRequest()
		req3.SetContext(context.Background())
		req3.Send() // want `"aws" \(liveness\): \(\*github.com/aws/aws-sdk-go/aws/request.Request\).Send without the health deadline \(context.Background\(\)\)`
		cancel()
	}
}
