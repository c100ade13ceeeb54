package tgfield

import (
	"context"
	"errors"
	"testing"
)

// unreachable fails every lookup; only the Windows tests declare it, so
// the loaded build never sees it stored in the field.
func unreachable(ctx context.Context, host string) ([]string, error) {
	return nil, errors.New(host + ": unreachable")
}

func TestUnreachable(t *testing.T) {
	p := &Prober{ping: unreachable}
	if err := p.gather(t.Context()); err == nil {
		t.Fatal("gather succeeded with no route to the host")
	}
}

func TestShortName(t *testing.T) {
	var asked []string
	p := Prober{}
	p.ping = func(ctx context.Context, host string) ([]string, error) {
		asked = append(asked, host)
		return []string{"192.0.2.1"}, nil
	}
	if err := p.gather(t.Context()); err != nil || len(asked) != 2 {
		t.Fatalf("gather asked %v: %v", asked, err)
	}
}
