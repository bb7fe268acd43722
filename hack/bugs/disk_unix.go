//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
)

// freeGB returns the space free to unprivileged users on the file system
// of path, or of its nearest existing parent.
func freeGB(path string) (float64, bool) {
	for {
		var st syscall.Statfs_t
		if err := syscall.Statfs(path, &st); err == nil {
			return float64(st.Bavail) * float64(st.Bsize) / (1 << 30), true
		} else if !os.IsNotExist(err) {
			return 0, false
		}
		parent := filepath.Dir(path)
		if parent == path {
			return 0, false
		}
		path = parent
	}
}

// lockFile takes an exclusive lock on path, held until unlock, and reports
// false when another open file holds it.
func lockFile(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, false, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if err == syscall.EWOULDBLOCK {
			return nil, false, nil
		}
		return nil, false, err
	}
	return func() { _ = f.Close() }, true, nil // closing releases the lock
}
