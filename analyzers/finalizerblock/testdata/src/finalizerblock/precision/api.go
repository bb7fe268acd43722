// Package precision holds the shapes of correct deletion code, met in real // want package:`waits\(finalizerblock/precision.Member waits for k8s.io/api/core/v1.Pod\)` package:`order\(Member needs Cluster, Member needs ConfigMap, Member needs Secret; releases Member\)`
// operators, that finalizerblock must leave alone.
package precision

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

const finalizerName = "example.com/cleanup"

// Member is one of a group of peers; each has its own credentials Secret.
type Member struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   MemberSpec
	Status MemberStatus
}

type MemberSpec struct {
	Group           string
	CredentialsName string
	UpstreamName    string
}

type MemberStatus struct {
	Ready bool
}

func (in *Member) DeepCopyObject() runtime.Object { return in }

type MemberList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Member
}

func (in *MemberList) DeepCopyObject() runtime.Object { return in }
