// Reproduces an installer that replaces Jobs through controllers a generator wrote outside any typed/ directory (the namespace before the name, options by pointer) and cleans up through a clientset older than client-go v0.18: without a propagation policy each orphans the Jobs' Pods; with one, or for ConfigMaps, it is silent.
package jobs

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gen "foregrounddeletion/jobs/generated/controllers/batch/v1"
	legacy "foregrounddeletion/jobs/legacy/typed/batch/v1"
)

// replacer replaces the Jobs of an install through generated controllers,
// and cleans up through a clientset older than client-go v0.18.
type replacer struct {
	jobs    gen.JobController
	configs gen.ConfigMapController
	batch   legacy.BatchV1Interface
}

func (r *replacer) replace(namespace, name string) error {
	return r.jobs.Delete(namespace, name, &metav1.DeleteOptions{}) // want `this Delete of a Job passes no propagation policy: .*; set PropagationPolicy in its metav1.DeleteOptions to metav1.DeletePropagationBackground`
}

func (r *replacer) replaceWithPods(namespace, name string) error {
	background := metav1.DeletePropagationBackground
	return r.jobs.Delete(namespace, name, &metav1.DeleteOptions{PropagationPolicy: &background})
}

func (r *replacer) dropConfig(namespace, name string) error {
	return r.configs.Delete(namespace, name, &metav1.DeleteOptions{})
}

func (r *replacer) cleanUp(namespace, name string) error {
	if err := r.batch.Jobs(namespace).Delete(name, &metav1.DeleteOptions{}); err != nil { // want `this Delete of a Job passes no propagation policy`
		return err
	}
	return r.batch.Jobs(namespace).DeleteCollection(&metav1.DeleteOptions{}, metav1.ListOptions{LabelSelector: "install=" + name}) // want `this Delete of a Job passes no propagation policy`
}

func (r *replacer) cleanUpWithPods(namespace, name string) error {
	foreground := metav1.DeletePropagationForeground
	return r.batch.Jobs(namespace).Delete(name, &metav1.DeleteOptions{PropagationPolicy: &foreground})
}
