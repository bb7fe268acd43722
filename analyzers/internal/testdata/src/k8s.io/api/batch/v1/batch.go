// Package v1 is a stub of k8s.io/api/batch/v1.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Job is a stub of batchv1.Job.
type Job struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec JobSpec
}

// JobSpec is a stub of batchv1.JobSpec.
type JobSpec struct {
	TTLSecondsAfterFinished *int32
}

func (in *Job) DeepCopyObject() runtime.Object { return in }
