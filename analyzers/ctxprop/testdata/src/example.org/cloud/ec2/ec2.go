// Package ec2 stands for an SDK of another module in the AWS SDK v1 style:
// each call M takes no context, and its MWithContext form does.
package ec2

import (
	"context"
	"net/http"
)

// endpoint is where the calls go: each context form makes a round trip
// under the context it is given.
const endpoint = "http://169.254.169.254/"

func roundTrip(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, endpoint+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type DescribeTagsInput struct{ Filter string }
type DescribeTagsOutput struct{ Tags []string }

type Option func()

type EC2 struct{}

func New() *EC2 { return &EC2{} }

func (c *EC2) DescribeTags(in *DescribeTagsInput) (*DescribeTagsOutput, error) {
	return c.DescribeTagsWithContext(context.Background(), in)
}

func (c *EC2) DescribeTagsWithContext(ctx context.Context, in *DescribeTagsInput, opts ...Option) (*DescribeTagsOutput, error) {
	return &DescribeTagsOutput{}, roundTrip(ctx, "tags")
}

// GetMetadata has its context form named MContext.
func (c *EC2) GetMetadata(path string) (string, error) { return "", nil }

func (c *EC2) GetMetadataContext(ctx context.Context, path string) (string, error) {
	return "", roundTrip(ctx, "meta-data/"+path)
}

// Region has no context form: not presumed blocking.
func (c *EC2) Region() string { return "us-east-1" }

// Fetch is a package-level function whose context form is FetchContext.
func Fetch(url string) error { return nil }

func FetchContext(ctx context.Context, url string) error { return roundTrip(ctx, url) }
