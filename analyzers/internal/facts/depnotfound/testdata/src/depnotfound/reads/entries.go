package reads

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Job is a KRM object whose spec lists the ConfigMaps it takes its inputs
// from, each entry a key reference of its own.
type Job struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec JobSpec
}

func (in *Job) DeepCopyObject() runtime.Object { return in }

// JobSpec is Job's spec, handed to helpers by value.
type JobSpec struct {
	Inputs []Input
}

// Input is one entry of the spec's list: not an object, a part of the Job.
type Input struct {
	Format string
	Ref    *KeyReference
}

// KeyReference names a key of a ConfigMap.
type KeyReference struct{ Name, Namespace, Key string }

// Inputs reads the ConfigMap each entry of the spec it is handed names:
// the entries are its caller's references, so it reads dependencies
// wherever the spec passed is not a listed peer's.
func Inputs(ctx context.Context, c client.Reader, spec JobSpec) ([]string, error) { // want Inputs:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	var out []string
	for _, in := range spec.Inputs {
		switch in.Format {
		case "json":
			r := in.Ref
			cm := &corev1.ConfigMap{}
			if err := c.Get(ctx, types.NamespacedName{Namespace: r.Namespace, Name: r.Name}, cm); err != nil {
				return nil, fmt.Errorf("input %s: %w", r.Name, err)
			}
			out = append(out, cm.Data[r.Key])
		}
	}
	return out, nil
}

// JobInputs hands Inputs the spec of the Job it is handed: a dependency read
// wherever that Job is not a listed peer.
func JobInputs(ctx context.Context, c client.Reader, job *Job) ([]string, error) { // want JobInputs:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	return Inputs(ctx, c, job.Spec)
}

// FirstInput reads the first entry's ConfigMap by index: the entry is the
// Job's, and so is the read.
func FirstInput(ctx context.Context, c client.Reader, job *Job) (string, error) { // want FirstInput:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap\)`
	if len(job.Spec.Inputs) == 0 {
		return "", nil
	}
	r := job.Spec.Inputs[0].Ref
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: r.Namespace, Name: r.Name}, cm); err != nil {
		return "", err
	}
	return cm.Data[r.Key], nil
}

// PeerInputs reads the inputs of Jobs found in a list: the entries are the
// peers' references, not a dependency of the caller.
func PeerInputs(ctx context.Context, c client.Reader, peers []Job) error { // want PeerInputs:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	for _, p := range peers {
		for _, in := range p.Spec.Inputs {
			cm := &corev1.ConfigMap{}
			if err := c.Get(ctx, types.NamespacedName{Namespace: in.Ref.Namespace, Name: in.Ref.Name}, cm); err != nil {
				return err
			}
		}
	}
	return nil
}

// PeerSpecs hands Inputs the spec of each Job found in a list: the peers'
// references again.
func PeerSpecs(ctx context.Context, c client.Reader, peers []Job) error { // want PeerSpecs:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], reads k8s.io/api/core/v1.ConfigMap\)`
	for i := range peers {
		if _, err := Inputs(ctx, c, peers[i].Spec); err != nil {
			return err
		}
	}
	return nil
}

// OwnInputs reads the inputs of the Job it fetched itself: its own
// dependencies, whoever calls it.
func OwnInputs(ctx context.Context, c client.Reader, key types.NamespacedName) error { // want OwnInputs:`depNotFound\(why="referenced object not found", get="client.Reader.Get", needs=\[Get\], reads k8s.io/api/core/v1.ConfigMap\)`
	job := &Job{}
	if err := c.Get(ctx, key, job); err != nil {
		return client.IgnoreNotFound(err)
	}
	_, err := Inputs(ctx, c, job.Spec)
	return err
}

// ListedInputs ranges over entries a helper returns: whose list they come
// from is not known here, so they are taken for a peer's, as any element
// of a list is.
func ListedInputs(ctx context.Context, c client.Reader, job *Job) error { // want ListedInputs:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\]\)`
	for _, in := range inputsOf(job) {
		if err := c.Get(ctx, types.NamespacedName{Namespace: in.Ref.Namespace, Name: in.Ref.Name}, &corev1.ConfigMap{}); err != nil {
			return err
		}
	}
	return nil
}

func inputsOf(job *Job) []Input { return job.Spec.Inputs }
