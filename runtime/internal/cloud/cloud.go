// Package cloud is an in-memory stand-in for an external system (a cloud
// API) that records every create and delete, so tests can assert that an
// external resource was deleted exactly once. It is the only fake in the
// runtime module's tests: everything else is a real API server.
package cloud

import (
	"fmt"
	"sync"
)

// ErrNotFound is returned for an external resource that does not exist.
var ErrNotFound = fmt.Errorf("cloud: resource not found")

// Cloud holds resources by ID and counts the calls made on each.
type Cloud struct {
	mu        sync.Mutex
	next      int
	resources map[string]string
	tokens    map[string]string
	creates   map[string]int
	deletes   map[string]int
}

// New returns an empty Cloud.
func New() *Cloud {
	return &Cloud{resources: map[string]string{}, tokens: map[string]string{}, creates: map[string]int{}, deletes: map[string]int{}}
}

// Create makes a resource holding value and returns its ID. Like a real
// cloud API with idempotency tokens, a second Create with the same token
// returns the first resource's ID (if it still exists) without creating
// another.
func (c *Cloud) Create(token, value string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if id, ok := c.tokens[token]; ok {
		if _, exists := c.resources[id]; exists {
			return id
		}
	}
	c.next++
	id := fmt.Sprintf("res-%d", c.next)
	c.resources[id] = value
	c.tokens[token] = id
	c.creates[id]++
	return id
}

// Delete removes the resource id; it fails with ErrNotFound when there is no
// such resource. Every call is counted, successful or not.
func (c *Cloud) Delete(id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.deletes[id]++
	if _, ok := c.resources[id]; !ok {
		return fmt.Errorf("delete %s: %w", id, ErrNotFound)
	}
	delete(c.resources, id)
	return nil
}

// Exists reports whether resource id exists.
func (c *Cloud) Exists(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.resources[id]
	return ok
}

// Creates returns how many times resource id was created.
func (c *Cloud) Creates(id string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.creates[id]
}

// Deletes returns how many times deleting resource id was attempted,
// successfully or not.
func (c *Cloud) Deletes(id string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.deletes[id]
}
