// Operators with their own *bool helpers: boolPtr(true) and a niladic trueRef(), and a closure that builds the reference.
package literal

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func boolPtr(b bool) *bool { return &b }

func trueRef() *bool {
	t := true
	return &t
}

func podsFor(db *Database) []*corev1.Pod {
	mk := func(name string) *corev1.Pod {
		p := &corev1.Pod{}
		p.Name = name
		p.OwnerReferences = []metav1.OwnerReference{{ // want `controller owner reference without blockOwnerDeletion`
			Name:       db.Name,
			Controller: boolPtr(true),
		}}
		return p
	}
	first := mk("a")
	first.OwnerReferences = append(first.OwnerReferences, metav1.OwnerReference{Name: db.Name, Controller: trueRef()}) // want `controller owner reference without blockOwnerDeletion`
	return []*corev1.Pod{first}
}
