package retried

import (
	"context"
	"errors"
	"fmt"
	"log"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// bucketFor reads the ConfigMap that describes a's bucket and hands back
// the client's error as it is.
func (r *ArchiveReconciler) bucketFor(ctx context.Context, a *Archive) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, client.ObjectKey{Namespace: a.Namespace, Name: "bucket-" + a.Name}, cm)
	return cm, err
}

// latest re-reads an Archive.
func (r *ArchiveReconciler) latest(ctx context.Context, ns, name string) (*Archive, error) {
	a := &Archive{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: ns, Name: name}, a); err != nil {
		return nil, err
	}
	return a, nil
}

// credentials reads the Archive's credentials Secret into named results
// and hands a failure back, wrapped, with a bare return.
func (r *ArchiveReconciler) credentials(ctx context.Context, a *Archive) (user string, err error) {
	s := &corev1.Secret{}
	if err = r.Get(ctx, client.ObjectKey{Namespace: a.Namespace, Name: a.Name + "-credentials"}, s); err != nil {
		err = fmt.Errorf("reading credentials: %w", err)
		return
	}
	return string(s.Data["user"]), nil
}

// token reads the Archive's token Secret and, when that fails, hands back
// an error of its own instead of the client's: a retry all the same.
func (r *ArchiveReconciler) token(ctx context.Context, a *Archive) (string, error) {
	s := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: a.Namespace, Name: a.Name + "-token"}, s); err != nil {
		return "", errors.New("token not readable yet")
	}
	return string(s.Data["token"]), nil
}

// region reads the ConfigMap that names the Archive's region; a failed
// read means the default region, and only a later check's error is
// handed back.
func (r *ArchiveReconciler) region(ctx context.Context, a *Archive) (string, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, client.ObjectKey{Namespace: a.Namespace, Name: "region-" + a.Name}, cm)
	if err != nil {
		return "default", nil
	}
	err = checkRegion(cm.Data["region"])
	return cm.Data["region"], err
}

func checkRegion(name string) error {
	if name == "" {
		return errors.New("empty region")
	}
	return nil
}

// session reads the optional settings ConfigMap, only logging a failure
// (its error is assigned anew before anything reads it), then the session
// Secret, whose failure it hands back as it is.
func (r *ArchiveReconciler) session(ctx context.Context, a *Archive) (string, error) {
	cm := &corev1.ConfigMap{}
	err := r.Get(ctx, client.ObjectKey{Namespace: a.Namespace, Name: "settings-" + a.Name}, cm)
	if err != nil {
		log.Printf("no settings for %s: %v", a.Name, err)
	}
	s := &corev1.Secret{}
	err = r.Get(ctx, client.ObjectKey{Namespace: a.Namespace, Name: a.Name + "-session"}, s)
	return string(s.Data["session"]) + cm.Data["suffix"], err
}

// settingsOnly reads the optional settings ConfigMap and only logs a
// failure: no error of the read reaches its result.
func (r *ArchiveReconciler) settingsOnly(ctx context.Context, a *Archive) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: a.Namespace, Name: "settings-" + a.Name}, cm); err != nil {
		log.Printf("no settings for %s: %v", a.Name, err)
	}
	return checkRegion(cm.Data["region"])
}
