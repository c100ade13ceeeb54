package cloud

// Instance metadata through the SDK's ec2metadata client (IMDS over HTTP).
//
// Shapes: a ticker loop that reads the health tick in an inner, non-blocking
// select (as the agent's host metadata collector does); a package-level func
// variable (instanceRegion, replaced by tests); hostname providers kept in a
// map of functions filled in init(); zap as the logger.
//
// Expected reports in this file (component "host-metadata", liveness):
//   - MetadataCollector.Run → collect → instanceRegion (a func variable) →
//     metadataRegion → (*ec2metadata.EC2Metadata).Region: REPORTED. Region
//     takes no context and RegionWithContext exists (the SDK v1 convention).
//   - MetadataCollector.Run → collect → hostname → hostnameProviders["ec2"]
//     (a map of funcs filled in init) → ec2Hostname →
//     (*ec2metadata.EC2Metadata).GetMetadata: REPORTED (GetMetadataWithContext
//     exists), through a dynamic hop. The "os" provider (os.Hostname) is not a
//     sink.
//   - the zap calls: NOT reported.

import (
	"os"
	"time"

	"github.com/aws/aws-sdk-go/aws/ec2metadata"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/ctxlint/ctxlint/runtime/health"
	"go.uber.org/zap"
)

var imds *ec2metadata.EC2Metadata

// InitMetadata creates the IMDS client used by the providers below.
func InitMetadata(sess *session.Session) { imds = ec2metadata.New(sess) }

// instanceRegion is a package-level func variable so that tests can replace
// it.
var instanceRegion = metadataRegion

func metadataRegion() (string, error) { return imds.Region() }

// hostnameProviders are tried by name; which one runs is only known at run
// time.
var hostnameProviders = map[string]func() (string, error){}

func init() {
	hostnameProviders["os"] = os.Hostname
	hostnameProviders["ec2"] = ec2Hostname
}

func ec2Hostname() (string, error) { return imds.GetMetadata("local-hostname") }

// MetadataCollector refreshes the host's region and hostname.
type MetadataCollector struct {
	Provider string
	Interval time.Duration
	Log      *zap.Logger

	region, host string
}

// Run collects until stop closes. The health tick is read in an inner select
// of a ticker loop.
func (c *MetadataCollector) Run(stop <-chan struct{}) {
	h := health.RegisterLiveness("host-metadata")
	defer h.Deregister()
	t := time.NewTicker(c.Interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-stop:
			return
		}
		select {
		case <-h.C:
		default:
		}
		c.collect()
	}
}

func (c *MetadataCollector) collect() {
	region, err := instanceRegion() // REPORTED: Region via a func variable
	if err != nil {
		c.Log.Warn("reading the region", zap.Error(err))
		return
	}
	name, err := c.hostname() // REPORTED: GetMetadata via the provider map
	if err != nil {
		c.Log.Warn("reading the hostname", zap.String("provider", c.Provider), zap.Error(err))
		return
	}
	c.region, c.host = region, name
	c.Log.Info("host metadata", zap.String("region", region), zap.String("hostname", name))
}

func (c *MetadataCollector) hostname() (string, error) {
	fn, ok := hostnameProviders[c.Provider]
	if !ok {
		return os.Hostname()
	}
	return fn()
}
