// Package ctl sets the Ready field to true, and takes Drained's address;
// what it imports resets Degraded.
package ctl

import (
	"latched/api"
	"latched/status"
)

func Provisioned(p *api.Pool) {
	p.Status.Ready = true
	mark(&p.Status.Drained)
	status.Fresh(p)
	if p.Status.Ready { // want `^latched$`
	}
	if p.Status.Degraded { // want `^not latched$`
	}
	if p.Status.Drained { // want `^not latched$`
	}
}

func mark(b *bool) { *b = false }
