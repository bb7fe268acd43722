// Package disktest tests hack/disk.sh, the check make test runs before it
// builds anything: that the disks of Go's build cache and of $TMPDIR have
// room, and what it frees when they have not.
package disktest
