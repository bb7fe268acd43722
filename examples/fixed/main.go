// Command fixed runs the example hosting operator with every finding of
// deletionlint on the buggy directory's copy fixed, mostly with the helpers
// of the deletionlint runtime module.
package main

import (
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/deletionlint/deletionlint/examples/fixed/controller"
	"github.com/deletionlint/deletionlint/examples/fixed/controller/direct"
	hostingv1alpha1 "github.com/deletionlint/deletionlint/examples/pkg/apis/hosting/v1alpha1"
	"github.com/deletionlint/deletionlint/examples/pkg/cloud"
)

func main() {
	ctrl.SetLogger(zap.New())
	logger := ctrl.Log.WithName("setup")

	scheme := runtime.NewScheme()
	utilruntime.Must(clientgoscheme.AddToScheme(scheme))
	utilruntime.Must(hostingv1alpha1.AddToScheme(scheme))

	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{Scheme: scheme})
	if err != nil {
		logger.Error(err, "creating manager")
		os.Exit(1)
	}

	sky := cloud.New()
	controllers := []interface{ SetupWithManager(ctrl.Manager) error }{
		&controller.WebsiteReconciler{Client: mgr.GetClient()},
		&controller.RouteReconciler{Client: mgr.GetClient(), DNS: sky},
		&controller.SiteConfigReconciler{Client: mgr.GetClient()},
	}
	for _, c := range controllers {
		if err := c.SetupWithManager(mgr); err != nil {
			logger.Error(err, "setting up controller")
			os.Exit(1)
		}
	}
	if err := direct.AddToManager(mgr, sky); err != nil {
		logger.Error(err, "setting up direct controllers")
		os.Exit(1)
	}

	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		logger.Error(err, "running manager")
		os.Exit(1)
	}
}
