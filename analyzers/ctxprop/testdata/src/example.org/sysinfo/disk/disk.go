// Package disk stands for a system-information library of another module
// that offers every call in two forms, M and MWithContext, though its
// calls read local files and the kernel: the context form ignores its
// context and reaches no blocking call, so neither form is one.
package disk

import (
	"context"
	"os/exec"
	"time"

	"example.org/sysinfo/blkid"
)

type UsageStat struct{ Total, Free uint64 }

func Usage(path string) (*UsageStat, error) {
	return UsageWithContext(context.Background(), path)
}

func UsageWithContext(ctx context.Context, path string) (*UsageStat, error) {
	var st statfsT
	if err := statfs(path, &st); err != nil {
		return nil, err
	}
	return &UsageStat{Total: st.blocks, Free: st.free}, nil
}

type statfsT struct{ blocks, free uint64 }

func statfs(path string, st *statfsT) error { return nil }

// IOCounters's form hands its context to a reader of its own package that
// ignores it: idle too.
func IOCounters() (map[string]uint64, error) { return IOCountersWithContext(context.Background()) }

func IOCountersWithContext(ctx context.Context) (map[string]uint64, error) {
	return readCounters(ctx, "/proc/diskstats")
}

func readCounters(ctx context.Context, name string) (map[string]uint64, error) {
	return map[string]uint64{name: 0}, nil
}

// Serial's form runs a command under its context: it blocks.
func Serial(dev string) (string, error) { return SerialWithContext(context.Background(), dev) }

func SerialWithContext(ctx context.Context, dev string) (string, error) {
	out, err := exec.CommandContext(ctx, "udevadm", "info", dev).Output()
	return string(out), err
}

// Label's form hands its context to another package's function that
// ignores it: as idle as one of its own package.
func Label(dev string) string { return LabelWithContext(context.Background(), dev) }

func LabelWithContext(ctx context.Context, dev string) string { return blkid.Probe(ctx, dev) }

// Model's form hands it to one that uses it: presumed to block.
func Model(dev string) string { return ModelWithContext(context.Background(), dev) }

func ModelWithContext(ctx context.Context, dev string) string { return blkid.Settle(ctx, dev) }

// Rate's form waits under its context only when the interval is positive,
// to sample twice; with none it compares with the last sample and returns.
func Rate(dev string, interval time.Duration) (float64, error) {
	return RateWithContext(context.Background(), dev, interval)
}

func RateWithContext(ctx context.Context, dev string, interval time.Duration) (float64, error) {
	first, err := readCounters(ctx, dev)
	if err != nil {
		return 0, err
	}
	if interval > 0 {
		if blkid.Settle(ctx, dev) == "" {
			return 0, ctx.Err()
		}
	}
	return float64(first[dev]), nil
}

// Busy's form returns early, without waiting, for no interval.
func Busy(dev string, interval time.Duration) (float64, error) {
	return BusyWithContext(context.Background(), dev, interval)
}

func BusyWithContext(ctx context.Context, dev string, interval time.Duration) (float64, error) {
	if interval <= 0 {
		c, err := readCounters(ctx, dev)
		return float64(c[dev]), err
	}
	if blkid.Settle(ctx, dev) == "" {
		return 0, ctx.Err()
	}
	return 1, nil
}

// Poll's form waits only for a positive wait, but Poll turns none into a
// default before it hands it on.
func Poll(dev string, wait time.Duration) error {
	if wait == 0 {
		wait = time.Second
	}
	return PollWithContext(context.Background(), dev, wait)
}

func PollWithContext(ctx context.Context, dev string, wait time.Duration) error {
	if wait > 0 {
		blkid.Settle(ctx, dev)
	}
	return nil
}

// Interval is a sampling interval; none means the default.
type Interval time.Duration

// Normalize replaces no interval by the default.
func (i *Interval) Normalize() {
	if *i == 0 {
		*i = Interval(time.Second)
	}
}

// Sample's form normalizes its interval in place before it decides.
func Sample(dev string, iv Interval) error { return SampleWithContext(context.Background(), dev, iv) }

func SampleWithContext(ctx context.Context, dev string, iv Interval) error {
	iv.Normalize()
	if iv > 0 {
		blkid.Settle(ctx, dev)
	}
	return nil
}
