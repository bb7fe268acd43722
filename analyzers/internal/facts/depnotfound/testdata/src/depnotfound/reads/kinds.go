package reads

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Account is a KRM object whose spec names its credentials and settings.
type Account struct {
	metav1.ObjectMeta
	Spec struct {
		CredentialsRef corev1.SecretReference
		SettingsRef    corev1.SecretReference
	}
}

// credentials reads the Secret the spec names: the fact says which kind.
func credentials(ctx context.Context, c client.Reader, a *Account) ([]byte, error) { // want credentials:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.Secret\)`
	s := &corev1.Secret{}
	if err := c.Get(ctx, types.NamespacedName{Name: a.Spec.CredentialsRef.Name, Namespace: a.Namespace}, s); err != nil {
		return nil, fmt.Errorf("reading credentials: %w", err)
	}
	return s.Data["token"], nil
}

// Login reads it one call down: the kind carries to the caller.
func Login(ctx context.Context, c client.Reader, a *Account) error { // want Login:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.Secret\)`
	token, err := credentials(ctx, c, a)
	if err != nil {
		return err
	}
	_ = token
	return nil
}

// Configure reads a Secret and a ConfigMap: no one kind names what is
// missing.
func Configure(ctx context.Context, c client.Reader, a *Account) error { // want Configure:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found"\)`
	if err := Login(ctx, c, a); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{}
	return c.Get(ctx, types.NamespacedName{Name: a.Spec.SettingsRef.Name, Namespace: a.Namespace}, cm)
}

// Tuned answers a missing ConfigMap with no settings and hands on Login's
// errors: only the Secret's not-found reaches its callers, so the fact
// names that kind alone.
func Tuned(ctx context.Context, c client.Reader, a *Account) (*corev1.ConfigMap, error) { // want Tuned:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.Secret\)`
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Name: a.Spec.SettingsRef.Name, Namespace: a.Namespace}, cm); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	if err := Login(ctx, c, a); err != nil {
		return nil, err
	}
	return cm, nil
}

// Settings answers a missing ConfigMap with none and hands nothing on: its
// callers see the absence in its result, and the fact names the kind.
func Settings(ctx context.Context, c client.Reader, a *Account) (*corev1.ConfigMap, error) { // want Settings:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap, nil when gone\)`
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Name: a.Spec.SettingsRef.Name, Namespace: a.Namespace}, cm); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	return cm, nil
}

// LoginAll logs each account in and skips those that fail: no error of
// Login reaches its result, so it produces nothing (no fact).
func LoginAll(ctx context.Context, c client.Reader, accounts []*Account) error {
	for _, a := range accounts {
		err := Login(ctx, c, a)
		if err != nil {
			fmt.Println("skipping account:", err)
			continue
		}
	}
	return nil
}

// LoginFirst stops at the first account that fails and returns its error
// after the loop: Login's not-found reaches its result.
func LoginFirst(ctx context.Context, c client.Reader, accounts []*Account) error { // want LoginFirst:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], reads k8s.io/api/core/v1.Secret\)`
	var err error
	for _, a := range accounts {
		if err = Login(ctx, c, a); err != nil {
			break
		}
	}
	return err
}

// TryLogin gives up quietly: a return with no error drops Login's.
func TryLogin(ctx context.Context, c client.Reader, a *Account) (bool, error) {
	if err := Login(ctx, c, a); err != nil {
		return false, nil
	}
	return true, nil
}

// LoginEach goes on past a failed login but collects the error and returns
// them all: Login's not-found reaches its result.
func LoginEach(ctx context.Context, c client.Reader, accounts []*Account) error { // want LoginEach:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], reads k8s.io/api/core/v1.Secret\)`
	var errs []error
	for _, a := range accounts {
		if err := Login(ctx, c, a); err != nil {
			errs = append(errs, err)
			continue
		}
	}
	return errors.Join(errs...)
}

// SettingsOrNone answers every failure of its read, a missing ConfigMap's
// too, with none and a nil error: as Settings, its callers see the
// absence in its result.
func SettingsOrNone(ctx context.Context, c client.Reader, a *Account) (*corev1.ConfigMap, error) { // want SettingsOrNone:`depNotFound\(why="", get="client.Reader.Get", needs=\[Get\], if param 2 is not listed: "referenced object not found", reads k8s.io/api/core/v1.ConfigMap, nil when gone\)`
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Name: a.Spec.SettingsRef.Name, Namespace: a.Namespace}, cm); err != nil {
		return nil, nil
	}
	return cm, nil
}

// SettingsOrDefault answers every failure with an empty ConfigMap: no
// caller sees the ConfigMap gone, so it produces nothing (no fact).
func SettingsOrDefault(ctx context.Context, c client.Reader, a *Account) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, types.NamespacedName{Name: a.Spec.SettingsRef.Name, Namespace: a.Namespace}, cm); err != nil {
		return &corev1.ConfigMap{}, nil
	}
	return cm, nil
}
