package ctxprop

import (
	"go/ast"
	"go/constant"
	"go/types"
	"net/netip"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// noRoundTrip reports whether this call of a sink does not block after
// all, by its arguments: a datagram dial to a literal address, a gRPC dial
// that does not wait for the connection, a query of an in-process
// database, a call whose context form uses its context only on a branch
// the arguments do not take.
func (a *pkgAnalysis) noRoundTrip(call *ast.CallExpr, fn *types.Func) bool {
	return a.localDatagram(call, fn) || a.literalResolve(call, fn) || a.nonBlockingDial(call, fn) || a.inProcessDB(call, fn) || a.idleAt(call, fn)
}

// literalResolve reports whether net.ResolveTCPAddr, ResolveUDPAddr or
// ResolveIPAddr gets a constant address that names no host to look up.
// (A port named by its service is read from a local file.)
func (a *pkgAnalysis) literalResolve(call *ast.CallExpr, fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "net" || len(call.Args) != 2 {
		return false
	}
	address, ok := a.constString(call.Args[1])
	if !ok {
		return false
	}
	switch fn.Name() {
	case "ResolveTCPAddr", "ResolveUDPAddr":
		host, ok := hostOf(address)
		return ok && literalHost(host)
	case "ResolveIPAddr":
		return literalHost(address)
	}
	return false
}

// dialArgs gives, for the dials that take a network and an address, the
// index of the network argument (the address follows it).
var dialArgs = map[string]int{
	"net.Dial": 0, "net.DialTimeout": 0, "(*net.Dialer).Dial": 0, "(*net.Dialer).DialContext": 1,
}

// localDatagram reports whether a dial does no round trip: a datagram or
// raw IP network (udp, unixgram, ip:proto) and a constant address that
// names no host to resolve. Such a "connection" only binds a socket; with
// a host name the dial still resolves it, a blocking DNS lookup.
func (a *pkgAnalysis) localDatagram(call *ast.CallExpr, fn *types.Func) bool {
	if fn.FullName() == "net.DialUnix" && len(call.Args) == 3 {
		// Its addresses are paths already: only the network decides.
		network, ok := a.constString(call.Args[0])
		return ok && network == "unixgram"
	}
	i, ok := dialArgs[fn.FullName()]
	if !ok || i+1 >= len(call.Args) {
		return false
	}
	network, ok1 := a.constString(call.Args[i])
	address, ok2 := a.constString(call.Args[i+1])
	if !ok1 || !ok2 {
		return false
	}
	switch proto, _, _ := strings.Cut(network, ":"); proto {
	case "unixgram":
		return true // a path: nothing to resolve
	case "udp", "udp4", "udp6":
		host, ok := hostOf(address)
		return ok && literalHost(host)
	case "ip", "ip4", "ip6":
		return strings.Contains(network, ":") && literalHost(address)
	}
	return false
}

// hostOf returns the host of a "host:port" or "[host]:port" address, as
// net.SplitHostPort does. Package net is not imported for it: with cgo it
// makes ctxlint a dynamically linked program, and the C library's start-up
// then costs every one of the processes go vet starts a few milliseconds.
func hostOf(address string) (string, bool) {
	i := strings.LastIndexByte(address, ':')
	if i < 0 {
		return "", false
	}
	host := address[:i]
	if strings.HasPrefix(host, "[") {
		host, ok := strings.CutSuffix(host[1:], "]")
		return host, ok && !strings.ContainsAny(host, "[]")
	}
	return host, !strings.ContainsAny(host, ":[]") // an IPv6 address needs brackets
}

// literalHost reports whether host needs no lookup: empty (the local
// system) or an IP address, with an optional zone.
func literalHost(host string) bool {
	if host == "" {
		return true
	}
	_, err := netip.ParseAddr(host)
	return err == nil
}

func (a *pkgAnalysis) constString(e ast.Expr) (string, bool) {
	tv, ok := a.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// grpcDials are the gRPC dials that return at once unless an option makes
// them wait: connecting and name resolution run on the channel's
// goroutines.
var grpcDials = map[string]bool{
	"google.golang.org/grpc.Dial": true, "google.golang.org/grpc.DialContext": true,
}

// nonBlockingDial reports whether a gRPC dial gets no option that makes it
// wait (grpc.WithBlock, grpc.WithReturnConnectionError), among its
// arguments or stored in the slice it spreads.
func (a *pkgAnalysis) nonBlockingDial(call *ast.CallExpr, fn *types.Func) bool {
	if !grpcDials[fn.FullName()] {
		return false
	}
	for _, arg := range call.Args {
		if a.mentionsBlock(arg) {
			return false
		}
		if id, ok := ast.Unparen(arg).(*ast.Ident); ok && call.Ellipsis.IsValid() {
			for _, v := range a.assigns[a.objOf(id)] {
				if a.mentionsBlock(v) {
					return false
				}
			}
		}
	}
	return true
}

// mentionsBlock reports whether e calls grpc.WithBlock or
// grpc.WithReturnConnectionError.
func (a *pkgAnalysis) mentionsBlock(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(a.info, call).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "google.golang.org/grpc" &&
				(fn.Name() == "WithBlock" || fn.Name() == "WithReturnConnectionError") {
				found = true
			}
		}
		return !found
	})
	return found
}
