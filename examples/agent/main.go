// Command agent is ctxlint's example: a small monitoring agent before its
// migration to deadline-carrying contexts. Its components poll a kubelet
// over HTTP from health-monitored loops, and none of the calls has a
// deadline, so a kubelet that stops answering makes liveness fail.
//
// With -demo it starts its own fake kubelet on loopback, turns it into a
// black hole halfway through, and prints what the probes answer:
//
//	go run ./examples/agent -demo 6s            # /live and /ready turn 503
//	go run ./examples/agent -demo 6s -migrated  # /live stays 200
//
// -migrated (from the ctxlint checkout) copies the agent into a temporary
// module, migrates the copy with the checkout's ctxlint -fix, and runs the
// copy's -demo with the other flags given.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/ctxlint/ctxlint/examples/agent/internal/fakekubelet"
)

func main() {
	var cfg config
	flag.StringVar(&cfg.kubeletURL, "kubelet-url", "http://127.0.0.1:10255", "kubelet read-only API")
	flag.DurationVar(&cfg.tick, "tick", 15*time.Second, "health check period")
	flag.StringVar(&cfg.listen, "listen", "127.0.0.1:5555", "address serving /live, /ready and /startup")
	flag.StringVar(&cfg.confDir, "conf-dir", "", "directory of check configurations (*.yaml)")
	flag.StringVar(&cfg.hostnameProvider, "hostname-provider", "kubelet", "hostname provider: os or kubelet")
	demo := flag.Duration("demo", 0, "run against a fake kubelet for this long, black-holing it halfway")
	debug := flag.Bool("debug", false, "log at debug level (goroutine dumps)")
	migrated := flag.Bool("migrated", false, "with -demo: run the demo on a copy migrated by the checkout's ctxlint -fix")
	flag.Parse()
	if cfg.tick <= 0 || *demo < 0 {
		fmt.Fprintln(os.Stderr, "agent: -tick must be positive and -demo not negative")
		os.Exit(2)
	}
	if *demo > 0 && *demo < time.Second {
		fmt.Fprintln(os.Stderr, "agent: -demo needs at least 1s")
		os.Exit(2)
	}
	if *migrated && *demo == 0 {
		fmt.Fprintln(os.Stderr, "agent: -migrated needs -demo")
		os.Exit(2)
	}

	level := slog.LevelInfo
	if *debug {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	switch {
	case *migrated:
		var args []string // the flags given, but -migrated
		flag.Visit(func(f *flag.Flag) {
			if f.Name != "migrated" {
				args = append(args, "-"+f.Name+"="+f.Value.String())
			}
		})
		err = runMigratedDemo(ctx, args)
	case *demo > 0:
		err = runDemo(ctx, cfg, *demo, log)
	default:
		err = listenAndRun(ctx, cfg, log)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
}

func listenAndRun(ctx context.Context, cfg config, log *slog.Logger) error {
	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		return err
	}
	return run(ctx, cfg, ln, log)
}

// runDemo shows the failure ctxlint is about: the kubelet stops answering,
// the loops block in calls with no deadline, and liveness fails.
func runDemo(ctx context.Context, cfg config, length time.Duration, log *slog.Logger) error {
	kl, err := fakekubelet.Start("demo-node")
	if err != nil {
		return err
	}
	defer kl.Close()
	cfg.kubeletURL = kl.URL
	cfg.tick = min(cfg.tick, length/10)
	cfg.listen = "127.0.0.1:0"
	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()

	ctx, cancel := context.WithTimeout(ctx, length)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- run(ctx, cfg, ln, log) }()

	report := func(when string) {
		for _, path := range []string{"/live", "/ready"} {
			resp, err := http.Get(base + path)
			if err != nil {
				fmt.Printf("%-22s GET %-6s error: %v\n", when, path, err)
				continue
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			fmt.Printf("%-22s GET %-6s %d %s", when, path, resp.StatusCode, body)
		}
	}
	time.Sleep(length / 2)
	report("kubelet answering:")
	kl.Blackhole()
	log.Info("demo: the kubelet now accepts connections and never answers")
	time.Sleep(length/2 - length/20)
	report("kubelet black-holed:")
	kl.Answer() // let the stuck calls return so the agent can stop
	return <-done
}
