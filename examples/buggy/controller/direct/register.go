package direct

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"github.com/deletionlint/deletionlint/examples/buggy/controller/direct/bucketpolicy"
	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
	"github.com/deletionlint/deletionlint/examples/pkg/cloud"
	"github.com/deletionlint/deletionlint/examples/pkg/controller/direct/bucket"
	"github.com/deletionlint/deletionlint/examples/pkg/controller/direct/directbase"
)

// AddToManager registers a direct controller with mgr for each kind of
// cloud resource; their adapters talk to sky.
func AddToManager(mgr ctrl.Manager, sky *cloud.Cloud) error {
	models := []struct {
		kind  string
		model directbase.Model
	}{
		{"Bucket", &bucket.Model{Cloud: sky}},
		{"BucketPolicy", &bucketpolicy.Model{Cloud: sky}},
	}
	for _, m := range models {
		r := &Reconciler{Client: mgr.GetClient(), GVK: hostingv1alpha1.GroupVersion.WithKind(m.kind), Model: m.model}
		if err := r.SetupWithManager(mgr); err != nil {
			return err
		}
	}
	return nil
}
