// Command agent wires the corpus together: a small monitoring agent whose
// monitored loops call real third-party clients. See ../../README.md.
//
// Shapes: a handle registered here and passed to the loop as a parameter
// (kube-pods, config-watcher, statsd), the health package shadowed by a
// local named health while doing so, and the wiring of discovery.Store to
// etcdstore.Store, which the discovery package does not import.
//
// Expected reports in this file: none (no loop here; the loops' reports are
// at the calls in their own packages).
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"time"

	"example.com/realdeps/cloud"
	"example.com/realdeps/containers"
	"example.com/realdeps/discovery"
	"example.com/realdeps/etcdstore"
	"example.com/realdeps/forwarder"
	"example.com/realdeps/kube"
	"example.com/realdeps/logging"
	"example.com/realdeps/probes"
	"example.com/realdeps/statsd"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/ctxlint/ctxlint/runtime/health"
	consul "github.com/hashicorp/consul/api"
	"github.com/sirupsen/logrus"
	"go.uber.org/zap"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

func main() {
	region := flag.String("region", "us-east-1", "AWS region")
	instance := flag.String("instance", "", "EC2 instance ID")
	etcd := flag.String("etcd", "http://127.0.0.1:2379", "etcd endpoints, comma-separated")
	intake := flag.String("intake", "https://intake.example.com/api/v1/series", "intake URL")
	grpcTarget := flag.String("grpc", "127.0.0.1:5000", "gRPC backend")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	zl, err := zap.NewProduction()
	if err != nil {
		log.Fatal(err)
	}

	sess := session.Must(session.NewSession())
	cloud.InitMetadata(sess)
	tags := cloud.NewTagCollector(sess, *region, *instance)
	tags.Start()
	defer tags.Stop()
	meta := &cloud.MetadataCollector{Provider: "ec2", Interval: 10 * time.Second, Log: zl}
	go meta.Run(ctx.Done())

	if cfg, err := rest.InClusterConfig(); err == nil {
		cs := kubernetes.NewForConfigOrDie(cfg)
		pods := make(chan []corev1.Pod, 1)
		{
			health := health.RegisterReadiness("kube-pods") // shadows the package
			go kube.WatchPods(health, cs, os.Getenv("NODE_NAME"), pods)
		}
		go func() {
			for range pods {
			}
		}()
	}

	if w, err := containers.NewWatcher(); err == nil {
		go w.Run()
		defer w.Stop()
	}

	if c, err := consul.NewClient(consul.DefaultConfig()); err == nil {
		discovery.NewConsulSource(c, "agent/checks", zl.Sugar()).Start()
	}
	store, err := etcdstore.New(strings.Split(*etcd, ","))
	if err != nil {
		log.Fatal(err)
	}
	cw := discovery.NewConfigWatcher(store, health.RegisterLiveness("config-watcher"), zl)
	go cw.Run(ctx)

	go probes.NewProber(*grpcTarget, logrus.StandardLogger()).Run(ctx.Done())

	fwd := forwarder.New(*intake)
	go fwd.Run(ctx, 15*time.Second)

	go statsd.Flush(health.RegisterLiveness("statsd"), []*statsd.Counter{{Name: "agent.running"}}, zl)

	stats := func() logging.Stats { return logging.Stats{Last: time.Now()} }
	go logging.LogrusLoop(stats)
	go func() { _ = logging.ZapLoop(stats) }()
	go logging.SeelogLoop(stats)
	cfg := func() map[string]string { return map[string]string{"region": *region} }
	go logging.DriftLoop(cfg, cfg)

	http.Handle("/", health.Handler())
	srv := &http.Server{Addr: ":5555", ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.ListenAndServe() }()
	<-ctx.Done()
	_ = srv.Shutdown(context.Background())
}
