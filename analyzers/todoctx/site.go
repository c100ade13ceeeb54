package todoctx

import (
	"fmt"
	"go/token"
	"strings"
)

// Category says how a context.TODO() can be paid off.
type Category int

const (
	InScope   Category = iota + 1 // a context is in scope: use it
	Hoist                         // add a ctx parameter, pass it from the callers
	Root                          // no deadline can be defined here yet
	Monitored                     // on a stuck path from a monitored loop
)

var categoryNames = [...]string{InScope: "in-scope", Hoist: "hoist", Root: "root", Monitored: "monitored"}

func (c Category) String() string {
	if c < InScope || c > Monitored {
		return "invalid"
	}
	return categoryNames[c]
}

// MarshalText encodes the category as its name.
func (c Category) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Categories lists them in priority order, highest first.
var Categories = []Category{Monitored, InScope, Hoist, Root}

// Site is one context.TODO() (or Background()) call.
type Site struct {
	Package  string         `json:"package"`
	Func     string         `json:"func"`    // F, T.M, F.func1
	Ordinal  int            `json:"ordinal"` // n-th such call in Func, from 1
	Call     string         `json:"call"`    // context.TODO() or context.Background()
	Pos      token.Pos      `json:"-"`
	Position token.Position `json:"-"`
	Category Category       `json:"category"`
	// Advice is what to do, without the category's name.
	Advice string `json:"advice"`
	Reason string `json:"reason,omitempty"` // the comment on the call's line
	// Beneath is the category under Monitored: what the fix is.
	Beneath Category `json:"beneath,omitempty"`
	Stuck   string   `json:"stuck,omitempty"` // Monitored: the loop and sink
}

// Key identifies a site in a baseline: stable when lines move.
func (s *Site) Key() string { return fmt.Sprintf("%s %s %d", s.Package, s.Func, s.Ordinal) }

// Message is the diagnostic text.
func (s *Site) Message() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s in %s", s.Call, s.Func)
	if s.Category == Monitored {
		fmt.Fprintf(&b, " is on the stuck path of %s: highest priority; %s", s.Stuck, s.Advice)
	} else {
		fmt.Fprintf(&b, " (%s): %s", s.Category, s.Advice)
	}
	if s.Reason != "" {
		fmt.Fprintf(&b, " (reason: %s)", s.Reason)
	}
	return b.String()
}

// Result is what todoctx found in a package, baselined sites included.
type Result struct {
	Sites []*Site
	// Baselined holds the keys of the sites the baseline suppressed.
	Baselined map[string]bool
}
