package health

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Bounds on what one probe request can make the handler do, so that the
// work and the answer stay small whatever the query holds.
const (
	// maxExclude caps the distinct names ?exclude= takes; past it the probe
	// answers 400. Fixed rather than tied to the catalog's size, so whether a
	// probe URL is accepted does not change as components come and go.
	maxExclude = 256
	// maxWarnings caps the warnings for unknown names; one more says how
	// many were left out.
	maxWarnings = 10
	// maxEcho caps the bytes of an unknown name quoted back in an answer.
	maxEcho = 64
)

var probePaths = map[Kind]string{Liveness: "/live", Readiness: "/ready", Startup: "/startup"}

// Handler serves the probes: /live, /ready and /startup answer 200 when
// healthy and 503 when not, with a JSON body naming the failing components.
// ?verbose lists every component; ?exclude=name (repeated or
// comma-separated, at most 256 distinct names, else 400 Bad Request) leaves
// components out, with a warning for unknown names (the first 10, then a
// count); /live/NAME (likewise /ready/NAME, /startup/NAME) answers for one
// component.
// Only GET and HEAD are allowed, and answers are never cached. Answers come
// from the last check's snapshot: a probe takes no lock.
func (c *Catalog) Handler() http.Handler {
	mux := http.NewServeMux()
	for kind, path := range probePaths {
		mux.HandleFunc("GET "+path, func(w http.ResponseWriter, r *http.Request) { c.serveProbe(w, r, kind) })
		mux.HandleFunc("GET "+path+"/{name...}", func(w http.ResponseWriter, r *http.Request) {
			if name := r.PathValue("name"); name != "" {
				c.serveComponent(w, r, kind, name)
				return
			}
			c.serveProbe(w, r, kind)
		})
	}
	return mux
}

func (c *Catalog) serveProbe(w http.ResponseWriter, r *http.Request, kind Kind) {
	snap := c.snap.Load()
	q := r.URL.Query()
	verbose := q.Has("verbose") && q.Get("verbose") != "false" && q.Get("verbose") != "0"
	excludes := q["exclude"]
	if !verbose && len(excludes) == 0 {
		body := snap.bodies[kind]
		write(w, r, body.healthy, body.json)
		return
	}
	exclude := make(map[string]bool)
	var warnings []string
	unknown := 0
	for _, e := range excludes {
		for name := range strings.SplitSeq(e, ",") {
			if name == "" || exclude[name] {
				continue
			}
			if len(exclude) == maxExclude {
				writeError(w, r, http.StatusBadRequest, fmt.Sprintf("health: more than %d names in ?exclude=\n", maxExclude))
				return
			}
			exclude[name] = true
			if i, ok := snap.byName[name]; !ok || !snap.components[i].counts(kind) {
				if unknown++; unknown <= maxWarnings {
					warnings = append(warnings, fmt.Sprintf("cannot exclude %s: no such %s component", echo(name), kind))
				}
			}
		}
	}
	if unknown > maxWarnings {
		warnings = append(warnings, fmt.Sprintf("and %d more unknown names", unknown-maxWarnings))
	}
	st := snap.status(kind, exclude)
	if !verbose {
		write(w, r, st.Healthy, summaryJSON(st, warnings))
		return
	}
	write(w, r, st.Healthy, marshal(verboseAnswer{summaryAnswer: newSummary(st, warnings), Checked: st.Checked, Components: st.Components}))
}

func (c *Catalog) serveComponent(w http.ResponseWriter, r *http.Request, kind Kind, name string) {
	snap := c.snap.Load()
	i, ok := snap.byName[name]
	if !ok || !snap.components[i].counts(kind) {
		writeCode(w, r, http.StatusNotFound, marshal(map[string]string{"error": fmt.Sprintf("no %s component %s", kind, echo(name))}))
		return
	}
	comp := snap.components[i]
	write(w, r, comp.passes(kind, snap.everReady), marshal(comp))
}

type summaryAnswer struct {
	Probe    Kind     `json:"probe"`
	Status   string   `json:"status"`
	Failing  []string `json:"failing,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

type verboseAnswer struct {
	summaryAnswer
	Checked    time.Time         `json:"checked"`
	Components []ComponentStatus `json:"components"`
}

func newSummary(st Status, warnings []string) summaryAnswer {
	a := summaryAnswer{Probe: st.Probe, Status: "healthy", Warnings: warnings}
	switch {
	case st.Closed:
		a.Status = "closed"
	case !st.Healthy:
		a.Status, a.Failing = "unhealthy", st.Failing()
	}
	return a
}

func summaryJSON(st Status, warnings []string) []byte { return marshal(newSummary(st, warnings)) }

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil { // only plain data reaches here
		panic(err)
	}
	return append(b, '\n')
}

func write(w http.ResponseWriter, r *http.Request, healthy bool, body []byte) {
	code := http.StatusOK
	if !healthy {
		code = http.StatusServiceUnavailable
	}
	writeCode(w, r, code, body)
}

// echo quotes a name from a request, shortened to maxEcho bytes: an answer
// must not grow with what the client sent.
func echo(name string) string {
	if len(name) <= maxEcho {
		return strconv.Quote(name)
	}
	cut := maxEcho
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return strconv.Quote(name[:cut]) + "..."
}

// writeError answers a bad request with a short plain-text reason.
func writeError(w http.ResponseWriter, r *http.Request, code int, reason string) {
	writeAs(w, r, code, "text/plain; charset=utf-8", []byte(reason))
}

func writeCode(w http.ResponseWriter, r *http.Request, code int, body []byte) {
	writeAs(w, r, code, "application/json", body)
}

func writeAs(w http.ResponseWriter, r *http.Request, code int, contentType string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "no-cache, no-store, must-revalidate")
	h.Set("Pragma", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
