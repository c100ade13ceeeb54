package ctxprop

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"
	"sync"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"golang.org/x/tools/go/types/typeutil"
)

// source says where a sink's context comes from.
type source uint8

const (
	noContext   source = iota // the call takes none: always unbounded
	ctxArg                    // the context.Context argument at arg
	requestArg                // the *http.Request argument at arg
	cmdReceiver               // the *exec.Cmd receiver
	setContext                // the context given to the receiver's SetContext
)

// sinkRule models one blocking call.
type sinkRule struct {
	source source
	arg    int
	// clientTimeout: the receiver is an *http.Client whose Timeout, if set,
	// is a timeout that exists but is not the loop's.
	clientTimeout bool
	timeout       string // a timeout the call always has, not the loop's
	// ctxForm names the same call with a context (MWithContext), for a
	// call of another module that takes none.
	ctxForm string
}

// stdSinks is the curated model of the standard library's blocking calls,
// keyed by types.Func.FullName. The library's bodies are never analysed:
// inside them a correct (*http.Client).Do would look unbounded.
var stdSinks = map[string]sinkRule{}

// stdSinkNames holds the short names (Get, Do) of stdSinks: a callee of
// another name, with no context parameter, is no sink, which saves making
// its full name.
var stdSinkNames = map[string]bool{}

func init() {
	add := func(r sinkRule, names ...string) {
		for _, n := range names {
			stdSinks[n] = r
			stdSinkNames[n[strings.LastIndex(n, ".")+1:]] = true
		}
	}
	none := sinkRule{source: noContext}
	ctx0 := sinkRule{source: ctxArg, arg: 0}

	add(none, "net/http.Get", "net/http.Head", "net/http.Post", "net/http.PostForm")
	add(sinkRule{source: noContext, clientTimeout: true},
		"(*net/http.Client).Get", "(*net/http.Client).Head", "(*net/http.Client).Post", "(*net/http.Client).PostForm")
	add(sinkRule{source: requestArg, arg: 0, clientTimeout: true}, "(*net/http.Client).Do")
	add(sinkRule{source: requestArg, arg: 0}, "(*net/http.Transport).RoundTrip", "(net/http.RoundTripper).RoundTrip")

	// net.DialUDP and DialIP take resolved addresses and do no round trip;
	// a datagram net.Dial to a literal address, and a unixgram DialUnix,
	// are let through where they are called (localDatagram). LookupPort
	// parses the port, or reads the services file: no round trip either.
	add(none, "net.Dial", "net.DialTCP", "net.DialUnix", "(*net.Dialer).Dial",
		"net.LookupHost", "net.LookupIP", "net.LookupAddr", "net.LookupCNAME", "net.LookupMX", "net.LookupNS",
		"net.LookupTXT", "net.LookupSRV")
	// Resolving an address looks its host up, with no context form; one
	// that names no host is let through where it is called
	// (literalResolve).
	add(none, "net.ResolveTCPAddr", "net.ResolveUDPAddr", "net.ResolveIPAddr")
	add(sinkRule{source: noContext, timeout: "net.DialTimeout's own timeout"}, "net.DialTimeout")
	add(ctx0, "(*net.Dialer).DialContext",
		"(*net.Resolver).LookupHost", "(*net.Resolver).LookupIP", "(*net.Resolver).LookupIPAddr",
		"(*net.Resolver).LookupNetIP", "(*net.Resolver).LookupAddr", "(*net.Resolver).LookupCNAME",
		"(*net.Resolver).LookupMX", "(*net.Resolver).LookupNS", "(*net.Resolver).LookupTXT",
		"(*net.Resolver).LookupSRV")

	add(none, "crypto/tls.Dial", "crypto/tls.DialWithDialer", "(*crypto/tls.Conn).Handshake", "(*crypto/tls.Dialer).Dial")

	// An SMTP client waits on the server at every exchange, from the
	// greeting NewClient reads on; none takes a context.
	add(none, "net/smtp.Dial", "net/smtp.NewClient", "net/smtp.SendMail",
		"(*net/smtp.Client).Hello", "(*net/smtp.Client).StartTLS", "(*net/smtp.Client).Verify",
		"(*net/smtp.Client).Auth", "(*net/smtp.Client).Mail", "(*net/smtp.Client).Rcpt",
		"(*net/smtp.Client).Data", "(*net/smtp.Client).Extension", "(*net/smtp.Client).Reset",
		"(*net/smtp.Client).Noop", "(*net/smtp.Client).Quit")
	add(ctx0, "(*crypto/tls.Conn).HandshakeContext", "(*crypto/tls.Dialer).DialContext")

	for _, recv := range []string{"DB", "Tx", "Conn", "Stmt"} {
		for _, m := range []string{"Query", "QueryRow", "Exec", "Ping", "Begin", "Prepare"} {
			name := fmt.Sprintf("(*database/sql.%s).%s", recv, m)
			add(none, name)
			add(ctx0, name+"Context")
		}
		add(ctx0, fmt.Sprintf("(*database/sql.%s).BeginTx", recv), fmt.Sprintf("(*database/sql.%s).Conn", recv))
	}

	// The AWS SDK v1's requests carry the context SetContext gave them.
	add(sinkRule{source: setContext}, "(*github.com/aws/aws-sdk-go/aws/request.Request).Send")

	add(sinkRule{source: cmdReceiver},
		"(*os/exec.Cmd).Run", "(*os/exec.Cmd).Output", "(*os/exec.Cmd).CombinedOutput", "(*os/exec.Cmd).Wait")
}

