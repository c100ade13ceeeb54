package sinks

import (
	"context"
	"time"

	"example.org/auth"
	"example.org/cloud/ec2"
	"example.org/kube"
	"example.org/sysinfo/disk"
	"github.com/ctxlint/ctxlint/runtime/health"
)

var pods kube.PodsGetter

// A function of another module that takes a context is presumed to block:
// reported with context.Background(), clean with a bounded context. One
// that takes no context, like (*kube.Client).Version, is not presumed
// blocking.
func otherModule() {
	h := health.RegisterReadiness("kube-watcher")
	kc := kube.NewClient()
	for {
		select {
		case deadline := <-h.C:
			kc.ListPods(context.Background(), "default") // want `"kube-watcher" \(readiness\): \(\*example\.org/kube\.Client\)\.ListPods without the health deadline \(context\.Background\(\)\): otherModule \(modules\.go:\d+\)`
			kc.Version()

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			kc.ListPods(ctx, "default")
			cancel()
		}
	}
}

// An interface method of another module that takes a context (a generated
// gRPC client, say) is presumed to block too.
func otherModuleInterface() {
	h := health.RegisterReadiness("pod-getter")
	for {
		select {
		case deadline := <-h.C:
			pods.GetPod(context.TODO(), "kubelet") // want `"pod-getter" \(readiness\): \(example\.org/kube\.PodsGetter\)\.GetPod without the health deadline \(context\.TODO\(\)\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			pods.GetPod(ctx, "kubelet")
			cancel()
		}
	}
}

// A method of another module without a context, whose type offers the
// same call with one (MWithContext, MContext: the AWS SDK v1 convention),
// is presumed blocking and never bounded: the fix is the context form.
func withContextForms(svc *ec2.EC2) {
	h := health.RegisterLiveness("ec2-tags")
	for deadline := range h.C {
		svc.DescribeTags(&ec2.DescribeTagsInput{}) // want `"ec2-tags" \(liveness\): \(\*example\.org/cloud/ec2\.EC2\)\.DescribeTags without the health deadline \(it takes no context; \(\*example\.org/cloud/ec2\.EC2\)\.DescribeTagsWithContext takes one\)`
		svc.GetMetadata("instance-id")             // want `\(\*example\.org/cloud/ec2\.EC2\)\.GetMetadata without the health deadline \(it takes no context; \(\*example\.org/cloud/ec2\.EC2\)\.GetMetadataContext takes one\)`
		ec2.Fetch("http://169.254.169.254/")       // want `example\.org/cloud/ec2\.Fetch without the health deadline \(it takes no context; example\.org/cloud/ec2\.FetchContext takes one\)`
		svc.Region()

		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		svc.DescribeTagsWithContext(ctx, &ec2.DescribeTagsInput{})
		cancel()
	}
}

// A library may offer a context form of every call, blocking or not: a
// function M is presumed blocking for its form's sake unless that form
// ignores its context, or only hands it to functions of its package that
// do, or to functions of other packages that theirs found to: disk's
// UsageWithContext reads the kernel, IOCountersWithContext hands it to
// such a reader, and LabelWithContext to another package's: no M is a
// sink. SerialWithContext runs a command under it; ModelWithContext hands
// it to another package's function that waits on it.
func withIdleContextForm() {
	h := health.RegisterLiveness("disk-usage")
	for range h.C {
		disk.Usage("/")
		disk.IOCounters()
		disk.Serial("/dev/sda") // want `example\.org/sysinfo/disk\.Serial without the health deadline \(it takes no context; example\.org/sysinfo/disk\.SerialWithContext takes one\)`
		disk.Label("/dev/sda")
		disk.Model("/dev/sda") // want `example\.org/sysinfo/disk\.Model without the health deadline \(it takes no context; example\.org/sysinfo/disk\.ModelWithContext takes one\)`
	}
}

// A form may use its context only on a branch its arguments choose:
// disk's RateWithContext waits under it only for a positive interval. M
// called with a constant that steers off that branch does not block;
// called with any other interval, it does. So for Busy's, which returns
// early for none; not for an M that changes the argument before it hands
// it on (Poll), nor for a form that may change it (Sample's normalizes
// it in place).
func withArgumentIdleForm(interval time.Duration) {
	h := health.RegisterLiveness("disk-rate")
	for range h.C {
		disk.Rate("/dev/sda", 0)
		disk.Rate("/dev/sda", time.Duration(0))
		disk.Rate("/dev/sda", time.Second) // want `example\.org/sysinfo/disk\.Rate without the health deadline \(it takes no context; example\.org/sysinfo/disk\.RateWithContext takes one\)`
		disk.Rate("/dev/sda", interval)    // want `example\.org/sysinfo/disk\.Rate without the health deadline \(it takes no context; example\.org/sysinfo/disk\.RateWithContext takes one\)`
		disk.Busy("/dev/sda", 0)
		disk.Busy("/dev/sda", time.Second) // want `example\.org/sysinfo/disk\.Busy without the health deadline`
		disk.Poll("/dev/sda", 0)           // want `example\.org/sysinfo/disk\.Poll without the health deadline`
		disk.Sample("/dev/sda", 0)         // want `example\.org/sysinfo/disk\.Sample without the health deadline`
	}
}

// A function of another module whose only result is an *http.Client
// builds a client: it cannot report a failed round trip, so it makes
// none. The client's requests are the calls to bound. One that also
// returns an error may look credentials up on the network.
func buildsClient() {
	h := health.RegisterLiveness("oauth")
	for range h.C {
		client := auth.NewClient(context.Background(), "token")
		_ = client
		auth.Exchange(context.Background(), "code") // want `"oauth" \(liveness\): example\.org/auth\.Exchange without the health deadline \(context\.Background\(\)\)`
		auth.DefaultClient(context.Background())    // want `"oauth" \(liveness\): example\.org/auth\.DefaultClient without the health deadline \(context\.Background\(\)\)`
	}
}
