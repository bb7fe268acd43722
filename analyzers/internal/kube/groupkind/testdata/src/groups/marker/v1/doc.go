// want package:"group\\(marker.example.com/v1\\) cluster\\(Dock,Fleet\\) resources\\(Fleet=fleets,Ship=vessels\\)"

// +groupName=marker.example.com

// Package v1 declares its group by marker only; the version is the path's.
package v1
