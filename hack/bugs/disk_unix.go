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
