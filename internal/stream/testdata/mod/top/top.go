// Package top imports mid only.
package top

import "example.com/m/mid"

// Top uses low's type, field and method through mid.
func Top() int {
	t := mid.Mid()
	t.M()
	return t.F
}
