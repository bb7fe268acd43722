package reads

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// LoadInput reads through a closure keyed by its parameter, called with
// the name the Job's first input refers to: a dependency read, as if the
// Get were written in place.
func LoadInput(ctx context.Context, c client.Reader, job *Job) error { // want LoadInput:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	cm := &corev1.ConfigMap{}
	load := func(name string) error {
		return c.Get(ctx, types.NamespacedName{Namespace: job.Namespace, Name: name}, cm)
	}
	if len(job.Spec.Inputs) == 0 {
		return nil
	}
	return load(job.Spec.Inputs[0].Ref.Name)
}

// LoadDefaults calls the same kind of closure with a name made from the
// Job's own: no reference keys it.
func LoadDefaults(ctx context.Context, c client.Reader, job *Job) error { // want LoadDefaults:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	cm := &corev1.ConfigMap{}
	load := func(name string) error {
		return c.Get(ctx, types.NamespacedName{Namespace: job.Namespace, Name: name}, cm)
	}
	return load(job.Name + "-defaults")
}

// LoadNow calls a literal in place with the reference.
func LoadNow(ctx context.Context, c client.Reader, job *Job) error { // want LoadNow:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	return func(ref *KeyReference) error {
		return c.Get(ctx, types.NamespacedName{Namespace: ref.Namespace, Name: ref.Name}, &corev1.ConfigMap{})
	}(job.Spec.Inputs[0].Ref)
}
