// Package cloud is an in-memory stand-in for a cloud provider's API: storage
// buckets, access policies on buckets and public DNS records. The example
// operator's controllers and adapters talk to it as they would talk to a real
// cloud, so the example runs without credentials.
package cloud

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
)

// ErrNotFound is returned (wrapped) when a resource does not exist.
var ErrNotFound = errors.New("not found")

// Bucket is a storage bucket.
type Bucket struct {
	// ID is the bucket's unique name in the cloud.
	ID string
	// Location is the region that holds the bucket.
	Location string
}

// BucketPolicy is the access policy of one bucket.
type BucketPolicy struct {
	// ID is the policy's name: its bucket's ID followed by "/policy".
	ID string
	// BucketID is the bucket the policy applies to.
	BucketID string
	// PublicRead lets anyone read the bucket's objects.
	PublicRead bool
}

// DNSRecord is a public DNS record.
type DNSRecord struct {
	// ID is the record's name in the cloud.
	ID string
	// Hostname is the published name.
	Hostname string
	// Target is the name the record points at.
	Target string
	// Tags are free-form labels kept with the record.
	Tags map[string]string
}

// Cloud holds the resources of one in-memory cloud. It is safe for
// concurrent use.
type Cloud struct {
	mu       sync.Mutex
	buckets  map[string]Bucket
	policies map[string]BucketPolicy
	records  map[string]DNSRecord
}

// New returns an empty cloud.
func New() *Cloud {
	return &Cloud{
		buckets:  make(map[string]Bucket),
		policies: make(map[string]BucketPolicy),
		records:  make(map[string]DNSRecord),
	}
}

// BucketID returns the ID of the bucket name in project.
func BucketID(project, name string) string { return "projects/" + project + "/buckets/" + name }

// PolicyID returns the ID of the policy of bucket bucketID.
func PolicyID(bucketID string) string { return bucketID + "/policy" }

// CreateBucket creates a bucket.
func (c *Cloud) CreateBucket(_ context.Context, b Bucket) (Bucket, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.buckets[b.ID]; ok {
		return Bucket{}, fmt.Errorf("bucket %s already exists", b.ID)
	}
	c.buckets[b.ID] = b
	return b, nil
}

// GetBucket returns the bucket id.
func (c *Cloud) GetBucket(_ context.Context, id string) (Bucket, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.buckets[id]
	if !ok {
		return Bucket{}, fmt.Errorf("bucket %s: %w", id, ErrNotFound)
	}
	return b, nil
}

// DeleteBucket deletes the bucket id. A bucket that still has a policy
// cannot be deleted.
func (c *Cloud) DeleteBucket(_ context.Context, id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.buckets[id]; !ok {
		return fmt.Errorf("bucket %s: %w", id, ErrNotFound)
	}
	if _, ok := c.policies[PolicyID(id)]; ok {
		return fmt.Errorf("bucket %s still has a policy", id)
	}
	delete(c.buckets, id)
	return nil
}

// SetBucketPolicy creates or replaces the policy of a bucket.
func (c *Cloud) SetBucketPolicy(_ context.Context, p BucketPolicy) (BucketPolicy, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.buckets[p.BucketID]; !ok {
		return BucketPolicy{}, fmt.Errorf("bucket %s: %w", p.BucketID, ErrNotFound)
	}
	p.ID = PolicyID(p.BucketID)
	c.policies[p.ID] = p
	return p, nil
}

// GetBucketPolicy returns the policy id.
func (c *Cloud) GetBucketPolicy(_ context.Context, id string) (BucketPolicy, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.policies[id]
	if !ok {
		return BucketPolicy{}, fmt.Errorf("bucket policy %s: %w", id, ErrNotFound)
	}
	return p, nil
}

// DeleteBucketPolicy deletes the policy id.
func (c *Cloud) DeleteBucketPolicy(_ context.Context, id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.policies[id]; !ok {
		return fmt.Errorf("bucket policy %s: %w", id, ErrNotFound)
	}
	delete(c.policies, id)
	return nil
}

// UpsertRecord creates or replaces the DNS record for r.Hostname and returns
// it with its ID set.
func (c *Cloud) UpsertRecord(_ context.Context, r DNSRecord) (DNSRecord, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r.ID = "records/" + r.Hostname
	r.Tags = maps.Clone(r.Tags)
	c.records[r.ID] = r
	return r, nil
}

// DeleteRecord deletes the DNS record id.
func (c *Cloud) DeleteRecord(_ context.Context, id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.records[id]; !ok {
		return fmt.Errorf("record %s: %w", id, ErrNotFound)
	}
	delete(c.records, id)
	return nil
}

// IDs returns the IDs of every bucket, bucket policy and DNS record that
// exists, sorted: after a test deletes what an operator manages, whatever is
// left has leaked.
func (c *Cloud) IDs() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	ids := slices.Concat(slices.Collect(maps.Keys(c.buckets)), slices.Collect(maps.Keys(c.policies)), slices.Collect(maps.Keys(c.records)))
	slices.Sort(ids)
	return ids
}
