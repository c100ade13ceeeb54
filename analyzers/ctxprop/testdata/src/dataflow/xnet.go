package dataflow

import (
	"time"

	xcontext "golang.org/x/net/context"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// golang.org/x/net/context.Context is an alias of context.Context: a
// parameter of that type carries a context like any other.
func xping(ctx xcontext.Context) { // want xping:"reaches \\(\\*net.Dialer\\).DialContext under param 0 via xping"
	dialer.DialContext(ctx, "tcp", "db:5432")
}

// A bounded context passed as an x/net context stays bounded; the loop's
// own x/net context parameter comes from the caller.
func xnetLoop(parent xcontext.Context) {
	h := health.RegisterLiveness("xnet")
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(parent, deadline)
			xping(ctx)
			cancel()

			xping(parent) // want `"xnet" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(its context comes from the caller of xnetLoop, not from the health tick\): xnetLoop \(xnet\.go:\d+\) → xping \(xnet\.go:\d+\)`
		}
	}
}

// x/net's functions wrap the standard library's and are treated alike.
func xnetBackground() {
	h := health.RegisterLiveness("xnet-background")
	for {
		select {
		case <-h.C:
			xping(xcontext.Background()) // want `"xnet-background" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.Background\(\)\): xnetBackground \(xnet\.go:\d+\) → xping \(xnet\.go:\d+\)`
		}
	}
}

// x/net's WithCancel and WithDeadline derive like the standard library's.
func xnetDerived(parent xcontext.Context) {
	h := health.RegisterLiveness("xnet-derived")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(parent, deadline)
		c2, cancel2 := xcontext.WithCancel(ctx)
		xping(c2)
		c3, cancel3 := xcontext.WithDeadline(xcontext.Background(), deadline)
		xping(c3)
		c4, cancel4 := xcontext.WithTimeout(xcontext.TODO(), time.Second)
		xping(c4) // want `"xnet-derived" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.TODO\(\); context\.WithTimeout at xnet\.go:\d+ exists but is not the loop's deadline\)`
		cancel()
		cancel2()
		cancel3()
		cancel4()
	}
}