// sinkFor returns the rule for fn, if it is a sink: the curated model,
// the -sinks flag, or a function or interface method of another module
// that takes a context. -nonblocking wins over all three.
func (a *pkgAnalysis) sinkFor(fn *types.Func) (sinkRule, bool) {
	if c, ok := a.sinkCache[fn]; ok {
		return c.rule, c.ok
	}
	rule, ok := a.sinkRuleFor(fn)
	a.sinkCache[fn] = sinkLookup{rule, ok}
	return rule, ok
}

type sinkLookup struct {
	rule sinkRule
	ok   bool
}

func (a *pkgAnalysis) sinkRuleFor(fn *types.Func) (sinkRule, bool) {
	if len(a.cfg.sinks) == 0 && !stdSinkNames[fn.Name()] && ctxtypes.ContextParam(fn.Signature()) < 0 {
		if a.contextForm(fn) == nil {
			return sinkRule{}, false // neither curated nor of another module's kind
		}
	}
	name := fn.FullName()
	if a.cfg.nonblocking[name] {
		return sinkRule{}, false
	}
	if r, ok := stdSinks[name]; ok {
		return r, true
	}
	if a.cfg.sinks[name] {
		if i := ctxtypes.ContextParam(fn.Signature()); i >= 0 {
			return sinkRule{source: ctxArg, arg: i}, true
		}
		return sinkRule{source: noContext}, true
	}
	if fn.Pkg() != nil && !isHealthPkg(fn.Pkg()) && !derivesContext(fn) && !setsContext(fn) && !buildsClient(fn) && !telemetry(fn.Pkg()) && a.otherModule(fn) {
		if i := ctxtypes.ContextParam(fn.Signature()); i >= 0 {
			return sinkRule{source: ctxArg, arg: i}, true
		}
	}
	if form := a.contextForm(fn); form != nil && a.formBlocks(form) {
		return sinkRule{source: noContext, ctxForm: form.FullName()}, true
	}
	return sinkRule{}, false
}

// formBlocks reports whether a context form is presumed to block: unless
// its package's analysis found that it ignores its context (IdleContext)
// and reaches no sink. A library may offer both forms of every call,
// blocking or not.
func (a *pkgAnalysis) formBlocks(form *types.Func) bool {
	var idle IdleContext
	if !a.pass.ImportObjectFact(form, &idle) || idle.Unless.Cond != "" {
		return true
	}
	return a.formReaches(form)
}

func (a *pkgAnalysis) formReaches(form *types.Func) bool {
	s := a.importedSummary(form)
	return s != nil && len(s.Reaches) > 0
}

// idleAt reports whether this call of M, a sink for its context form's
// sake, steers the form off the one branch that uses its context: a
// constant argument for the parameter the branch depends on, that takes
// the other way (IdleContext.Unless).
func (a *pkgAnalysis) idleAt(call *ast.CallExpr, fn *types.Func) bool {
	if rule, _ := a.sinkFor(fn); rule.ctxForm == "" {
		return false
	}
	if callee, _ := typeutil.Callee(a.info, call).(*types.Func); callee == nil || callee.Origin() != fn {
		return false // through a value: whose arguments are which is not known
	}
	form := a.contextForm(fn)
	var idle IdleContext
	if !a.pass.ImportObjectFact(form, &idle) || idle.Unless.Cond == "" || a.formReaches(form) {
		return false
	}
	// The form's parameters are M's with the context first.
	mp, fp := fn.Signature().Params(), form.Signature().Params()
	i := idle.Unless.Param - 1
	if fp.Len() != mp.Len()+1 || i < 0 || i >= mp.Len() || !types.Identical(mp.At(i).Type(), fp.At(i+1).Type()) {
		return false
	}
	i += methodExprShift(a.info, call.Fun)
	if i >= len(call.Args) || call.Ellipsis.IsValid() {
		return false
	}
	tv, ok := a.info.Types[call.Args[i]]
	if !ok || tv.Value == nil {
		return false
	}
	v, ok := evalCond(idle.Unless.Cond, tv.Value)
	return ok && v != idle.Unless.Want
}

