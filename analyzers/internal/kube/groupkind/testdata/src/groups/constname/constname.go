// want package:"group\\(batch.example.com/\\)"

// Package constname declares its group with a GroupName constant; its path names no version.
package constname

const GroupName = "batch.example.com"
