// Package ctxprop defines an Analyzer that finds the remote and blocking
// calls a health-monitored loop can reach without a context bounded by the
// loop's health deadline, across functions and packages.
//
// # Analyzer ctxprop
//
// ctxprop: find blocking calls reachable from health-monitored loops without the loop's deadline
//
// When liveness flaps, the on-call engineer asks: which call can a
// monitored loop block in, and through which functions? ctxprop answers it
// before production does.
//
// # Roots
//
// A root is one iteration of a health-monitored loop: the body of
// the innermost for or range loop around a receive from the C field of a
// health handle (or, when the receive sits in a helper with no loop of its
// own, the helper's whole body, as in "for p.process(h) {}"). Handles are
// recognised by type: *Handle of github.com/ctxlint/ctxlint/runtime/health
// and of any package whose path ends in /pkg/status/health, and the result
// types of the functions named by -ctxprop.register.
//
// Functions marked //ctxlint:monitored are roots too. A time.Time such a
// function receives from a channel field C, the tick of a health library of
// its own, is its deadline: context.WithDeadline(parent, tick) is bounded.
// A deadline computed from it is not, nor one from a time.Ticker's or
// Timer's C. -ctxprop.monitored names functions to treat as so marked,
// without editing them. A monitored function that receives no such tick is
// a periodic loop (an agent without a health runtime): its roots are the
// bodies of its outermost loops (setup before them and cleanup after them
// are not iterations), and a context with a deadline or timeout its
// iteration derives itself bounds it.
//
// The component's name and kind come from the registration call that made
// the handle, followed through locals, parameters, struct fields, setters
// and getters; a package-level variable, an exported field or a getter of
// another package carries its handle's name in a HandleName fact. A name
// built at run time is spelled with its unknown parts as <expr>:
// fmt.Sprintf("ec2-tags-%s", region) and "ec2-tags-" + region are both
// "ec2-tags-<region>". A part the package only ever gives as constants (an
// unexported function's argument at every call, the key of a range over a
// map literal) names one component per value: "metadata-gohai",
// "metadata-host". A handle that is a parameter passed only from other
// packages is "component of h" package by package; the Result lists the
// handles each package passes (HandleArgs), and ctxlint's own driver
// (-whole-program, -sarif, -format) names such loops from them.
//
// Everything the iteration runs before it can receive again counts: case
// bodies, default, code around the select, deferred calls, closures called
// in place or through a local, and goroutines the iteration waits for
// (sync.WaitGroup.Wait, errgroup.Group.Wait, or a receive from a channel
// the goroutine sends on or closes, unless the select around it can give up
// on a context's Done or a case that returns). The goroutine may run a
// literal or a function of the package: go fetch(name, results) sends on
// results when fetch sends on that parameter.
//
// A receive from a channel kept in a field, outside a select, that drops
// the value or receives a done signal (struct{}, error) waits for the
// functions of the package that send on it or close it as the last thing
// they do, or their loop's iteration does: a worker pool's done channel,
// followed through fields, constructor parameters and assignments (a
// helper's parameter does not make its arguments one channel). A pool's
// receive of an idle connection waits for no one; a range over a field
// channel waits for its senders. The path goes into the sender ("~Collect →
// Worker.do"); -fix refuses it ("hand-off"): a context does not follow a
// channel. A method of the package that starts its function parameter in a
// goroutine counted by a sync.WaitGroup field of its receiver (or one its
// type embeds) runs it during the caller when the caller then calls, on the
// same receiver, a method that waits on that field (tc.Run(job); ...;
// tc.Wait(): a throttled executor). A goroutine it starts and does not wait
// for (go f(), time.AfterFunc) does not block it and is not reported unless
// -ctxprop.async is set. A function passed to a call is taken to run during
// it (retry, sort and iterate helpers), unless the callee only starts it in
// a goroutine it does not wait for: the Starts fact ("runs later parameter
// 1") says so across packages, also for a callee that only stores the
// function (Register(name, f)).
//
// # Sinks
//
// A curated model, not the standard library's bodies:
//
//   - net/http: Get, Head, Post, PostForm, the same on *Client, and
//     (*Client).Do and RoundTrip with the request's context.
//   - net: Dial, DialTimeout, lookups without a context, and the context
//     variants with theirs; ResolveTCPAddr, ResolveUDPAddr and
//     ResolveIPAddr of a host name. A udp, unixgram or ip:proto dial to a
//     constant address without a host name does no round trip and is not
//     a sink. Nor is LookupPort, which parses the port or reads the
//     services file.
//   - crypto/tls.
//   - net/smtp: the greeting NewClient reads, and every exchange after it.
//   - database/sql without Context, but not on a handle opened with an
//     in-process driver (SQLite, say). That handle is found through the
//     locals, unexported fields and package functions it passed through.
//   - os/exec without CommandContext.
//   - the AWS SDK v1's (*request.Request).Send, under the context
//     SetContext gave the request (none: unbounded).
//
// A call into another module to a function or interface method that takes a
// context.Context is presumed blocking: gRPC clients, Kubernetes and cloud
// SDKs. Not so the OpenTelemetry and OpenCensus APIs, whose context carries
// spans, nor a function whose only result is an *http.Client, such as
// oauth2.NewClient: it builds the client whose requests block. grpc.Dial
// and DialContext block only with WithBlock or WithReturnConnectionError:
// otherwise they return at once. A context-taking method of the module's
// own interface is presumed blocking too when no type of the module visible
// from the call implements it: it wraps another module's client, whose type
// may be unexported. So is a method that takes no context when the same
// type (or package) offers its context form, MWithContext or MContext (the
// AWS SDK v1 convention): it is never bounded.
//
// A form whose body never reads its context, but to hand it to functions
// that do not either, of any package, and that reaches no sink (gopsutil's
// disk.UsageWithContext, which reads the kernel;
// process.NewProcessWithContext, whose readers of /proc are another
// package's) makes no sink of its M. A form that reads it only on a branch
// one of its parameters chooses (gopsutil's PercentWithContext sleeps under
// it for a positive interval) makes no sink of an M called with a constant
// that takes the other way (Percent(0)). -ctxprop.sinks adds functions
// (importpath.Func, (*importpath.T).M), -ctxprop.nonblocking removes them.
//
// A call into another module that takes no context but gets an options
// value that carries one (Consul's (&QueryOptions{}).WithContext(ctx)) runs
// what it reaches under that context.
//
// Bounded means derived from the tick: health.WithDeadline(parent,
// deadline) or context.WithDeadline/WithTimeout computed from the received
// deadline, and anything derived from such a context. Everything else is
// unbounded, and the report says why: context.Background(), context.TODO(),
// a context.WithoutCancel, a context kept in a struct field, a parameter
// whose caller does not pass a bounded one, or a timeout of its own (a
// context.WithTimeout not taken from the tick, an http.Client's Timeout)
// which exists but is not the loop's.
//
// Functions are summarised bottom-up: the summary of a function, exported
// as a fact on it, lists the sinks it reaches unbounded and those it
// reaches under one of its context parameters (bounded iff the caller's
// argument is), each with the path of calls and their positions. Interface
// calls resolve to every implementation visible from the package (a call
// through a type parameter, to the methods of the type arguments the
// package instantiates it with, or else of the constraint), and calls
// through function values (locals, package-level variables, fields, maps
// and slices of functions) to the functions of the same signature whose
// address is taken. A call through a parameter runs what the callers pass:
// each caller runs the function or literal it passes in place (with its own
// variables, for a literal, even one kept in a local first), and where
// every caller of an unexported function does so, its call through that
// parameter runs nothing by signature. An interface value read from the
// package's own unexported field whose every store is of a concrete type of
// the package (a map that only ever receives two kinds of service) resolves
// to those types' methods alone; so does a method promoted from such a
// field embedded in a struct (c.Exchange for c.client.Exchange). In both
// modes, a call in a file the program compiles never runs a function
// declared in a _test.go file (a fake a test swaps in): only a call in a
// test file may. Summaries of unexported functions, of methods of
// unexported types and of literals cross packages in a package fact
// (Dispatch). A per-package run (go vet, golangci-lint, Bazel nogo) cannot
// see an implementation in a package the loop's package does not import,
// directly or indirectly, nor a function of the loop's package that an
// imported package calls back (stored in its struct's field, or passed to
// it and called there later); "ctxlint -whole-program ./..." analyses the
// packages as one program and sees both.
//
// Inside a versioned dependency (a module with a version, or files in the
// module cache), an interface call or a call through a function value is
// followed only when it has exactly one target: a logging library's writer
// interface would otherwise reach the TLS dial of a network writer the
// program never configures.
//
// # Whole program
//
// There, dynamic calls resolve through the program's call
// graph: SSA of the program's own code, CHA, then VTA (type flow through
// assignments, fields, maps, parameters and returns) twice over the slice
// reachable from the root packages' functions, as govulncheck builds it. An
// interface call runs only the implementations whose values flow to its
// receiver, so a type the program never builds is no target; a call through
// a function value runs only the functions stored where it reads (a map
// filled by another package's init, a field set by a constructor), not
// every function of its signature. A call the graph does not know, or to
// whose receiver nothing flows (a parameter of an entry point), falls back
// to the per-package resolution. Rounds carry each package's summaries to
// callers that do not import it until they settle. The call graph tells
// fields apart by struct type, not by object, as vta does; ctxprop then
// tells them apart by object where that is sound.
//
// # Fields by object
//
// A call through an unexported func-typed field of the
// receiver or of a parameter (c.load(k) in a cache's Get) is recorded in
// the function's summary. A caller that sees how the object was built (a
// composite literal, a constructor whose returns build it from a parameter,
// a variable or a field assigned only those) resolves the call to the
// function stored there. Where only construction writes the field
// (composite literals, and statements of a constructor on the object it has
// just built: h := &T{}; h.f = f; return h), the resolution replaces what
// the call graph or the signature gave, which merges every object of the
// type: each package's cache runs its own loader, in both modes. Where a
// statement writes the field later too, it adds to that answer, which only
// knows the functions in the callee package's view. A caller that cannot
// tell (the object is its own parameter) keeps the type-based answer.
//
// # Setters and paths
//
// The field may be on a path of structs the object holds
// by value (r.opts.attempt()), and a method that passes its own object on
// (r.Run() calling r.step()) makes its callee's field call its own, so
// callers of Run resolve it too. A setter is a method that stores its
// parameter in such a field (r.opts = *o). A field written only by
// constructors and setters is decided by the object's setup: a caller that
// builds the object in a local or a package variable and calls its setters
// in the same function (c := &Client{}; c.Configure(&Options{ Attempt:
// c.dial}); c.Run()) resolves the call to what it stored and replaces the
// merged answer; each client's retry runs its own attempt. So does a caller
// of a constructor that sets its object up that way: its Constructs fact
// names the method the setup stored.
//
// # Constant arguments
//
// A reach on a branch that a parameter chooses (if wait
// { send() } else { go send() }; if !strings.HasPrefix(addr, "http") {
// return socket(addr) }) runs only where the condition has that value: a
// caller passing a constant that gives the other value does not reach it,
// and a caller passing its own parameter on moves the choice to its
// callers. A branch is an if's body or else, or the rest of a block after
// an if that returns; conditions on one parameter of a basic type, with
// constants, comparisons, !, && and ||, len and the strings prefix, suffix,
// contains and equal-fold tests, are evaluated. A parameter written before
// the condition, in a loop around it or in a function literal, or whose
// address the function takes, chooses nothing.
//
// Functional options choose a branch too: a constructor that applies its
// variadic options to the object it builds (for _, o := range opts { o(c)
// }), then makes a default where they left a field nil (if c.client == nil
// { dial }), reaches the default only where no option given sets that
// field. An option constructor of the form return func(c *T) { c.client = p
// } carries the Option fact naming the field it sets.
//
// # Reports
//
// One per loop and sink call site, at the call in the loop that
// starts the shortest path (fewest dynamic hops first):
//
//	"ad-kubeletlistener" (readiness): (*net/http.Client).Do without the health deadline (request built with http.NewRequest): KubeletListener.run (kubelet.go:56) → ... → Client.query (client.go:122)
//
// When the sink lies in another module or in a generated file, the chain
// stops at the last call in the module's own code, which is the report's
// site, and the message names what it enters: "(*api.KV).Keys reaches
// (*net/http.Client).Do (api.go:880)". That holds for a call through an
// interface (of the module, or not) that runs another module's method, as
// for a static call. Distinct calls into a client that share one sink
// inside it are distinct reports.
//
// A hop marked ~ is dynamic: the call at that position goes through an
// interface or a function value. Hops in the package are also attached as
// related positions. When a context bounded by the tick is in scope at the
// reported call, a suggested fix passes it instead of context.Background()
// or context.TODO(), or builds the request with http.NewRequestWithContext
// (go vet -fix and go fix apply it). A fix that needs a ctx parameter in
// the functions below the loop would break their other callers, so a report
// whose path has more than one hop and no suggested fix ends with "run
// ctxlint -fix to thread the deadline down": the migration changes every
// function, caller and implementation together.
//
// Suppress one with "//ctxlint:ignore ctxprop reason" on its line or the
// line above (a reason is required, and an ignore that suppresses nothing
// is reported), or "//nolint:ctxprop". An ignore on any line of a path,
// such as a sink's line deep in a client package, suppresses every report
// whose path passes that line. Mark a deliberate boundary, such as a
// graceful shutdown, with "//ctxlint:detached reason" in a function's doc
// comment: what it reaches is not propagated to its callers.
package ctxprop
