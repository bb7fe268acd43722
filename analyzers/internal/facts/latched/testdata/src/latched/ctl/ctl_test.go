package ctl

import (
	"testing"

	"latched/api"
)

// A fixture starts a pool not ready: no write of the controller's.
func TestProvisioned(t *testing.T) {
	p := &api.Pool{Status: api.PoolStatus{}}
	p.Status.Ready = false
	Provisioned(p)
}
