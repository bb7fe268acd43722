package reads

import (
	"context"
	"log"
	"strconv"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reproduces helpers that call a resolver and only log its failure. When
// the error variable is assigned anew before anything reads it again, or
// was declared by the if's own statement, the resolver's not-found never
// reaches the helper's result; when the helper returns the same variable
// after logging it, it hands the not-found on.

// LoggedThenOverwritten logs the parent's absence and goes on with a
// setting of its own, whose error reuses the variable.
func LoggedThenOverwritten(ctx context.Context, c client.Reader, ref *ParentRef, setting string) (int, error) {
	name, err := ByRef(ctx, c, ref)
	if err != nil {
		log.Printf("parent of %s: %v", name, err)
	}
	n, err := strconv.Atoi(setting)
	if err != nil {
		return 0, err
	}
	return n, nil
}

// LoggedInIf logs the parent's absence, its error scoped to the if.
func LoggedInIf(ctx context.Context, c client.Reader, ref *ParentRef) error {
	if _, err := ByRef(ctx, c, ref); err != nil {
		log.Printf("parent: %v", err)
	}
	return nil
}

// LoggedThenReturned logs the parent's absence and returns it anyway.
func LoggedThenReturned(ctx context.Context, c client.Reader, ref *ParentRef) (string, error) { // want LoggedThenReturned:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"` LoggedThenReturned:`keyFrom\(\[2\]\)`
	name, err := ByRef(ctx, c, ref)
	if err != nil {
		log.Printf("parent: %v", err)
	}
	return name, err
}

// LoggedThenRead logs the parent's absence, then wraps the same error.
func LoggedThenRead(ctx context.Context, c client.Reader, ref *ParentRef) (string, error) { // want LoggedThenRead:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"` LoggedThenRead:`keyFrom\(\[2\]\)`
	name, err := ByRef(ctx, c, ref)
	if err != nil {
		log.Printf("parent: %v", err)
	}
	name, err = name+"-suffix", wrap(err)
	return name, err
}

func wrap(err error) error { return err }