// contextForm returns the context-taking form of a function or method of
// another module that takes no context: MWithContext or MContext, declared
// beside it (the AWS SDK v1 convention). Such an M wraps a round trip
// under a context of its own making, if the form blocks (formBlocks).
func (a *pkgAnalysis) contextForm(fn *types.Func) *types.Func {
	if fn.Pkg() == nil || !fn.Exported() || isHealthPkg(fn.Pkg()) || !a.otherModule(fn) {
		return nil
	}
	for _, suffix := range []string{"WithContext", "Context"} {
		var obj types.Object
		if recv := fn.Signature().Recv(); recv != nil {
			obj, _, _ = types.LookupFieldOrMethod(recv.Type(), true, fn.Pkg(), fn.Name()+suffix)
		} else {
			obj = fn.Pkg().Scope().Lookup(fn.Name() + suffix)
		}
		if form, ok := obj.(*types.Func); ok && ctxtypes.ContextParam(form.Signature()) == 0 {
			return form
		}
	}
	return nil
}

// setsContext reports whether fn only stores a context for later calls:
// SetContext, or a WithContext that returns its receiver's type (an
// options builder such as Consul's (*QueryOptions).WithContext).
func setsContext(fn *types.Func) bool {
	switch fn.Name() {
	case "SetContext":
		return true
	case "WithContext":
		recv, res := fn.Signature().Recv(), fn.Signature().Results()
		return recv != nil && res.Len() == 1 && types.Identical(recv.Type(), res.At(0).Type())
	}
	return false
}

// buildsClient reports whether fn's only result is an *http.Client: it
// builds a client (oauth2.NewClient, (*oauth2.Config).Client), whose
// requests are the calls that block, and may keep the context for them,
// so that the loop's must not go there. With no error to return it
// cannot have made a round trip that failed.
func buildsClient(fn *types.Func) bool {
	results := fn.Signature().Results()
	return results.Len() == 1 && isNamedPtr(results.At(0).Type(), "net/http", "Client")
}

// telemetry reports whether pkg is a tracing or metrics API, whose methods
// take a context to carry spans and baggage, not to bound I/O (exporters
// run in the background).
func telemetry(pkg *types.Package) bool {
	p := pkg.Path()
	return p == "go.opentelemetry.io/otel" || strings.HasPrefix(p, "go.opentelemetry.io/otel/") || p == "go.opencensus.io" || strings.HasPrefix(p, "go.opencensus.io/")
}

// derivesContext reports whether fn returns a context: a helper that
// derives one (a WithX), not a call that blocks.
func derivesContext(fn *types.Func) bool {
	results := fn.Signature().Results()
	for i := range results.Len() {
		if ctxtypes.IsContext(results.At(i).Type()) {
			return true
		}
	}
	return false
}

// sinkName is how a sink appears in messages.
func sinkName(fn *types.Func) string { return fn.FullName() }

// funcPkgPath returns the import path in a function's name as the flags
// write it: importpath.Func, (*importpath.T).M or (importpath.T).M.
func funcPkgPath(name string) string {
	if rest, ok := strings.CutPrefix(name, "("); ok {
		name, _, _ = strings.Cut(strings.TrimPrefix(rest, "*"), ")")
	}
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[:i]
	}
	return ""
}

// funcNameSyntax is types.Func.FullName's form: importpath.Func,
// (importpath.T).M or (*importpath.T).M, with an import path of no spaces
// or parentheses and identifiers for the names. Compiled on first use:
// its Unicode classes cost a millisecond, in every one of the processes
// go vet starts, most of which are given no name to check.
var funcNameSyntax = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[^\s(),]*[^\s(),.]\.[\pL_][\pL\pN_]*|\(\*?[^\s(),]*[^\s(),.]\.[\pL_][\pL\pN_]*\)\.[\pL_][\pL\pN_]*)$`)
})

// funcList is the flag.Value of -register, -sinks and -nonblocking: it
// checks each name's syntax when the flag is set, so that a malformed name
// stops the run once, before any package is analysed.
type funcList struct{ s *string }

func (f funcList) String() string {
	if f.s == nil {
		return ""
	}
	return *f.s
}

func (f funcList) Set(v string) error {
	if _, err := parseFuncList(v); err != nil {
		return err
	}
	*f.s = v
	return nil
}

// parseFuncList parses -sinks and -nonblocking: comma-separated
// importpath.Func or (*importpath.T).M.
func parseFuncList(s string) (map[string]bool, error) {
	set := make(map[string]bool)
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !funcNameSyntax().MatchString(item) {
			return nil, fmt.Errorf("%q: want importpath.Func or (*importpath.T).M", item)
		}
		set[item] = true
	}
	return set, nil
}
