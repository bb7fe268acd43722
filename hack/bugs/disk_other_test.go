//go:build !unix

package main

const freeKnown = false
