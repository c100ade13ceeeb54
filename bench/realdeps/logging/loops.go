// Package logging has monitored loops that do nothing but log, one per
// logger the agent uses, and one that compares with testify's assert.
//
// Expected reports in this file: none. Writing a log line is local I/O
// (os.Stderr or a file), not a remote call: logrus, zap and seelog are not
// sinks, nor is anything a loop reaches through them (seelog's network
// writers are only configured from XML, zap's and logrus' sinks are files),
// and assert.ObjectsAreEqual is a pure function.
package logging

import (
	"fmt"
	"time"

	"github.com/cihub/seelog"
	"github.com/ctxlint/ctxlint/runtime/health"
	"github.com/sirupsen/logrus"
	"github.com/stretchr/testify/assert"
	"go.uber.org/zap"
)

// Stats is what the loops log.
type Stats struct {
	Checks, Errors int
	Last           time.Time
}

// LogrusLoop logs the stats with logrus at every tick.
func LogrusLoop(stats func() Stats) {
	h := health.RegisterLiveness("log-logrus")
	defer h.Deregister()
	log := logrus.New()
	log.SetFormatter(&logrus.JSONFormatter{})
	for deadline := range h.C {
		s := stats()
		log.WithFields(logrus.Fields{"checks": s.Checks, "errors": s.Errors, "deadline": deadline}).Info("stats")
		if s.Errors > 0 {
			logrus.Warnf("%d checks failed", s.Errors)
		}
	}
}

// ZapLoop logs the stats with zap at every tick and syncs.
func ZapLoop(stats func() Stats) error {
	log, err := zap.NewProduction()
	if err != nil {
		return err
	}
	h := health.RegisterLiveness("log-zap")
	defer h.Deregister()
	for range h.C {
		s := stats()
		log.Info("stats", zap.Int("checks", s.Checks), zap.Int("errors", s.Errors), zap.Time("last", s.Last))
		log.Sugar().Debugf("%d errors", s.Errors)
		_ = log.Sync()
	}
	return nil
}

// SeelogLoop logs the stats with seelog at every tick and flushes.
func SeelogLoop(stats func() Stats) {
	logger, err := seelog.LoggerFromConfigAsString(`<seelog minlevel="info"><outputs><console/></outputs></seelog>`)
	if err == nil {
		_ = seelog.ReplaceLogger(logger)
	}
	h := health.RegisterReadiness(fmt.Sprintf("log-seelog-%d", 1))
	defer h.Deregister()
	for range h.C {
		s := stats()
		seelog.Infof("stats: %d checks, %d errors", s.Checks, s.Errors)
		if s.Errors > 0 {
			_ = seelog.Errorf("%d checks failed", s.Errors)
		}
		seelog.Flush()
	}
}

// DriftLoop warns when the configuration in use differs from the one wanted,
// compared with testify's assert.ObjectsAreEqual.
func DriftLoop(want, got func() map[string]string) {
	h := health.RegisterLiveness("config-drift")
	defer h.Deregister()
	for range h.C {
		if !assert.ObjectsAreEqual(want(), got()) {
			logrus.Warn("configuration drift")
		}
	}
}
