package deletiontest

import "fmt"

// Capture is a TB that records a scenario's failure instead of failing the
// test, so that a test can assert the message itself.
type Capture struct {
	// Message is the first failure's text; empty when the scenario passed.
	Message string
}

type captured struct{}

// Helper does nothing.
func (*Capture) Helper() {}

// Fatalf records the message and stops the scenario.
func (c *Capture) Fatalf(format string, args ...any) {
	c.Message = fmt.Sprintf(format, args...)
	panic(captured{})
}

// Catch runs scenario with a Capture and returns its failure message, or ""
// when it passed.
func Catch(scenario func(TB)) (msg string) {
	c := &Capture{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(captured); !ok {
				panic(r)
			}
			msg = c.Message
		}
	}()
	scenario(c)
	return ""
}
