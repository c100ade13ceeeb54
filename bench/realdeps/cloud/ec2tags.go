// Package cloud collects the instance's cloud metadata and tags with the AWS
// SDK v1 (github.com/aws/aws-sdk-go).
//
// Shapes: a handle stored in a struct field set in the constructor's
// composite literal, a component name built with fmt.Sprintf, the AWS SDK v1
// convention of M next to MWithContext.
//
// Expected reports in this file:
//   - TagCollector.run, DescribeTags (no context; the SDK offers
//     DescribeTagsWithContext, so the call can block past the deadline):
//     REPORTED, component "ec2-tags-<region>".
//   - TagCollector.run, DescribeTagsWithContext(ctx, ...) with ctx from
//     health.WithDeadline in the loop, passed down as aws.Context (an alias
//     of context.Context): NOT reported (bounded).
//   - TagCollector.run → describeLegacy → (*request.Request).Send on the
//     request DescribeInstancesRequest built, with no SetContext: REPORTED.
//     Send takes no context and has no WithContext twin (the request's
//     context is set with SetContext); it runs the SDK's handler lists,
//     whose Send handler calls (*http.Client).Do with the request's
//     context, here Background.
//   - TagCollector.run → describe(ctx) → SetContext(ctx) then Send, with ctx
//     from health.WithDeadline: NOT reported (bounded).
//   - TagCollector.run, logrus: NOT reported (logging does no round trip).
package cloud

import (
	"fmt"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/aws/aws-sdk-go/service/ec2"
	"github.com/ctxlint/ctxlint/runtime/health"
	"github.com/sirupsen/logrus"
)

// TagCollector refreshes the EC2 tags of one instance.
type TagCollector struct {
	health     *health.Handle
	svc        *ec2.EC2
	instanceID string
	log        *logrus.Entry
	stop       chan struct{}
	tags       map[string]string
}

// NewTagCollector registers the collector for liveness; the handle lives in
// a field set in this literal.
func NewTagCollector(sess *session.Session, region, instanceID string) *TagCollector {
	return &TagCollector{
		health:     health.RegisterLiveness(fmt.Sprintf("ec2-tags-%s", region)),
		svc:        ec2.New(sess, aws.NewConfig().WithRegion(region)),
		instanceID: instanceID,
		log:        logrus.WithField("component", "ec2-tags"),
		stop:       make(chan struct{}),
		tags:       map[string]string{},
	}
}

// Start runs the collector's loop.
func (c *TagCollector) Start() { go c.run() }

// Stop ends it.
func (c *TagCollector) Stop() { close(c.stop); c.health.Deregister() }

func (c *TagCollector) run() {
	for {
		select {
		case deadline := <-c.health.C:
			c.refreshLegacy()
			c.describeLegacy()
			ctx, cancel := health.WithDeadline(aws.BackgroundContext(), deadline)
			c.refresh(ctx)
			c.describe(ctx)
			cancel()
		case <-c.stop:
			return
		}
	}
}

func (c *TagCollector) input() *ec2.DescribeTagsInput {
	return &ec2.DescribeTagsInput{Filters: []*ec2.Filter{{
		Name:   aws.String("resource-id"),
		Values: []*string{aws.String(c.instanceID)},
	}}}
}

// refreshLegacy is the pre-migration code: DescribeTags has no context.
func (c *TagCollector) refreshLegacy() {
	out, err := c.svc.DescribeTags(c.input()) // REPORTED: no context, DescribeTagsWithContext exists
	if err != nil {
		c.log.WithError(err).Warn("describing tags")
		return
	}
	c.store(out)
}

// refresh is the migrated code: the context is bounded by the tick.
func (c *TagCollector) refresh(ctx aws.Context) {
	out, err := c.svc.DescribeTagsWithContext(ctx, c.input()) // not reported: bounded
	if err != nil {
		c.log.WithError(err).Warn("describing tags")
		return
	}
	c.store(out)
}

func (c *TagCollector) instancesInput() *ec2.DescribeInstancesInput {
	return &ec2.DescribeInstancesInput{InstanceIds: []*string{aws.String(c.instanceID)}}
}

// describeLegacy uses the SDK's request form without a context.
func (c *TagCollector) describeLegacy() {
	req, out := c.svc.DescribeInstancesRequest(c.instancesInput())
	if err := req.Send(); err != nil { // REPORTED (expected): Send with the request's default context
		c.log.WithError(err).Warn("describing the instance")
		return
	}
	c.log.WithField("reservations", len(out.Reservations)).Debug("instance described")
}

// describe uses the request form with the tick's context.
func (c *TagCollector) describe(ctx aws.Context) {
	req, out := c.svc.DescribeInstancesRequest(c.instancesInput())
	req.SetContext(ctx)
	if err := req.Send(); err != nil { // not reported: bounded by SetContext
		c.log.WithError(err).Warn("describing the instance")
		return
	}
	c.log.WithField("reservations", len(out.Reservations)).Debug("instance described")
}

func (c *TagCollector) store(out *ec2.DescribeTagsOutput) {
	for _, t := range out.Tags {
		c.tags[aws.StringValue(t.Key)] = aws.StringValue(t.Value)
	}
	c.log.WithField("count", len(out.Tags)).Debug("tags refreshed")
}
