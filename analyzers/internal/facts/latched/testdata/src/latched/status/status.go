// Package status marks pools degraded, with anything, and ready, with a // want package:`writes\(set latched/api.PoolStatus.Ready; reset latched/api.PoolStatus.Degraded, latched/api.PoolStatus.Drained\)`
// whole status it spells out.
package status

import "latched/api"

func Degrade(p *api.Pool, degraded bool) {
	p.Status.Degraded = degraded
}

func Fresh(p *api.Pool) {
	p.Status = api.PoolStatus{Ready: true, Reason: "provisioned"}
}
