// want package:"dispatch method Engine.LeaderIP"

// Package election finds the leader by asking the API server, with a
// placeholder context: the lookup is bounded by nothing.
package election

import (
	"context"
	"net"
)

type Engine struct{ r *net.Resolver }

func (e *Engine) LeaderIP() (string, error) { // want LeaderIP:`reaches \(\*net.Resolver\).LookupHost unbounded via Engine.LeaderIP`
	addrs, err := e.r.LookupHost(context.TODO(), "leader.invalid")
	if err != nil || len(addrs) == 0 {
		return "", err
	}
	return addrs[0], nil
}
