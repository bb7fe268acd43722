// Package vaultops marks vaults failed: their readiness goes back to false.
package vaultops

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Vault struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Status VaultStatus
}

type VaultStatus struct {
	Ready bool
	Error string
}

func (in *Vault) DeepCopyObject() runtime.Object { return in }

// MarkFailed records a failure; the vault is no longer ready.
func MarkFailed(v *Vault, msg string) {
	v.Status.Ready = false
	v.Status.Error = msg
}

// MarkReady records that the vault is usable.
func MarkReady(v *Vault) { v.Status.Ready = true }
